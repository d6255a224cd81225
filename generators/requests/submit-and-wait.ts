/**
 * Bodies of `POST /v2/commands/submit-and-wait`.
 *
 * Two sets, because "valid" means two things:
 * - `schema`: everything the spec's table allows (any party ids, any durations and timestamps, disclosed
 *   contracts and prefetch keys with arbitrary strings, unknown templates). Such a body must never be
 *   rejected as malformed, but a node may well reject it for what it means (unknown party, duration out
 *   of range, disclosed contract that does not exist).
 * - `accepted`: what a real node also runs: one acting user's parties, fixture templates, signatories
 *   among `actAs`, fresh command ids and contract keys (`primitives/fresh-ids.ts`), Numerics the model
 *   can add up (`daml-values.ts`), deduplication and minimum ledger time within an hour and in the
 *   past, the target's own synchronizer, and `disclosedContracts` / `prefetchContractKeys` empty (a
 *   real disclosed contract needs a created-event blob from the ledger).
 */
import fc from 'fast-check';
import { allPartyIds, type ActingUser, type GeneratorContext } from '../context.js';
import { fixtureTemplates, type TemplateDescription } from '../daml-values.js';
import { boundedArray, PLAIN_OBJECTS } from '../primitives/boundaries.js';
import { packageId, qualifiedIdentifier } from '../primitives/identifiers.js';
import { duration, int32, safeInt64 } from '../primitives/numbers.js';
import { ledgerString, partyIdString, printableText, uniqueIdentifier, userIdString } from '../primitives/strings.js';
import { FRESH_ID_PLACEHOLDER, freshId } from '../primitives/fresh-ids.js';
import { base64Text } from '../primitives/text.js';
import { timestamp } from '../primitives/time.js';
import { submitDeduplicationPeriod, type Mode } from '../primitives/unions.js';
import { command, commandOfVariant, withFreshContractKeys, type Command, type CommandContext, type CommandVariant } from './commands.js';

export const SUBMIT_AND_WAIT_OPTIONAL_FIELDS = [
  'userId',
  'readAs',
  'workflowId',
  'deduplicationPeriod',
  'minLedgerTimeAbs',
  'minLedgerTimeRel',
  'submissionId',
  'disclosedContracts',
  'synchronizerId',
  'packageIdSelectionPreference',
  'prefetchContractKeys',
  'tapsMaxPasses',
] as const;

export interface SubmitAndWaitOptions {
  mode?: Mode;
  /** Every optional field present (the largest bodies); otherwise each is present half of the time. */
  allOptionalFields?: boolean;
  /** The variant of `commands[0]`, for mutations that target one variant's fields. */
  firstCommand?: CommandVariant;
}

/** A body together with the user whose token must submit it (`accepted` bodies only). */
export interface SubmitAndWaitCase {
  asUser?: string;
  body: Record<string, unknown>;
}

function commandsList(commandContext: CommandContext, mode: Mode, firstCommand?: CommandVariant): fc.Arbitrary<Command[]> {
  const any = command(commandContext, mode);
  const rest = boundedArray(any, { minLength: 0, maxLength: 2 });
  const first = firstCommand === undefined ? any : commandOfVariant(firstCommand, commandContext, mode);
  return fc.tuple(first, rest).map(([head, tail]) => [head, ...tail]);
}

function schemaCase(context: GeneratorContext, options: SubmitAndWaitOptions): fc.Arbitrary<SubmitAndWaitCase> {
  const templates = Object.values(fixtureTemplates(context.templateIds));
  const commandContext: CommandContext = {
    templates,
    packageId: context.packageId,
    packageIds: context.packageIds,
    interfaceId: context.interfaceId,
    parties: { acting: partyIdString(), known: partyIdString() },
  };
  const body = fc.record(
    {
      commands: commandsList(commandContext, 'schema', options.firstCommand),
      commandId: ledgerString(),
      actAs: boundedArray(partyIdString(), { minLength: 1, maxLength: 3 }),
      userId: userIdString(),
      readAs: boundedArray(partyIdString(), { minLength: 0, maxLength: 3 }),
      workflowId: ledgerString(),
      deduplicationPeriod: submitDeduplicationPeriod('schema'),
      minLedgerTimeAbs: timestamp('schema'),
      minLedgerTimeRel: duration('schema'),
      submissionId: ledgerString(),
      disclosedContracts: fc.array(
        fc.record(
          {
            templateId: qualifiedIdentifier(),
            contractId: ledgerString(),
            createdEventBlob: base64Text({ minLength: 0, maxLength: 30 }),
            synchronizerId: uniqueIdentifier(),
          },
          PLAIN_OBJECTS,
        ),
        { maxLength: 2 },
      ),
      synchronizerId: uniqueIdentifier(),
      packageIdSelectionPreference: fc.array(packageId(), { maxLength: 2 }),
      prefetchContractKeys: fc.array(
        fc.record(
          {
            templateId: qualifiedIdentifier(),
            contractKey: printableText({ minLength: 0, maxLength: 20 }),
            limit: int32(),
          },
          PLAIN_OBJECTS,
        ),
        { maxLength: 2 },
      ),
      tapsMaxPasses: int32(),
    },
    { requiredKeys: requiredKeysFor(options), ...PLAIN_OBJECTS },
  );
  return body.map((value) => ({ body: value }));
}

function acceptedCase(context: GeneratorContext, options: SubmitAndWaitOptions): fc.Arbitrary<SubmitAndWaitCase> {
  if (context.actingUsers.length === 0) {
    throw new Error('generators: the fixtures define no active user with act-as rights; accepted submissions need one');
  }
  const templates = Object.values(fixtureTemplates(context.templateIds));
  const knownParties = allPartyIds(context);
  // One prebuilt arbitrary per user (not a `chain`, which would rebuild them for every value).
  return fc.oneof(
    ...context.actingUsers.map((user: ActingUser) => {
      const commandContext: CommandContext = {
        templates,
        packageId: context.packageId,
        packageIds: context.packageIds,
        interfaceId: context.interfaceId,
        parties: { acting: fc.constantFrom(...user.actAs), known: fc.constantFrom(...knownParties) },
      };
      return (
        fc
          .record(
            {
              commands: commandsList(commandContext, 'accepted', options.firstCommand),
              commandId: FRESH_ID_PLACEHOLDER,
              actAs: fc.constant(user.actAs),
              userId: fc.constant(user.userId),
              readAs: fc.subarray(user.readAs),
              workflowId: ledgerString(),
              deduplicationPeriod: submitDeduplicationPeriod('accepted'),
              minLedgerTimeAbs: timestamp('accepted'),
              minLedgerTimeRel: duration('accepted'),
              submissionId: FRESH_ID_PLACEHOLDER,
              disclosedContracts: fc.constant([]),
              synchronizerId: fc.constant(context.synchronizerId),
              packageIdSelectionPreference: fc.subarray([context.packageId]),
              prefetchContractKeys: fc.constant([]),
              tapsMaxPasses: safeInt64({ min: 1, max: 5 }),
            },
            { requiredKeys: requiredKeysFor(options), ...PLAIN_OBJECTS },
          )
          // Last, so that every value fast-check produces (shrunk ones too) gets ids of its own.
          .map((body) => ({ asUser: user.userId, body: withFreshIds(body, templates) }))
      );
    }),
  );
}

/** A fresh command id, submission id (when present) and contract keys (`primitives/fresh-ids.ts`). */
function withFreshIds(body: Record<string, unknown>, templates: TemplateDescription[]): Record<string, unknown> {
  return {
    ...body,
    commands: withFreshContractKeys(body['commands'] as Command[], templates),
    commandId: freshId('cmd'),
    ...('submissionId' in body ? { submissionId: freshId('sub') } : {}),
  };
}

type SubmitAndWaitKey = 'commands' | 'commandId' | 'actAs' | (typeof SUBMIT_AND_WAIT_OPTIONAL_FIELDS)[number];

function requiredKeysFor(options: SubmitAndWaitOptions): SubmitAndWaitKey[] {
  const required: SubmitAndWaitKey[] = ['commands', 'commandId', 'actAs'];
  return options.allOptionalFields ? [...required, ...SUBMIT_AND_WAIT_OPTIONAL_FIELDS] : required;
}

export function submitAndWaitCase(context: GeneratorContext, options: SubmitAndWaitOptions = {}): fc.Arbitrary<SubmitAndWaitCase> {
  return (options.mode ?? 'schema') === 'accepted' ? acceptedCase(context, options) : schemaCase(context, options);
}

export function submitAndWaitBody(context: GeneratorContext, options: SubmitAndWaitOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  return submitAndWaitCase(context, options).map((generated) => generated.body);
}
