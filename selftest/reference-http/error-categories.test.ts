/**
 * The error-category → gRPC code / HTTP status table exists twice on purpose: `specification/error-codes.ts` (what the
 * checks hold a target to; every layer but the reference may import it) and `reference/canton-errors.ts` (what the reference
 * target answers; the reference imports nothing from specification/, lint/architecture-rules.js). This self-test holds
 * the two equal, category by category, and every error code the reference raises to the category the taxonomy gives it.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCategories, ErrorCodes } from '../../reference/canton-errors.js';
import { cantonErrorCategories, cantonErrorCodes } from '../../specification/error-codes.js';

describe('error categories: the reference target and the taxonomy agree', () => {
  it('the same categories, each with the same id, gRPC code, HTTP status, retryability and redaction', () => {
    expect(Object.keys(ErrorCategories).sort()).toEqual(Object.keys(cantonErrorCategories).sort());
    for (const [name, category] of Object.entries(cantonErrorCategories)) {
      const { id, grpcCode, httpStatus, retryable, redacted } = category;
      expect(ErrorCategories[name as keyof typeof ErrorCategories], name).toEqual({ id, grpcCode, httpStatus, retryable, redacted });
    }
  });

  it('every code the reference raises that the taxonomy lists has the taxonomy category', () => {
    const shared = Object.entries(ErrorCodes).filter(([code]) => cantonErrorCodes[code] !== undefined);
    expect(shared.length).toBeGreaterThan(30);
    for (const [code, category] of shared) expect(category.id, code).toBe(cantonErrorCodes[code]!.category.id);
  });
});
