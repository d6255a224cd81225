import { invalidRequestRules, validRequests, exerciseMutations, freshId } from '../../generators/index.js';
import { noEffectOfRejectedWrite, writeVisible } from '../../checks/stateful.js';
import {
  contentTypeConformance,
  exactContentType,
  notAServerError,
  positiveDataAcceptance,
  statusCodeConformance,
} from '../../checks/basic.js';
import { errorBodyConformance, expectErrorCode } from '../../checks/error-body.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectText, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { hiddenByAuthorization, rejectsInvalidRequests } from '../support/properties.js';
import { createIouCommand, generatorContext, iouSubmission, postJson, sendGenerated } from '../support/requests.js';

const PATH = '/v2/commands/submit-and-wait';
const ENDPOINT = 'submit-and-wait';
const ERROR_BODY = 'submit-and-wait.errors.default-body';

/** A user who acts as the Iou payer `bank`, and the parties of the Iou it submits. */
function bankSubmitter(context: ConformanceContext) {
  const bank = context.party('bank');
  const user = context.userWhere('can act as the Iou payer bank', (candidate) => candidate.rights.actAs.includes('bank'));
  return { user: user.id, bank, alice: context.party('alice') };
}

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

const REJECTED_CLAUSES: ClauseId[] = [
  ERROR_BODY,
  'errors.400-text-names-part',
  'submit-and-wait.commands.required',
  'submit-and-wait.commands.non-empty',
  'submit-and-wait.commandId.required',
  'submit-and-wait.commandId.ledger-string',
  'submit-and-wait.actAs.required',
  'submit-and-wait.actAs.non-empty',
  'submit-and-wait.workflowId.ledger-string',
  'submit-and-wait.submissionId.string',
  'submit-and-wait.synchronizerId.string',
  'submit-and-wait.tapsMaxPasses.integer',
  'submit-and-wait.packageIdSelectionPreference.strings',
  'submit-and-wait.minLedgerTimeAbs.timestamp',
  'command.exactly-one-key',
  'command.allowed-keys',
  'command.CreateCommand.fields-required',
  'command.CreateAndExerciseCommand.fields-required',
  'command.CreateAndExerciseCommand.choice.name-string',
  'command.templateId.reference-formats',
  'deduplication-period.exactly-one-key',
  'deduplication-period.allowed-keys',
  'duration.seconds.required-int64',
  'duration.nanos.required-int32',
  'canton.errors.400-text.json-path-detail',
  'canton.errors.400-text.body-format',
  'canton.submit-and-wait.missing-field-text-400',
  'canton.submit-and-wait.unknown-command-key-400',
  'canton.daml-lf.template-id-format',
  'canton.errors.category-8-400',
];

/** Sends the body and requires the submission to be rejected with a JSON error (the canton code when given). */
async function rejectsSubmission(
  context: ConformanceContext,
  body: unknown,
  user: string,
  clauseId: ClauseId,
  canton: { code: string; cantonClauseId: ClauseId },
): Promise<void> {
  const response = await postJson(context, PATH, body, user);
  statusCodeConformance(response, context.profile === 'canton' ? [400, 404, 409] : [400, 401, 403, 404, 409, 422], clauseId);
  const error = errorBodyConformance(context, response, 'errors.submission-error-propagated');
  if (context.profile === 'canton') expectErrorCode(error, canton.code, canton.cantonClauseId, response);
}

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'accepts valid commands and answers updateId and completionOffset',
      endpoint: ENDPOINT,
      clauses: ACCEPTED_CLAUSES,
      checks: [
        'positive_data_acceptance',
        'content_type_conformance',
        'response_schema_conformance',
        'not_a_server_error',
        'response_value_conformance',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const valid = validRequests(generatorContext(context.fixtures), 'accepted')['submit-and-wait'];
      await context.forAll(valid, async (request) => {
        const response = await sendGenerated(context, request, request.asUser ?? null);
        notAServerError(response, 'submit-and-wait.exists');
        positiveDataAcceptance(response, 'submit-and-wait.exists', clausesProvedBy(request.body as Body));
        contentTypeConformance(response, 'json', 'submit-and-wait.response.shape');
        const body = responseSchemaConformance(context.validators, response, 'SubmitAndWaitResponse', 'submit-and-wait.response.shape') as {
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

  conformanceTest(
    {
      name: 'rejects every invalid body for its rule (control: the same body without the mutation is accepted)',
      endpoint: ENDPOINT,
      clauses: REJECTED_CLAUSES,
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
      requires: ['writes'],
    },
    async (context) => {
      const invalid = invalidRequestRules(generatorContext(context.fixtures))['submit-and-wait'];
      // With authorization on, a mutation that also breaks an authorization rule proves nothing (see the next test).
      const conclusive = context.features.authorization ? invalid.filter((rule) => !hiddenByAuthorization(rule)) : invalid;
      await rejectsInvalidRequests(context, conclusive, {
        endpoint: ENDPOINT,
        errorBodyClause: ERROR_BODY,
        schema: 'SubmitAndWaitRequest',
        user: null,
      });
    },
  );

  conformanceTest(
    {
      name: 'rejects user ids and act-as parties of the wrong format (on a target without authorization)',
      endpoint: ENDPOINT,
      clauses: ['user-id.limit.max-128', 'user-id.limit.charset', 'submit-and-wait.actAs.party-id-string'],
      checks: ['negative_data_rejection'],
      requires: ['writes', 'authorizationDisabled'],
    },
    async (context) => {
      const invalid = invalidRequestRules(generatorContext(context.fixtures))['submit-and-wait'].filter(hiddenByAuthorization);
      await rejectsInvalidRequests(context, invalid, {
        endpoint: ENDPOINT,
        errorBodyClause: ERROR_BODY,
        schema: 'SubmitAndWaitRequest',
        user: null,
      });
    },
  );

  conformanceTest(
    {
      name: 'rejects exercise commands of the wrong shape on a live contract (control: the same exercise is accepted)',
      endpoint: ENDPOINT,
      clauses: [
        'command.ExerciseCommand.fields-required',
        'command.ExerciseCommand.contractId.ledger-string',
        'command.ExerciseCommand.choice.name-string',
        'canton.errors.400-text.json-path-detail',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const templateId = context.fixtures.templates.iou.templateId;
      await context.forEachRule(
        exerciseMutations('ExerciseCommand'),
        async (mutation) => {
          // A fresh Iou per case: the control archives it.
          const created = await postJson(context, PATH, iouSubmission(context.fixtures, { payer: bank, owner: alice }), user);
          positiveDataAcceptance(created, 'submit-and-wait.exists');
          const contractId = await createdContractId(context, user, bank, created);
          const exercise = { templateId, contractId, choice: 'Archive', choiceArgument: {} };
          const mutated = { ...exercise } as Body;
          if (mutation.remove) delete mutated[String(mutation.at[0])];
          else mutated[String(mutation.at[0])] = mutation.set;
          const submission = (command: Body) => ({ commands: [{ ExerciseCommand: command }], commandId: freshId('cmd'), actAs: [bank] });
          const response = await postJson(context, PATH, submission(mutated), user);
          await negativeDataRejection(context, {
            rule: {
              clauseId: mutation.clauseId,
              rule: mutation.rule,
              violation: mutation.violation,
              part: { kind: 'body', name: `commands[0].ExerciseCommand.${String(mutation.at[0])}` },
            },
            response,
            control: () => postJson(context, PATH, submission(exercise), user),
            errorBodyClause: ERROR_BODY,
            endpoint: ENDPOINT,
            value: mutated[String(mutation.at[0])],
          });
        },
        { numRuns: Math.min(context.cases, 20) },
      );
    },
  );

  conformanceTest(
    {
      name: 'rejects exercise-by-key commands of the wrong shape on a live keyed contract (control: the same exercise is accepted)',
      endpoint: ENDPOINT,
      clauses: ['command.ExerciseByKeyCommand.fields-required', 'command.ExerciseByKeyCommand.choice.name-string'],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined)
        context.skip('the fixtures name no keyed template (templates.keyedAccount with a key): exercise-by-key needs one');
      const owner = context.party('alice');
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      await context.forEachRule(
        exerciseMutations('ExerciseByKeyCommand'),
        async (mutation) => {
          // A fresh keyed contract per case: the control archives it.
          const number = freshId('acc');
          const account = { ...(keyed!.createArguments as Body), owner, number };
          const create = {
            commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }],
            commandId: freshId('cmd'),
            actAs: [owner],
          };
          positiveDataAcceptance(await postJson(context, PATH, create, user), 'submit-and-wait.exists');
          const exercise: Body = { templateId: keyed!.templateId, contractKey: { owner, number }, choice: 'Archive', choiceArgument: {} };
          const mutated = { ...exercise };
          const field = String(mutation.at[0]);
          if (mutation.remove) delete mutated[field];
          else mutated[field] = mutation.set;
          const submission = (command: Body) => ({
            commands: [{ ExerciseByKeyCommand: command }],
            commandId: freshId('cmd'),
            actAs: [owner],
          });
          const response = await postJson(context, PATH, submission(mutated), user);
          await negativeDataRejection(context, {
            rule: {
              clauseId: mutation.clauseId,
              rule: mutation.rule,
              violation: mutation.violation,
              part: { kind: 'body', name: `commands[0].ExerciseByKeyCommand.${field}` },
            },
            response,
            control: () => postJson(context, PATH, submission(exercise), user),
            errorBodyClause: ERROR_BODY,
            endpoint: ENDPOINT,
            value: mutated[field],
          });
        },
        { numRuns: Math.min(context.cases, 12) },
      );
    },
  );

  conformanceTest(
    {
      name: 'a missing commandId is a 400 text naming the field',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.commandId.required',
        'errors.400-text-names-part',
        'errors.400-text-names-body',
        'errors.400-text-plain',
        'format.area-a-400-plain-text',
        'canton.submit-and-wait.missing-field-text-400',
        'canton.errors.400-text.content-type',
        'canton.errors.400-text.body-format',
      ],
      checks: ['negative_data_rejection', 'content_type_conformance', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const { commandId: _omitted, ...body } = valid;
      const response = await postJson(context, PATH, body, user);
      const outcome = await negativeDataRejection(context, {
        rule: {
          clauseId: 'submit-and-wait.commandId.required',
          rule: 'missing commandId',
          violation: { kind: 'missing' },
          part: { kind: 'body', name: 'commandId' },
        },
        response,
        control: () => postJson(context, PATH, valid, user),
        errorBodyClause: ERROR_BODY,
        endpoint: ENDPOINT,
      });
      if (outcome !== 'credited') return;
      contentTypeConformance(response, 'text', 'errors.400-text-plain');
      contentTypeConformance(response, 'text', 'format.area-a-400-plain-text');
      expectText('errors.400-text-names-body', 'the 400 text', response.text, { includes: 'body' }, response);
      if (context.profile === 'canton') {
        exactContentType(response, /^text\/plain; ?charset=utf-8$/i, 'text/plain; charset=UTF-8', 'canton.errors.400-text.content-type');
        expectText(
          'canton.errors.400-text.body-format',
          'the 400 text',
          response.text,
          { pattern: /^Invalid value for: body \(.+\)$/s },
          response,
        );
        expectText(
          'canton.submit-and-wait.missing-field-text-400',
          'the 400 text',
          response.text,
          // The stable part and the field it names, not the decoder's whole sentence (verified-against-real C2);
          // 3.5 writes `Invalid value for: body (Missing required field at 'commandId')`.
          { pattern: /^Invalid value for: body \(.*\bcommandId\b/s },
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a failed ensure clause is propagated as the submission error',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.submit-and-wait.template-precondition-violated-400',
      ],
      checks: ['error_body_conformance', 'status_code_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const response = await postJson(context, PATH, iouSubmission(context.fixtures, { payer: bank, owner: alice, amount: '-1.0' }), user);
      statusCodeConformance(response, context.profile === 'canton' ? [400] : [400, 409, 422], 'submit-and-wait.errors.propagated');
      const error = errorBodyConformance(context, response, 'errors.submission-error-propagated');
      if (context.profile === 'canton') {
        expectErrorCode(error, 'TEMPLATE_PRECONDITION_VIOLATED', 'canton.submit-and-wait.template-precondition-violated-400', response);
      }
    },
  );

  conformanceTest(
    {
      name: "interpretation failures carry Canton's codes",
      endpoint: ENDPOINT,
      clauses: [
        'errors.submission-error-propagated',
        'canton.submit-and-wait.templates-or-interfaces-not-found-404',
        'canton.submit-and-wait.package-names-not-found-404',
        'canton.submit-and-wait.contract-not-found-404',
        'canton.submit-and-wait.authorization-error-400',
        'canton.daml-lf.unexpected-fields-400',
        'canton.daml-lf.missing-fields-400',
      ],
      checks: ['error_body_conformance', 'status_code_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const create = (createCommand: Body) => ({ ...valid, commandId: freshId('cmd'), commands: [{ CreateCommand: createCommand }] });
      const iou = (
        createIouCommand(context.fixtures, { payer: bank, owner: alice }) as {
          CreateCommand: { templateId: string; createArguments: Body };
        }
      ).CreateCommand;
      const { viewers: _viewers, ...withoutViewers } = iou.createArguments;
      // "Contract not found" needs a real, suffixed id of a contract that is no longer active: archive one first.
      const archived = await archivedIouContractId(context, user, bank, alice);
      const cases: [Body, string, ClauseId][] = [
        [
          create({ ...iou, templateId: `${context.fixtures.package.id}:Iou:NoSuchTemplate` }),
          'TEMPLATES_OR_INTERFACES_NOT_FOUND',
          'canton.submit-and-wait.templates-or-interfaces-not-found-404',
        ],
        [
          create({ ...iou, templateId: '#NoSuchPackageName:Iou:Iou' }),
          'PACKAGE_NAMES_NOT_FOUND',
          'canton.submit-and-wait.package-names-not-found-404',
        ],
        [
          {
            ...valid,
            commandId: freshId('cmd'),
            commands: [{ ExerciseCommand: { templateId: iou.templateId, contractId: archived, choice: 'Call', choiceArgument: {} } }],
          },
          'CONTRACT_NOT_FOUND',
          'canton.submit-and-wait.contract-not-found-404',
        ],
        // bank acts for an Iou whose signatory is alice: the rights are fine, the Daml authorization is not.
        [
          { ...iouSubmission(context.fixtures, { payer: alice, owner: bank }), actAs: [bank] },
          'DAML_AUTHORIZATION_ERROR',
          'canton.submit-and-wait.authorization-error-400',
        ],
        [
          create({ ...iou, createArguments: { ...iou.createArguments, unexpectedField: 'x' } }),
          'INVALID_ARGUMENT',
          'canton.daml-lf.unexpected-fields-400',
        ],
        [create({ ...iou, createArguments: withoutViewers }), 'COMMAND_PREPROCESSING_FAILED', 'canton.daml-lf.missing-fields-400'],
      ];
      for (const [body, code, cantonClauseId] of cases) {
        await rejectsSubmission(context, body, user, 'errors.submission-error-propagated', { code, cantonClauseId });
      }
    },
  );

  conformanceTest(
    {
      name: 'the commands of one submission are atomic: when one fails, none takes effect',
      endpoint: ENDPOINT,
      clauses: ['submit-and-wait.commands.atomic'],
      checks: ['stateful_consistency', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined)
        context.skip(
          'the fixtures name no keyed template (templates.keyedAccount with a key): atomicity is observed through a contract key',
        );
      const owner = context.party('alice');
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const number = freshId('acc');
      const account = { ...(keyed!.createArguments as Body), owner, number };
      const failing = iouSubmission(context.fixtures, { payer: owner, owner, amount: '-1.0' }).commands as unknown[];
      const response = await postJson(
        context,
        PATH,
        {
          commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }, ...failing],
          commandId: freshId('cmd'),
          actAs: [owner],
        },
        user,
      );
      errorBodyConformance(context, response, 'submit-and-wait.commands.atomic');
      // Had the first command taken effect, its contract would now be found by its key (and archived).
      const archiveByKey = () =>
        postJson(
          context,
          PATH,
          {
            commands: [
              {
                ExerciseByKeyCommand: {
                  templateId: keyed!.templateId,
                  contractKey: { owner, number },
                  choice: 'Archive',
                  choiceArgument: {},
                },
              },
            ],
            commandId: freshId('cmd'),
            actAs: [owner],
          },
          user,
        );
      const lookup = await archiveByKey();
      // The control: the first command alone is accepted, and then the same lookup finds its contract.
      const alone = await postJson(
        context,
        PATH,
        {
          commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }],
          commandId: freshId('cmd'),
          actAs: [owner],
        },
        user,
      );
      const controlLookup = alone.status === 200 ? await archiveByKey() : undefined;
      noEffectOfRejectedWrite(
        'submit-and-wait.commands.atomic',
        'the contract of the first command of the failed atomic submission',
        lookup.status === 200,
        {
          found: controlLookup?.status === 200,
          detail: controlLookup === undefined ? `the create alone answered ${alone.status}` : `the lookup answered ${controlLookup.status}`,
        },
        lookup,
      );
    },
  );

  conformanceTest(
    {
      name: 'an empty commands list and an empty actAs list are rejected',
      endpoint: ENDPOINT,
      clauses: ['limits.non-empty-lists.commands', 'limits.non-empty-lists.actAs'],
      checks: ['negative_data_rejection'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = () => iouSubmission(context.fixtures, { payer: bank, owner: alice });
      for (const [field, clauseId] of [
        ['commands', 'limits.non-empty-lists.commands'],
        ['actAs', 'limits.non-empty-lists.actAs'],
      ] as const) {
        const response = await postJson(context, PATH, { ...valid(), [field]: [] }, user);
        await negativeDataRejection(context, {
          rule: { clauseId, rule: `empty ${field} list`, violation: { kind: 'empty-list' }, part: { kind: 'body', name: field } },
          response,
          control: () => postJson(context, PATH, valid(), user),
          errorBodyClause: ERROR_BODY,
          endpoint: ENDPOINT,
        });
      }
    },
  );
});

/** Creates an Iou as `bank` and returns its contract id, read back from the ledger. */
async function createdContractId(context: ConformanceContext, user: string, bank: string, created: { json(): unknown }): Promise<string> {
  const { completionOffset } = created.json() as { completionOffset: number };
  const read = await postJson(
    context,
    '/v2/updates/update-by-offset',
    {
      offset: completionOffset,
      updateFormat: {
        includeTransactions: {
          eventFormat: {
            filtersByParty: {
              [bank]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] },
            },
            verbose: false,
          },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    },
    user,
  );
  positiveDataAcceptance(read, 'update-by-offset.exists');
  const body = read.json() as { update?: { Transaction?: { value?: { events?: Record<string, { contractId: string }>[] } } } };
  const createdEvents = (body.update?.Transaction?.value?.events ?? []).flatMap((event) =>
    event['CreatedEvent'] ? [event['CreatedEvent']] : [],
  );
  writeVisible(
    'submit-and-wait.summary.waits-for-result',
    `created events at completionOffset ${completionOffset}`,
    createdEvents,
    1,
    read,
  );
  return createdEvents[0]!.contractId;
}

/** A real, suffixed contract id of an Iou that was created and then archived. */
async function archivedIouContractId(context: ConformanceContext, user: string, bank: string, alice: string): Promise<string> {
  const created = await postJson(context, PATH, iouSubmission(context.fixtures, { payer: bank, owner: alice }), user);
  positiveDataAcceptance(created, 'submit-and-wait.exists');
  const contractId = await createdContractId(context, user, bank, created);
  const archive = await postJson(
    context,
    PATH,
    {
      commands: [
        { ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} } },
      ],
      commandId: freshId('cmd'),
      actAs: [bank],
    },
    user,
  );
  positiveDataAcceptance(archive, 'submit-and-wait.exists');
  return contractId;
}
