/**
 * Decoding of the command parts shared by submit-and-wait and interactive prepare (Canton's hand-written
 * `JsCommand` codecs: a missing field or a wrong JSON type is a 400 text/plain decode failure), and the
 * field validations Canton's gRPC layer applies afterwards (JSON 400 MISSING_FIELD / INVALID_FIELD).
 */
import { LedgerApiError, missingField, invalidField } from '../canton-errors.js';
import {
  asObject,
  decodeFailure,
  fieldPath,
  indexPath,
  oneOfKeys,
  requireField,
  requireInt32,
  requireInt64,
  requireString,
  type JsonObject,
} from '../http/decode.js';
import type { Command } from './engine.js';
import { isContractId, LEDGER_STRING, NAME, USER_ID } from '../string-formats.js';
import { parseIdentifier } from './identifiers.js';

const COMMAND_KINDS = ['CreateCommand', 'ExerciseCommand', 'CreateAndExerciseCommand', 'ExerciseByKeyCommand'] as const;

function decodeChoice(command: JsonObject, at: string): string {
  const name = requireString(command, 'choice', at);
  if (!NAME.test(name)) {
    throw new LedgerApiError(
      'INVALID_FIELD',
      `The submitted command has a field with invalid value: Invalid field choice: "${name}" is not a valid Daml name`,
    );
  }
  return name;
}

/** Canton's `requireContractId` (CommandsValidator, before any lookup): empty is missing, unparseable invalid. */
function validateContractId(contractId: string): string {
  if (contractId === '') throw missingField('contract_id');
  if (!isContractId(contractId)) throw invalidField('contract_id', `cannot parse ContractId "${contractId}"`);
  return contractId;
}

function decodeCommand(value: unknown, path: string): Command {
  const { key, value: body } = oneOfKeys(value, COMMAND_KINDS, 'Command', path);
  const at = fieldPath(path, key);
  const obj = asObject(body, at);
  const templateId = parseIdentifier(requireString(obj, 'templateId', at), at, 'templateId');
  switch (key) {
    case 'CreateCommand':
      return { kind: 'create', templateId, createArguments: requireField(obj, 'createArguments', at), path: at };
    case 'ExerciseCommand':
      return {
        kind: 'exercise',
        templateId,
        contractId: validateContractId(requireString(obj, 'contractId', at)),
        choice: decodeChoice(obj, at),
        choiceArgument: requireField(obj, 'choiceArgument', at),
        path: at,
      };
    case 'CreateAndExerciseCommand':
      return {
        kind: 'createAndExercise',
        templateId,
        createArguments: requireField(obj, 'createArguments', at),
        choice: decodeChoice(obj, at),
        choiceArgument: requireField(obj, 'choiceArgument', at),
        path: at,
      };
    case 'ExerciseByKeyCommand':
      return {
        kind: 'exerciseByKey',
        templateId,
        contractKey: requireField(obj, 'contractKey', at),
        choice: decodeChoice(obj, at),
        choiceArgument: requireField(obj, 'choiceArgument', at),
        path: at,
      };
  }
}

/** The `commands` array (each element a single-key Command object). */
export function decodeCommands(elements: readonly unknown[], path: string): Command[] {
  return elements.map((element, index) => decodeCommand(element, indexPath(path, index)));
}

/** A protobuf Duration `{seconds, nanos}` in milliseconds. */
export function decodeDurationMs(value: unknown, path: string): number {
  const obj = asObject(value, path);
  // A missing `seconds` is 0, as Canton 3.5's codec fills it (JsSchema.scala:423, the ScalaPB default).
  const seconds = obj['seconds'] === undefined ? 0n : requireInt64(obj, 'seconds', path);
  const nanos = requireInt32(obj, 'nanos', path);
  return Number(seconds) * 1000 + nanos / 1e6;
}

/** A required LedgerString field (`command_id`, `submission_id`, ...): empty is missing, bad characters invalid. */
export function requireLedgerString(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw missingField(name);
  if (!LEDGER_STRING.test(value)) {
    throw invalidField(name, `"${value}" is not a valid LedgerString (1-255 characters from letters, digits and ._:-#/ and space)`);
  }
  return value;
}

/** An optional LedgerString field; empty means unset. */
export function optionalLedgerString(value: string | undefined, name: string): string {
  return value === undefined || value === '' ? '' : requireLedgerString(value, name);
}

export function validateUserIdFormat(userId: string): void {
  if (!USER_ID.test(userId)) {
    throw invalidField('user_id', `"${userId}" is not a valid user id (1-128 characters from letters, digits and @^$.!\`-#+'~_:()|)`);
  }
}

/** Parses an ISO-8601 timestamp field; a malformed one fails decoding, as circe's Instant decoder. */
export function decodeTimestamp(text: string, path: string): Date {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw decodeFailure(`Text '${text}' could not be parsed as an Instant`, path);
  return new Date(ms);
}
