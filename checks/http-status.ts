/** Canton's HTTP status per error category and per gRPC code (facts: GrpcHttpErrorCodes.asPekkoHttp). */
const STATUS_OF_CATEGORY = {
  1: 503,
  2: 409,
  3: 504,
  4: 500,
  5: 400,
  6: 401,
  7: 403,
  8: 400,
  9: 400,
  10: 409,
  11: 404,
  12: 400,
  14: 501,
} as const;

export type ErrorCategory = keyof typeof STATUS_OF_CATEGORY;

/** The status of a category an error body names (undefined for one Canton does not define). */
export const httpStatusOfCategory: Readonly<Record<number, number>> = STATUS_OF_CATEGORY;

/** The status Canton answers an error of `category` with. */
export function statusOfCategory(category: ErrorCategory): number {
  return STATUS_OF_CATEGORY[category];
}

export const httpStatusOfGrpcCode: Readonly<Record<number, number>> = {
  0: 200,
  1: 499,
  2: 500,
  3: 400,
  4: 504,
  5: 404,
  6: 409,
  7: 403,
  8: 429,
  9: 400,
  10: 409,
  11: 400,
  12: 501,
  13: 500,
  14: 503,
  15: 500,
  16: 401,
};
