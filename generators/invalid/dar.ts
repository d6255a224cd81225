/**
 * DAR bodies that break exactly one rule of the DAR format (built by `generators/dar/builder.ts`).
 * The spec only says the body is "the binary DAR"; which error each break yields is Canton behaviour,
 * hence the `canton.` clauses (facts: canton-json-api.md §7).
 */
import fc from 'fast-check';
import { buildBrokenDar, type BrokenDarKind } from '../dar/builder.js';
import type { InvalidValue } from './mutation.js';

const RULES: { kind: BrokenDarKind; clauseId: string; rule: string }[] = [
  { kind: 'not-a-zip', clauseId: 'canton.dars.invalid-dar-400', rule: 'body that is not a zip archive' },
  { kind: 'empty', clauseId: 'canton.dars.invalid-dar-400', rule: 'empty body' },
  { kind: 'no-manifest', clauseId: 'canton.dars.invalid-dar-400', rule: 'zip without META-INF/MANIFEST.MF' },
  { kind: 'manifest-missing-main-dalf', clauseId: 'canton.dars.invalid-dar-400', rule: 'manifest without Main-Dalf' },
  { kind: 'manifest-wrong-format', clauseId: 'canton.dars.invalid-dar-400', rule: 'manifest Format other than daml-lf' },
  { kind: 'missing-dalf', clauseId: 'canton.dars.invalid-zip-entry-400', rule: 'manifest names a DALF the zip lacks' },
  { kind: 'hash-mismatch', clauseId: 'canton.dars.dar-parse-error-400', rule: 'DALF hash differs from the SHA-256 of its payload' },
  { kind: 'bad-archive-protobuf', clauseId: 'canton.dars.dar-parse-error-400', rule: 'DALF that is not an Archive protobuf' },
  { kind: 'lf2-text-payload', clauseId: 'canton.dars.dar-parse-error-400', rule: 'DALF whose Daml-LF 2 package is English text' },
  { kind: 'lf1-text-payload', clauseId: 'canton.dars.dar-parse-error-400', rule: 'DALF whose Daml-LF 1 package is English text' },
  { kind: 'lf1-payload', clauseId: 'canton.dars.lf1-rejected-400', rule: 'DALF of a Daml-LF 1 package that decodes' },
];

/** One arbitrary per broken kind; the bytes of each kind are fixed, so there is nothing to shrink. */
export function invalidDarRules(): fc.Arbitrary<InvalidValue<Uint8Array>>[] {
  return RULES.map(({ kind, clauseId, rule }) => {
    const bytes = buildBrokenDar(kind);
    return fc.constant({ clauseId, rule, part: { kind: 'body', name: 'body' }, value: bytes } as InvalidValue<Uint8Array>);
  });
}
