/**
 * POST /v2/commands/submit-and-wait, accepted: every valid body the generators make is accepted with updateId and
 * completionOffset, crediting the clauses of the fields and forms it used. Suite `submit-and-wait`, with
 * submit-and-wait-validation, -exercise-shapes and -interpretation.
 */
import { answerBody } from '../../checks/schema.js';
import { validRequests } from '../../generators/index.js';
import { notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { generatorContext, sendGenerated } from '../support/requests.js';
import { SUBMIT_AND_WAIT_ENDPOINT as ENDPOINT } from '../support/submit-and-wait.js';

type Body = Record<string, unknown>;

/** The clauses an accepted body proves by using a field (or a form) the way the spec allows. */
function clausesProvedBy(body: Body): ClauseId[] {
  const proved: ClauseId[] = ['submit-and-wait.commands.required', 'submit-and-wait.commandId.required', 'submit-and-wait.actAs.required'];
  proved.push('command.exactly-one-key', 'command.allowed-keys', 'format.json-bodies', 'format.string-formats');
  const present = (field: string) => body[field] !== undefined;
  if (present('userId')) proved.push('submit-and-wait.userId.optional', 'submit-and-wait.userId.user-id-string');
  if (present('readAs')) {
    proved.push('submit-and-wait.readAs.optional');
    if ((body['readAs'] as unknown[]).length === 0) proved.push('submit-and-wait.readAs.may-be-empty');
  }
  if (present('workflowId')) proved.push('submit-and-wait.workflowId.ledger-string');
  if (present('deduplicationPeriod')) {
    proved.push(
      'submit-and-wait.deduplicationPeriod.optional',
      'submit-and-wait.deduplicationPeriod.duration-only',
      'deduplication-period.DeduplicationDuration.shape',
      'duration.seconds.required-int64',
      'duration.nanos.required-int32',
      'format.int64-int32',
    );
  }
  if (present('minLedgerTimeAbs')) proved.push('submit-and-wait.minLedgerTimeAbs.timestamp', 'format.timestamps');
  if (present('minLedgerTimeRel')) proved.push('submit-and-wait.minLedgerTimeRel.duration');
  if (present('submissionId')) proved.push('submit-and-wait.submissionId.string');
  if (present('disclosedContracts')) proved.push('submit-and-wait.disclosedContracts.shape');
  if (present('synchronizerId')) proved.push('submit-and-wait.synchronizerId.string');
  if (present('packageIdSelectionPreference')) proved.push('submit-and-wait.packageIdSelectionPreference.strings');
  if (present('prefetchContractKeys')) proved.push('submit-and-wait.prefetchContractKeys.shape');
  if (present('tapsMaxPasses')) proved.push('submit-and-wait.tapsMaxPasses.integer');
  for (const command of body['commands'] as Record<string, Body>[]) {
    const [variant, fields] = Object.entries(command)[0]!;
    if (variant === 'CreateCommand') proved.push('command.CreateCommand.fields-required');
    if (variant === 'CreateAndExerciseCommand') {
      proved.push('command.CreateAndExerciseCommand.fields-required', 'command.CreateAndExerciseCommand.choice.name-string');
    }
    proved.push('command.templateId.reference-formats');
    if (String(fields['templateId']).startsWith('#')) proved.push('versioning.package-name-format.accepted');
  }
  return proved;
}

const ACCEPTED_CLAUSES: ClauseId[] = [
  'submit-and-wait.exists',
  'submit-and-wait.response.shape',
  'submit-and-wait.commands.required',
  'submit-and-wait.commandId.required',
  'submit-and-wait.actAs.required',
  'submit-and-wait.userId.optional',
  'submit-and-wait.userId.user-id-string',
  'submit-and-wait.readAs.optional',
  'submit-and-wait.readAs.may-be-empty',
  'submit-and-wait.workflowId.ledger-string',
  'submit-and-wait.deduplicationPeriod.optional',
  'submit-and-wait.deduplicationPeriod.duration-only',
  'submit-and-wait.minLedgerTimeAbs.timestamp',
  'submit-and-wait.minLedgerTimeRel.duration',
  'submit-and-wait.submissionId.string',
  'submit-and-wait.disclosedContracts.shape',
  'submit-and-wait.synchronizerId.string',
  'submit-and-wait.packageIdSelectionPreference.strings',
  'submit-and-wait.prefetchContractKeys.shape',
  'submit-and-wait.tapsMaxPasses.integer',
  'command.exactly-one-key',
  'command.allowed-keys',
  'command.CreateCommand.fields-required',
  'command.CreateAndExerciseCommand.fields-required',
  'command.CreateAndExerciseCommand.choice.name-string',
  'command.templateId.reference-formats',
  'versioning.package-name-format.accepted',
  'deduplication-period.DeduplicationDuration.shape',
  'duration.seconds.required-int64',
  'duration.nanos.required-int32',
  'format.json-bodies',
  'format.int64-int32',
  'format.string-formats',
  'format.timestamps',
  'canton.json.protocol-int64-numbers',
];

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'accepts valid commands and answers updateId and completionOffset',
      endpoint: ENDPOINT,
      clauses: ACCEPTED_CLAUSES,
      requires: ['writes'],
    },
    async (context) => {
      const valid = validRequests(generatorContext(context.fixtures), 'accepted')['submit-and-wait'];
      await context.forAll(valid, async (request) => {
        const response = await sendGenerated(context, request, request.asUser ?? null);
        notAServerError(response, 'submit-and-wait.exists');
        positiveDataAcceptance(response, 'submit-and-wait.exists', clausesProvedBy(request.body as Body));
        const body = answerBody(response, 'submit-and-wait.response.shape') as {
          completionOffset: unknown;
        };
        if (context.profile === 'canton') {
          expectValueMatches(
            'canton.json.protocol-int64-numbers',
            'completionOffset',
            body.completionOffset,
            (value) => typeof value === 'number' || typeof value === 'bigint',
            'a JSON number',
            response,
          );
        }
      });
    },
  );
});
