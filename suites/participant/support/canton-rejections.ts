/**
 * How real Canton rejects each generated invalid input (facts: canton-json-api.md §2 decode failures and
 * which fields are really required, §3 codes, §7 DAR upload path). Only what the facts state is pinned
 * down; everything else is `either` (text 400 or the default error body), because Canton checks the
 * caller's rights before its semantic validation and the generated bodies name arbitrary parties.
 */
import type { InvalidTag } from '../../../generators/index.js';
import type { CantonRejection } from '../../../checks/rejection.js';

const EITHER: CantonRejection = { form: 'either' };
const bodyText = (cantonClauseId: string): CantonRejection => ({ form: 'text', cantonClauseId });
const error = (code: string, cantonClauseId: string): CantonRejection => ({ form: 'error', code, cantonClauseId });

/** Hand-written Js request types (JsCommands, JsCommand.*, JsExecuteSubmissionRequest): a missing field is a text 400. */
const HAND_WRITTEN_REQUIRED = new Set([
  'submit-and-wait.commands.required',
  'submit-and-wait.commandId.required',
  'submit-and-wait.actAs.required',
  'execute.preparedTransaction.required',
  'execute.partySignatures.required',
  'execute.submissionId.required',
  'execute.hashingSchemeVersion.required',
]);

/** Rules whose value has the wrong JSON type (circe: `Got value ... with wrong type`), or is no int64/timestamp. */
const WRONG_TYPE_RULES = [
  /as a JSON (number|boolean)$/,
  /as a string$/,
  /as a fraction$/,
  /packageIdSelectionPreference with a number/,
  /^offset as a non-numeric string$/,
  /^fractional offset$/,
  /beyond int64/,
  /^duration seconds of 2\^63$/,
  /^duration nanos of 2\^31$/,
];

/** `value` is what the request carries at the tag's part. */
export function cantonRejectionOf(tag: InvalidTag, value: unknown): CantonRejection {
  const { clauseId, rule } = tag;
  if (HAND_WRITTEN_REQUIRED.has(clauseId)) {
    return bodyText(
      clauseId.startsWith('submit-and-wait.') ? 'canton.submit-and-wait.missing-field-text-400' : 'canton.errors.400-text.json-path-detail',
    );
  }
  if (WRONG_TYPE_RULES.some((pattern) => pattern.test(rule))) return bodyText('canton.errors.400-text.json-path-detail');
  if (clauseId === 'submit-and-wait.minLedgerTimeAbs.timestamp') return bodyText('canton.errors.400-text.body-format');
  if (clauseId === 'command.allowed-keys') return bodyText('canton.submit-and-wait.unknown-command-key-400');
  // The facts pin the text down for an id without the three `:`-separated parts; other malformed ids
  // (e.g. an empty package name) are not stated.
  if (clauseId === 'command.templateId.reference-formats' && typeof value === 'string' && value.split(':').length !== 3) {
    return bodyText('canton.daml-lf.template-id-format');
  }
  if (/^command\.\w+\.fields-required$/.test(clauseId) && /without (templateId|choice|contractId)$/.test(rule)) {
    return bodyText('canton.errors.400-text.json-path-detail');
  }
  switch (clauseId) {
    case 'canton.dar.invalid-dar':
    case 'canton.dars.invalid-dar-400':
      return error('INVALID_DAR', 'canton.dars.invalid-dar-400');
    case 'canton.dar.missing-dalf':
    case 'canton.dars.invalid-zip-entry-400':
      return error('INVALID_ZIP_ENTRY', 'canton.dars.invalid-zip-entry-400');
    case 'canton.dar.parse-error':
    case 'canton.dars.dar-parse-error-400':
      return error('DAR_PARSE_ERROR', 'canton.dars.dar-parse-error-400');
    case 'canton.dar.lf1-rejected':
    case 'canton.dars.lf1-rejected-400':
      return error('ALLOWED_LANGUAGE_VERSIONS', 'canton.dars.lf1-rejected-400');
  }
  if (tag.part.kind === 'query' && tag.part.name === 'vetAllPackages') return bodyText('canton.dars.vetAllPackages-malformed-400-text');
  return EITHER;
}
