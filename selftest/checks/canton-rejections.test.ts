/** How the canton profile expects Canton 3.5 to reject each kind of invalid input (checks/canton-rejections.ts). */
import { describe, expect, it } from 'vitest';
import { cantonRejectionOf, type CantonRejection } from '../../checks/canton-rejections.js';
import type { InvalidTag, Violation } from '../../generators/index.js';
import { brokenDarKinds } from '../../generators/dar/builder.js';
import { isClauseId } from '../../specification/clauses.js';

const tag = (violation: Violation, name: string, kind: InvalidTag['part']['kind'] = 'body'): InvalidTag => ({
  clauseId: 'submit-and-wait.exists',
  rule: 'a hand-made rule',
  violation,
  part: { kind, name },
});

/** cantonRejectionOf, checking that the clause it names is in the registry. */
function rejectionOf(...args: Parameters<typeof cantonRejectionOf>): CantonRejection {
  const rejection = cantonRejectionOf(...args);
  if (rejection.form !== 'either') expect(isClauseId(rejection.cantonClauseId), rejection.cantonClauseId).toBe(true);
  return rejection;
}

const EITHER: CantonRejection = { form: 'either' };
const text = (cantonClauseId: string) => ({ form: 'text', cantonClauseId });

describe('cantonRejectionOf', () => {
  it('a value of the wrong type or a bad timestamp is a 400 decode failure (text)', () => {
    expect(rejectionOf(tag({ kind: 'wrong-type', expected: 'string' }, 'commandId'), 'submit-and-wait')).toEqual(
      text('canton.errors.400-text.json-path-detail'),
    );
    expect(rejectionOf(tag({ kind: 'wrong-type', expected: 'integer' }, 'offset'), 'update-by-offset')).toEqual(
      text('canton.errors.400-text.json-path-detail'),
    );
    expect(rejectionOf(tag({ kind: 'timestamp' }, 'minLedgerTimeAbs'), 'submit-and-wait')).toEqual(
      text('canton.errors.400-text.body-format'),
    );
  });

  it('a missing field is a decode failure only in the hand-written request types', () => {
    const missing: Violation = { kind: 'missing' };
    expect(rejectionOf(tag(missing, 'commandId'), 'submit-and-wait')).toEqual(text('canton.submit-and-wait.missing-field-text-400'));
    expect(rejectionOf(tag(missing, 'actAs'), 'submit-and-wait')).toEqual(text('canton.submit-and-wait.missing-field-text-400'));
    expect(rejectionOf(tag(missing, 'commands[0].CreateCommand.templateId'), 'submit-and-wait')).toEqual(
      text('canton.errors.400-text.json-path-detail'),
    );
    expect(rejectionOf(tag(missing, 'deduplicationPeriod'), 'execute')).toEqual(text('canton.errors.400-text.json-path-detail'));
    // Protobuf-derived types fill a default and fail later (or not at all).
    expect(rejectionOf(tag(missing, 'userId'), 'submit-and-wait')).toEqual(EITHER);
    expect(rejectionOf(tag(missing, 'commandIdentifier'), 'submit-and-wait')).toEqual(EITHER);
    expect(rejectionOf(tag(missing, 'commandId'), 'execute')).toEqual(EITHER);
    expect(rejectionOf(tag(missing, 'offset'), 'update-by-offset')).toEqual(EITHER);
  });

  it("an unknown command key is circe's text; other union problems are not pinned down", () => {
    expect(rejectionOf(tag({ kind: 'union', problem: 'unknown-key' }, 'commands[2]'), 'submit-and-wait')).toEqual(
      text('canton.submit-and-wait.unknown-command-key-400'),
    );
    expect(rejectionOf(tag({ kind: 'union', problem: 'several-keys' }, 'commands[0]'), 'submit-and-wait')).toEqual(EITHER);
    expect(rejectionOf(tag({ kind: 'union', problem: 'unknown-key' }, 'deduplicationPeriod'), 'submit-and-wait')).toEqual(EITHER);
    expect(rejectionOf(tag({ kind: 'union', problem: 'unknown-key' }, 'commands[0]'), 'execute')).toEqual(EITHER);
  });

  it('a template id without three parts is the identifier-format text; other format breaks are not pinned down', () => {
    const identifier: Violation = { kind: 'format', format: 'qualified-identifier', how: 'malformed' };
    const at = 'commands[0].CreateCommand.templateId';
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait', 'Iou')).toEqual(text('canton.daml-lf.template-id-format'));
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait', 'a:b:c:d')).toEqual(text('canton.daml-lf.template-id-format'));
    // Java's split drops trailing empty parts: `#pkg:Iou:` is two parts (text), `#pkg:Iou:Iou:` three (not text).
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait', '#pkg:Iou:')).toEqual(text('canton.daml-lf.template-id-format'));
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait', '#pkg:Iou:Iou:')).toEqual(EITHER);
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait', '#pkg::Iou')).toEqual(EITHER);
    expect(rejectionOf(tag(identifier, at), 'submit-and-wait')).toEqual(EITHER);
    expect(rejectionOf(tag(identifier, at), 'execute', 'Iou')).toEqual(EITHER);
    expect(
      rejectionOf(tag({ kind: 'format', format: 'ledger-string', how: 'too-long' }, 'commandId'), 'submit-and-wait', 'x'.repeat(256)),
    ).toEqual(EITHER);
  });

  it('an empty list of submit-and-wait is MISSING_FIELD (category 8, 400)', () => {
    expect(rejectionOf(tag({ kind: 'empty-list' }, 'commands'), 'submit-and-wait')).toEqual({
      form: 'error',
      code: 'MISSING_FIELD',
      cantonClauseId: 'canton.errors.category-8-400',
    });
    expect(rejectionOf(tag({ kind: 'empty-list' }, 'partySignatures.signatures'), 'execute')).toEqual(EITHER);
  });

  it('each broken DAR has its code', () => {
    const expected: Record<string, [string | string[], string]> = {
      'not-a-zip': ['INVALID_DAR', 'canton.dars.invalid-dar-400'],
      empty: ['INVALID_DAR', 'canton.dars.invalid-dar-400'],
      'no-manifest': ['INVALID_DAR', 'canton.dars.invalid-dar-400'],
      'manifest-missing-main-dalf': ['INVALID_DAR', 'canton.dars.invalid-dar-400'],
      'manifest-wrong-format': ['INVALID_DAR', 'canton.dars.invalid-dar-400'],
      'missing-dalf': ['INVALID_ZIP_ENTRY', 'canton.dars.invalid-zip-entry-400'],
      'hash-mismatch': ['DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'],
      'bad-archive-protobuf': ['DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'],
      'lf2-text-payload': ['DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'],
      // FF8: an LF1 payload that does not decode is a parse error too.
      'lf1-text-payload': ['DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'],
      // Written to decode (then the version is refused), but a DecodeV1 that refuses it still refuses the LF1 DAR.
      'lf1-payload': [['ALLOWED_LANGUAGE_VERSIONS', 'DAR_PARSE_ERROR'], 'canton.dars.lf1-rejected-400'],
    };
    expect(Object.keys(expected).sort()).toEqual([...brokenDarKinds].sort());
    for (const problem of brokenDarKinds) {
      const [code, cantonClauseId] = expected[problem]!;
      expect(rejectionOf(tag({ kind: 'dar', problem }, 'body'), 'dars-upload')).toEqual({ form: 'error', code, cantonClauseId });
    }
  });

  it('a malformed boolean query parameter is the query-parameter text; other parameters are not pinned down', () => {
    expect(rejectionOf(tag({ kind: 'parameter', expected: 'boolean' }, 'vetAllPackages', 'query'), 'dars-upload')).toEqual(
      text('canton.dars.vetAllPackages-malformed-400-text'),
    );
    expect(rejectionOf(tag({ kind: 'parameter', expected: 'int64' }, 'offset', 'path'), 'update-by-offset')).toEqual(EITHER);
    expect(rejectionOf(tag({ kind: 'parameter', expected: 'boolean' }, 'flag', 'path'), 'dars-upload')).toEqual(EITHER);
  });

  it('enum, range and empty-string violations are not pinned down', () => {
    for (const violation of [{ kind: 'enum' }, { kind: 'range', bound: 'int64' }, { kind: 'empty-string' }] as Violation[]) {
      expect(rejectionOf(tag(violation, 'commandId'), 'submit-and-wait')).toEqual(EITHER);
    }
  });
});
