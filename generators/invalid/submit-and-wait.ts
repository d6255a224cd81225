/**
 * Submit-and-wait bodies that break exactly one rule of the spec each. Every one is a body the target would
 * accept (an `accepted` case: the acting user's parties, fixture templates, fresh ids, an executable create)
 * plus one mutation, so a rejection can be credited to the rule: the suite sends the same base unmutated as
 * the control request.
 *
 * Not here: inputs the spec forbids but Canton 3.5 accepts (empty workflowId, an empty userId with a user
 * token, a command with two variant keys, `Empty` / `DeduplicationOffset` in the submit form, a Duration
 * without seconds). Those are conflict clauses with tests of their own. Rules of the exercise variants need a
 * live contract, so the suite builds their bases (`exerciseMutations`).
 */
import fc from 'fast-check';
import type { ClauseId } from '../../specification/clauses.js';
import type { StringFormatName } from '../../specification/formats.js';
import type { GeneratorContext } from '../context.js';
import { INT32_MAX, INT64_MAX } from '../primitives/numbers.js';
import { submitAndWaitCase, type SubmitAndWaitOptions } from '../requests/submit-and-wait.js';
import { invalidBody, unionKey, type BaseCase, type BodyMutation, type InvalidBody, type Path, type Violation } from './mutation.js';
import {
  identifierWithMalformedPart,
  identifierWithoutThreeParts,
  invalidLedgerStrings,
  invalidNameString,
  invalidPartyIdString,
  invalidUserIds,
} from './strings.js';

type Body = Record<string, unknown>;

const DEDUP_DURATION_PATH = ['deduplicationPeriod', 'DeduplicationDuration', 'value'] as const;

const format = (name: StringFormatName, how: 'too-long' | 'forbidden-character' | 'empty' | 'malformed'): Violation => ({
  kind: 'format',
  format: name,
  how,
});

/** The accepted bases the rules mutate (one per shape, shared by its rules). */
function bases(context: GeneratorContext) {
  const accepted = (options: SubmitAndWaitOptions = {}) =>
    submitAndWaitCase(context, { mode: 'accepted', ...options }) as fc.Arbitrary<BaseCase<Body>>;
  return {
    plain: accepted(),
    full: accepted({ allOptionalFields: true }),
    create: accepted({ firstCommand: 'CreateCommand' }),
    createAndExercise: accepted({ firstCommand: 'CreateAndExerciseCommand' }),
  };
}

export function invalidSubmitAndWaitRules(context: GeneratorContext): fc.Arbitrary<InvalidBody>[] {
  const { plain, full, create, createAndExercise } = bases(context);
  const replace = (
    clauseId: ClauseId,
    rule: string,
    violation: Violation,
    at: Path,
    value: fc.Arbitrary<unknown>,
    on = plain,
    alsoBreaks?: 'authorization',
  ) =>
    invalidBody({
      clauseId,
      rule,
      violation,
      ...(alsoBreaks ? { alsoBreaks } : {}),
      base: on,
      extra: value,
      mutate: (_body: Body, set) => ({ at, set }),
    });
  const remove = (clauseId: ClauseId, rule: string, at: Path, on = plain) =>
    invalidBody({
      clauseId,
      rule,
      violation: { kind: 'missing' },
      base: on,
      extra: fc.constant(undefined),
      mutate: () => ({ at, remove: true }),
    });

  return [
    replace('submit-and-wait.commands.non-empty', 'empty commands list', { kind: 'empty-list' }, ['commands'], fc.constant([])),
    replace('submit-and-wait.actAs.non-empty', 'empty actAs list', { kind: 'empty-list' }, ['actAs'], fc.constant([])),
    remove('submit-and-wait.commands.required', 'missing commands', ['commands']),
    remove('submit-and-wait.commandId.required', 'missing commandId', ['commandId']),
    remove('submit-and-wait.actAs.required', 'missing actAs', ['actAs']),
    // With a user token, a userId other than the token's is an authorization failure as well.
    replace(
      'user-id.limit.max-128',
      'user id of 129 characters',
      format('user-id', 'too-long'),
      ['userId'],
      invalidUserIds.tooLong(),
      full,
      'authorization',
    ),
    replace(
      'user-id.limit.charset',
      'user id with a forbidden character',
      format('user-id', 'forbidden-character'),
      ['userId'],
      invalidUserIds.forbiddenCharacter(),
      full,
      'authorization',
    ),
    replace(
      'submit-and-wait.commandId.ledger-string',
      'commandId of 256 characters',
      format('ledger-string', 'too-long'),
      ['commandId'],
      invalidLedgerStrings.tooLong(),
    ),
    replace(
      'submit-and-wait.commandId.ledger-string',
      'commandId with a forbidden character',
      format('ledger-string', 'forbidden-character'),
      ['commandId'],
      invalidLedgerStrings.forbiddenCharacter(),
    ),
    replace(
      'submit-and-wait.commandId.ledger-string',
      'commandId as a JSON number',
      { kind: 'wrong-type', expected: 'string' },
      ['commandId'],
      fc.integer(),
    ),
    replace(
      'submit-and-wait.workflowId.ledger-string',
      'workflowId with a forbidden character',
      format('ledger-string', 'forbidden-character'),
      ['workflowId'],
      invalidLedgerStrings.forbiddenCharacter(),
      full,
    ),
    // An actAs entry that is no party id is also a party the caller may not act as.
    replace(
      'submit-and-wait.actAs.party-id-string',
      'actAs entry that is not a party id string',
      format('party-id-string', 'malformed'),
      ['actAs', 0],
      invalidPartyIdString(),
      plain,
      'authorization',
    ),
    replace(
      'submit-and-wait.submissionId.string',
      'submissionId as a JSON number',
      { kind: 'wrong-type', expected: 'string' },
      ['submissionId'],
      fc.integer(),
      full,
    ),
    replace(
      'submit-and-wait.synchronizerId.string',
      'synchronizerId as a JSON boolean',
      { kind: 'wrong-type', expected: 'string' },
      ['synchronizerId'],
      fc.boolean(),
      full,
    ),
    replace(
      'submit-and-wait.tapsMaxPasses.integer',
      'tapsMaxPasses as a string',
      { kind: 'wrong-type', expected: 'integer' },
      ['tapsMaxPasses'],
      fc.constantFrom('many', 'three'),
      full,
    ),
    replace(
      'submit-and-wait.tapsMaxPasses.integer',
      'tapsMaxPasses as a fraction',
      { kind: 'wrong-type', expected: 'integer' },
      ['tapsMaxPasses'],
      fc.constantFrom(1.5, 0.25),
      full,
    ),
    replace(
      'submit-and-wait.packageIdSelectionPreference.strings',
      'packageIdSelectionPreference with a number',
      { kind: 'wrong-type', expected: 'string' },
      ['packageIdSelectionPreference'],
      fc.integer().map((n) => [n]),
      full,
    ),
    replace(
      'submit-and-wait.minLedgerTimeAbs.timestamp',
      'minLedgerTimeAbs that is not a timestamp',
      { kind: 'timestamp' },
      ['minLedgerTimeAbs'],
      fc.constantFrom('yesterday', '2024-13-01T00:00:00Z', '2024-01-01'),
      full,
    ),
    // Command unions.
    replace(
      'command.exactly-one-key',
      'command without a variant key',
      { kind: 'union', problem: 'no-key' },
      ['commands', 0],
      fc.constant({}),
    ),
    invalidBody({
      clauseId: 'command.allowed-keys',
      rule: 'command with an unknown variant key',
      violation: { kind: 'union', problem: 'unknown-key' },
      base: plain,
      extra: fc.constantFrom('ArchiveCommand', 'CreateCommands', 'createCommand', 'Foo'),
      mutate: (body, unknownKey): BodyMutation => {
        const first = (body['commands'] as Record<string, unknown>[])[0]!;
        return { at: ['commands', 0], set: { [unknownKey]: first[unionKey(first)] } };
      },
    }),
    ...(['templateId', 'createArguments'] as const).map((field) =>
      remove('command.CreateCommand.fields-required', `CreateCommand without ${field}`, ['commands', 0, 'CreateCommand', field], create),
    ),
    ...(['templateId', 'createArguments', 'choice', 'choiceArgument'] as const).map((field) =>
      remove(
        'command.CreateAndExerciseCommand.fields-required',
        `CreateAndExerciseCommand without ${field}`,
        ['commands', 0, 'CreateAndExerciseCommand', field],
        createAndExercise,
      ),
    ),
    replace(
      'command.CreateAndExerciseCommand.choice.name-string',
      'CreateAndExerciseCommand choice that is not a Daml name',
      format('name-string', 'malformed'),
      ['commands', 0, 'CreateAndExerciseCommand', 'choice'],
      invalidNameString(),
      createAndExercise,
    ),
    replace(
      'command.templateId.reference-formats',
      'template id without the three parts of either reference format',
      format('qualified-identifier', 'malformed'),
      ['commands', 0, 'CreateCommand', 'templateId'],
      identifierWithoutThreeParts(),
      create,
    ),
    replace(
      'command.templateId.reference-formats',
      'template id with a malformed part',
      format('qualified-identifier', 'malformed'),
      ['commands', 0, 'CreateCommand', 'templateId'],
      identifierWithMalformedPart(),
      create,
    ),
    // Deduplication period, submit form.
    replace(
      'deduplication-period.allowed-keys',
      'deduplication period with an unknown key',
      { kind: 'union', problem: 'unknown-key' },
      ['deduplicationPeriod'],
      fc
        .constantFrom('DeduplicationForever', 'Duration', 'deduplicationDuration')
        .map((key) => ({ [key]: { value: { seconds: 1, nanos: 0 } } })),
      full,
    ),
    replace(
      'deduplication-period.exactly-one-key',
      'deduplication period without a key',
      { kind: 'union', problem: 'no-key' },
      ['deduplicationPeriod'],
      fc.constant({}),
      full,
    ),
    replace(
      'duration.seconds.required-int64',
      'duration seconds of 2^63',
      { kind: 'range', bound: 'int64' },
      [...DEDUP_DURATION_PATH, 'seconds'],
      fc.constantFrom(INT64_MAX + 1n, -(2n ** 63n) - 1n),
      full,
    ),
    replace(
      'duration.nanos.required-int32',
      'duration nanos of 2^31',
      { kind: 'range', bound: 'int32' },
      [...DEDUP_DURATION_PATH, 'nanos'],
      fc.constant(INT32_MAX + 1),
      full,
    ),
  ];
}

/** A mutation of an exercise command's fields, applied by the suite to an exercise of a live contract. */
export interface ExerciseMutation {
  clauseId: ClauseId;
  rule: string;
  violation: Violation;
  /** Relative to the command's variant object (e.g. `['choice']`). */
  at: Path;
  set?: unknown;
  remove?: true;
}

const EXERCISE_FIELDS = {
  ExerciseCommand: ['templateId', 'contractId', 'choice', 'choiceArgument'],
  ExerciseByKeyCommand: ['templateId', 'contractKey', 'choice', 'choiceArgument'],
} as const;

/**
 * The rules of `ExerciseCommand` / `ExerciseByKeyCommand` fields, as mutations of an exercise the suite builds on
 * a live contract: one arbitrary per rule.
 */
export function exerciseMutations(variant: 'ExerciseCommand' | 'ExerciseByKeyCommand'): fc.Arbitrary<ExerciseMutation>[] {
  const missing = EXERCISE_FIELDS[variant].map((field) =>
    fc.constant<ExerciseMutation>({
      clauseId: `command.${variant}.fields-required`,
      rule: `${variant} without ${field}`,
      violation: { kind: 'missing' },
      at: [field],
      remove: true,
    }),
  );
  const badChoice = invalidNameString().map((choice): ExerciseMutation => ({
    clauseId: `command.${variant}.choice.name-string`,
    rule: `${variant} choice that is not a Daml name`,
    violation: format('name-string', 'malformed'),
    at: ['choice'],
    set: choice,
  }));
  const badContractId = invalidLedgerStrings.forbiddenCharacter().map((contractId): ExerciseMutation => ({
    clauseId: 'command.ExerciseCommand.contractId.ledger-string',
    rule: 'contract id with a forbidden character',
    violation: format('ledger-string', 'forbidden-character'),
    at: ['contractId'],
    set: contractId,
  }));
  return [fc.oneof(...missing), badChoice, ...(variant === 'ExerciseCommand' ? [badContractId] : [])];
}
