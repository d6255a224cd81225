/** Canton's HTTP status per error category and per gRPC code (facts: GrpcHttpErrorCodes.asPekkoHttp). */
export const httpStatusOfCategory: Record<number, number> = {
  1: 503, 2: 409, 3: 504, 4: 500, 5: 400, 6: 401, 7: 403, 8: 400, 9: 400, 10: 409, 11: 404, 12: 400, 14: 501,
};

export const httpStatusOfGrpcCode: Record<number, number> = {
  0: 200, 1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401,
};
