/**
 * How Canton 3.5 rejects each kind of invalid input (canton profile), dispatched on the generators'
 * structured violation, the endpoint and the field — never on the rule's prose.
 *
 * Facts (canton-json-api.md §2, §7): decode failures are 400 text/plain `Invalid value for: body (<detail>)`
 * with circe's `at '<path>'`; the hand-written request types (JsCommands, JsCommand.*, JsExecuteSubmissionRequest)
 * fail on a missing field there, while the protobuf-derived ones (Canton's relaxed codec) fill a missing string,
 * list or number with its default and fail later, in gRPC validation (JSON 400) — but a missing enum is filled
 * with an object the string enum decoder refuses, so it is a decode failure (text) after all. DAR problems have
 * their codes. What the facts do not pin down is `either`.
 */
import type { InvalidTag } from '../generators/index.js';
import type { ClauseId } from '../specification/clauses.js';
import { ENDPOINT_DESCRIPTORS, type DescriptorName, type EndpointDescriptor } from '../specification/endpoints.js';

export type CantonRejection =
  | { form: 'text'; cantonClauseId: ClauseId }
  | { form: 'error'; code: string | readonly string[]; cantonClauseId: ClauseId }
  | { form: 'either' };

const EITHER: CantonRejection = { form: 'either' };
const text = (cantonClauseId: ClauseId): CantonRejection => ({ form: 'text', cantonClauseId });
const error = (code: string | readonly string[], cantonClauseId: ClauseId): CantonRejection => ({ form: 'error', code, cantonClauseId });

/** Fields of the hand-written (`deriveConfiguredCodec`) request types, from the descriptor: a missing one is a decode failure. */
function handWrittenFields(endpoint: string): RegExp | undefined {
  return Object.hasOwn(ENDPOINT_DESCRIPTORS, endpoint)
    ? (ENDPOINT_DESCRIPTORS[endpoint as DescriptorName] as EndpointDescriptor).cantonHandWrittenFields
    : undefined;
}

const DAR_CODES = {
  'not-a-zip': error('INVALID_DAR', 'canton.dars.invalid-dar-400'),
  empty: error('INVALID_DAR', 'canton.dars.invalid-dar-400'),
  'no-manifest': error('INVALID_DAR', 'canton.dars.invalid-dar-400'),
  'manifest-missing-main-dalf': error('INVALID_DAR', 'canton.dars.invalid-dar-400'),
  'manifest-wrong-format': error('INVALID_DAR', 'canton.dars.invalid-dar-400'),
  'missing-dalf': error('INVALID_ZIP_ENTRY', 'canton.dars.invalid-zip-entry-400'),
  'hash-mismatch': error('DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'),
  'bad-archive-protobuf': error('DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'),
  // FF8: a payload that does not decode is DAR_PARSE_ERROR, Daml-LF 1 included; ALLOWED_LANGUAGE_VERSIONS needs
  // an LF1 package that decodes.
  'lf2-text-payload': error('DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'),
  'lf1-text-payload': error('DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400'),
  // The generated LF1 package is written to pass DecodeV1 (module name set, feature flags true), but that is read
  // from Canton's source, not seen on a live node: a DecodeV1 that still refuses it answers DAR_PARSE_ERROR, which
  // refuses the Daml-LF 1 DAR all the same.
  'lf1-payload': error(['ALLOWED_LANGUAGE_VERSIONS', 'DAR_PARSE_ERROR'], 'canton.dars.lf1-rejected-400'),
} satisfies Record<string, CantonRejection>;

/**
 * Canton's IdentifierConverter splits with Java's `String.split(":")`, which drops trailing empty parts:
 * `a:b:c:` is three parts to it (and fails later, as JSON), `a:b:` two (a decode failure, text).
 */
function javaSplitPartCount(text: string): number {
  const parts = text.split(':');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.length;
}

/** `value` is what the invalid request carries at the rule's part. */
export function cantonRejectionOf(rule: InvalidTag, endpoint: string, value?: unknown): CantonRejection {
  const { violation, part } = rule;
  switch (violation.kind) {
    case 'wrong-type':
      return text('canton.errors.400-text.json-path-detail');
    case 'timestamp':
      return text('canton.errors.400-text.body-format');
    case 'missing': {
      const handWritten = handWrittenFields(endpoint)?.test(part.name) ?? false;
      if (!handWritten) return EITHER;
      return text(
        endpoint === 'submit-and-wait' && !part.name.includes('.')
          ? 'canton.submit-and-wait.missing-field-text-400'
          : 'canton.errors.400-text.json-path-detail',
      );
    }
    case 'union':
      // circe: `type Command has no class/object/case named 'Foo'` for an unknown key of a hand-written ADT.
      return violation.problem === 'unknown-key' && endpoint === 'submit-and-wait' && /^commands\[\d+\]$/.test(part.name)
        ? text('canton.submit-and-wait.unknown-command-key-400')
        : EITHER;
    case 'format':
      // The facts pin the text down for a template id without the three `:`-separated parts only.
      return violation.format === 'qualified-identifier' &&
        endpoint === 'submit-and-wait' &&
        typeof value === 'string' &&
        javaSplitPartCount(value) !== 3
        ? text('canton.daml-lf.template-id-format')
        : EITHER;
    case 'empty-list':
      return endpoint === 'submit-and-wait' ? error('MISSING_FIELD', 'canton.errors.category-8-400') : EITHER;
    case 'dar':
      return DAR_CODES[violation.problem];
    case 'parameter':
      return part.kind === 'query' && violation.expected === 'boolean' ? text('canton.dars.vetAllPackages-malformed-400-text') : EITHER;
    case 'enum':
    case 'range':
    case 'empty-string':
      return EITHER;
  }
}
