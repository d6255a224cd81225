/**
 * Submit-and-wait bodies that break exactly one rule of the spec each.
 */
import fc from 'fast-check';
import type { GeneratorContext } from '../context.js';
import { INT32_MAX, INT64_MAX } from '../primitives/numbers.js';
import { COMMAND_VARIANTS, type CommandVariant } from '../requests/commands.js';
import { submitAndWaitBody } from '../requests/submit-and-wait.js';
import { invalidBody, invalidBodyFixed, unionKey, type InvalidValue } from './mutation.js';
import { invalidLedgerStrings, invalidNameString, invalidPartyIdString, invalidQualifiedIdentifier, invalidUserIds } from './strings.js';

type Body = Record<string, unknown>;

const REQUIRED_FIELDS: Record<CommandVariant, string[]> = {
  CreateAndExerciseCommand: ['templateId', 'createArguments', 'choice', 'choiceArgument'],
  CreateCommand: ['templateId', 'createArguments'],
  ExerciseByKeyCommand: ['templateId', 'contractKey', 'choice', 'choiceArgument'],
  ExerciseCommand: ['templateId', 'contractId', 'choice', 'choiceArgument'],
};

const DEDUP_DURATION_PATH = ['deduplicationPeriod', 'DeduplicationDuration', 'value'] as const;

export function invalidSubmitAndWaitRules(context: GeneratorContext): fc.Arbitrary<InvalidValue>[] {
  const base = submitAndWaitBody(context);
  const full = submitAndWaitBody(context, { allOptionalFields: true });
  // One base per variant, shared by that variant's rules (not rebuilt per rule: fewer arbitraries to
  // build and, mixed in one `oneof`, markedly faster to generate from).
  const firstCommandBases = new Map(COMMAND_VARIANTS.map((variant) => [variant, submitAndWaitBody(context, { firstCommand: variant })]));
  const withFirst = (variant: CommandVariant) => firstCommandBases.get(variant)!;
  const replace = (clauseId: string, rule: string, at: (string | number)[], value: fc.Arbitrary<unknown>, on = base) =>
    invalidBody({ clauseId, rule, base: on, extra: value, mutate: (_body: Body, set) => ({ at, set }) });

  const rules: fc.Arbitrary<InvalidValue>[] = [
    invalidBodyFixed('submit-and-wait.commands.non-empty', 'empty commands list', base, () => ({ at: ['commands'], set: [] })),
    invalidBodyFixed('submit-and-wait.actAs.non-empty', 'empty actAs list', base, () => ({ at: ['actAs'], set: [] })),
    ...(['commands', 'commandId', 'actAs'] as const).map((field) =>
      invalidBodyFixed(`submit-and-wait.${field}.required`, `missing ${field}`, base, () => ({ at: [field], remove: true })),
    ),
    replace('user-id.limit.max-128', 'user id of 129 characters', ['userId'], invalidUserIds.tooLong()),
    replace('user-id.limit.charset', 'user id with a forbidden character', ['userId'], invalidUserIds.forbiddenCharacter()),
    replace('user-id.limit.non-empty', 'empty user id', ['userId'], invalidUserIds.empty()),
    replace('submit-and-wait.commandId.ledger-string', 'commandId of 256 characters', ['commandId'], invalidLedgerStrings.tooLong()),
    replace(
      'submit-and-wait.commandId.ledger-string',
      'commandId with a forbidden character',
      ['commandId'],
      invalidLedgerStrings.forbiddenCharacter(),
    ),
    replace('submit-and-wait.commandId.ledger-string', 'commandId as a JSON number', ['commandId'], fc.integer()),
    replace('submit-and-wait.workflowId.ledger-string', 'empty workflowId', ['workflowId'], invalidLedgerStrings.empty()),
    replace('submit-and-wait.actAs.party-id-string', 'actAs entry that is not a party id string', ['actAs', 0], invalidPartyIdString()),
    replace('submit-and-wait.submissionId.string', 'submissionId as a JSON number', ['submissionId'], fc.integer()),
    replace('submit-and-wait.synchronizerId.string', 'synchronizerId as a JSON boolean', ['synchronizerId'], fc.boolean()),
    replace('submit-and-wait.tapsMaxPasses.integer', 'tapsMaxPasses as a string', ['tapsMaxPasses'], fc.constantFrom('many', 'three')),
    replace('submit-and-wait.tapsMaxPasses.integer', 'tapsMaxPasses as a fraction', ['tapsMaxPasses'], fc.constantFrom(1.5, 0.25)),
    replace(
      'submit-and-wait.packageIdSelectionPreference.strings',
      'packageIdSelectionPreference with a number',
      ['packageIdSelectionPreference'],
      fc.integer().map((n) => [n]),
    ),
    replace(
      'submit-and-wait.minLedgerTimeAbs.timestamp',
      'minLedgerTimeAbs that is not a timestamp',
      ['minLedgerTimeAbs'],
      fc.constantFrom('yesterday', '2024-13-01T00:00:00Z', '2024-01-01'),
    ),
    // Command unions.
    invalidBody({
      clauseId: 'command.exactly-one-key',
      rule: 'command with two variant keys',
      base: withFirst('CreateCommand'),
      extra: withFirst('ExerciseCommand').map((other) => (other['commands'] as Record<string, unknown>[])[0]!),
      mutate: (body, exercise) => {
        const first = (body['commands'] as Record<string, unknown>[])[0]!;
        return { at: ['commands', 0], set: { ...first, ...exercise } };
      },
    }),
    invalidBodyFixed('command.exactly-one-key', 'command without a variant key', base, () => ({ at: ['commands', 0], set: {} })),
    invalidBody({
      clauseId: 'command.allowed-keys',
      rule: 'command with an unknown variant key',
      base,
      extra: fc.constantFrom('ArchiveCommand', 'CreateCommands', 'createCommand', 'Foo'),
      mutate: (body, unknownKey) => {
        const first = (body['commands'] as Record<string, unknown>[])[0]!;
        return { at: ['commands', 0], set: { [unknownKey]: first[unionKey(first)] } };
      },
    }),
    ...COMMAND_VARIANTS.flatMap((variant) =>
      REQUIRED_FIELDS[variant].map((field) =>
        invalidBodyFixed(`command.${variant}.fields-required`, `${variant} without ${field}`, withFirst(variant), () => ({
          at: ['commands', 0, variant, field],
          remove: true,
        })),
      ),
    ),
    ...(['CreateAndExerciseCommand', 'ExerciseByKeyCommand', 'ExerciseCommand'] as const).map((variant) =>
      replace(
        `command.${variant}.choice.name-string`,
        `${variant} choice that is not a Daml name`,
        ['commands', 0, variant, 'choice'],
        invalidNameString(),
        withFirst(variant),
      ),
    ),
    replace(
      'command.ExerciseCommand.contractId.ledger-string',
      'contract id with a forbidden character',
      ['commands', 0, 'ExerciseCommand', 'contractId'],
      invalidLedgerStrings.forbiddenCharacter(),
      withFirst('ExerciseCommand'),
    ),
    replace(
      'command.templateId.reference-formats',
      'template id in neither reference format',
      ['commands', 0, 'CreateCommand', 'templateId'],
      invalidQualifiedIdentifier(),
      withFirst('CreateCommand'),
    ),
    // Deduplication period, submit form.
    replace(
      'deduplication-period.allowed-keys',
      'deduplication period with an unknown key',
      ['deduplicationPeriod'],
      fc
        .constantFrom('DeduplicationForever', 'Duration', 'deduplicationDuration')
        .map((key) => ({ [key]: { value: { seconds: 1, nanos: 0 } } })),
    ),
    replace(
      'deduplication-period.DeduplicationOffset.execute-form-only',
      'DeduplicationOffset in the submit form',
      ['deduplicationPeriod'],
      fc.integer({ min: 1 }).map((value) => ({ DeduplicationOffset: { value } })),
    ),
    replace(
      'deduplication-period.Empty.execute-form-only',
      'Empty in the submit form',
      ['deduplicationPeriod'],
      fc.constant({ Empty: {} }),
    ),
    replace(
      'duration.seconds.required-int64',
      'duration seconds of 2^63',
      [...DEDUP_DURATION_PATH, 'seconds'],
      fc.constantFrom(INT64_MAX + 1n, -(2n ** 63n) - 1n),
      full,
    ),
    invalidBodyFixed('duration.seconds.required-int64', 'duration without seconds', full, () => ({
      at: [...DEDUP_DURATION_PATH, 'seconds'],
      remove: true,
    })),
    replace('duration.nanos.required-int32', 'duration nanos of 2^31', [...DEDUP_DURATION_PATH, 'nanos'], fc.constant(INT32_MAX + 1), full),
  ];
  return rules;
}
