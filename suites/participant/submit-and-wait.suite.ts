import { invalidRequests, validRequests } from '../../generators/index.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectThat } from '../../checks/assertion.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { rejectsInvalidBodies } from './support/properties.js';
import { createIouCommand, generatorContext, iouSubmission, postJson, sendGenerated } from './support/requests.js';

const PATH = '/v2/commands/submit-and-wait';
const ENDPOINT = 'submit-and-wait';

/** A user who acts as the Iou payer `bank`, and the parties of the Iou it submits. */
function bankSubmitter(context: ConformanceContext) {
  const bank = context.party('bank');
  const user = context.userWhere('can act as the Iou payer bank', (candidate) => candidate.rights.actAs.includes('bank'));
  return { user: user.id, bank, alice: context.party('alice') };
}

/** Sends the body and requires the submission to be rejected with a JSON error (the canton code when given). */
async function rejectsSubmission(
  context: ConformanceContext,
  body: unknown,
  user: string,
  clauseId: string,
  canton?: { code: string; cantonClauseId: string },
): Promise<void> {
  const response = await postJson(context, PATH, body, user);
  negativeDataRejection(
    context,
    response,
    clauseId,
    { kind: 'body', name: 'body' },
    canton ? { form: 'error', ...canton } : { form: 'either' },
  );
  if (!response.contentType.startsWith('text/plain'))
    errorBodyConformance(context, response, 'errors.submission-error-propagated', canton ?? {});
}

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'accepts valid commands and answers updateId and completionOffset',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.exists',
        'submit-and-wait.summary.waits-for-result',
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
        'submit-and-wait.commands.atomic',
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
        'format.timestamps',
        'format.string-formats',
        'canton.json.protocol-int64-numbers',
        'canton.daml-lf.numeric-string',
        'canton.daml-lf.optional-null',
      ],
      checks: ['positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance', 'not_a_server_error'],
      requires: ['writes'],
    },
    async (context) => {
      const valid = validRequests(generatorContext(context.fixtures), 'accepted')['submit-and-wait'];
      await context.forAll(valid, async (request) => {
        const response = await sendGenerated(context, request, request.asUser ?? null);
        notAServerError(response, 'submit-and-wait.exists');
        positiveDataAcceptance(response, 'submit-and-wait.exists');
        contentTypeConformance(response, 'json', 'submit-and-wait.response.shape');
        const body = responseSchemaConformance(context.validators, response, 'SubmitAndWaitResponse', 'submit-and-wait.response.shape') as {
          completionOffset: unknown;
        };
        if (context.profile === 'canton') {
          expectThat(
            typeof body.completionOffset === 'number' || typeof body.completionOffset === 'bigint',
            'response_schema_conformance',
            'canton.json.protocol-int64-numbers',
            `completionOffset must be a JSON number, got ${JSON.stringify(String(body.completionOffset))}`,
            response,
          );
        }
      });
    },
  );

  conformanceTest(
    {
      name: 'rejects every invalid body as its rule says',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.errors.default-body',
        'errors.400-text-plain',
        'errors.400-text-names-part',
        'errors.400-text-names-body',
        'format.area-a-400-plain-text',
        'submit-and-wait.commandId.ledger-string',
        'submit-and-wait.actAs.party-id-string',
        'user-id.limit.max-128',
        'user-id.limit.charset',
        'user-id.limit.non-empty',
        'command.ExerciseByKeyCommand.fields-required',
        'command.ExerciseByKeyCommand.choice.name-string',
        'command.ExerciseCommand.fields-required',
        'command.ExerciseCommand.contractId.ledger-string',
        'command.ExerciseCommand.choice.name-string',
        'deduplication-period.exactly-one-key',
        'deduplication-period.allowed-keys',
        'deduplication-period.DeduplicationOffset.execute-form-only',
        'deduplication-period.Empty.execute-form-only',
        'canton.errors.400-text.json-path-detail',
        'canton.submit-and-wait.unknown-command-key-400',
        'canton.daml-lf.template-id-format',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance', 'content_type_conformance', 'not_a_server_error'],
      requires: ['writes'],
    },
    async (context) => {
      const invalid = invalidRequests(generatorContext(context.fixtures))['submit-and-wait'];
      if (invalid === undefined) throw new Error('generators: no invalid submit-and-wait requests are defined');
      await rejectsInvalidBodies(context, invalid, {
        schema: 'SubmitAndWaitRequest',
        user: bankSubmitter(context).user,
        fallbackClause: 'submit-and-wait.errors.default-body',
      });
    },
  );

  conformanceTest(
    {
      name: 'an empty commands list is rejected (MISSING_FIELD)',
      endpoint: ENDPOINT,
      clauses: ['submit-and-wait.commands.non-empty', 'limits.non-empty-lists.commands', 'canton.errors.category-8-400'],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const body = { ...iouSubmission(context.fixtures, { payer: bank, owner: alice }), commands: [] };
      await rejectsSubmission(context, body, user, 'submit-and-wait.commands.non-empty', {
        code: 'MISSING_FIELD',
        cantonClauseId: 'canton.errors.category-8-400',
      });
    },
  );

  conformanceTest(
    {
      name: 'an empty actAs list is rejected (MISSING_FIELD)',
      endpoint: ENDPOINT,
      clauses: ['submit-and-wait.actAs.non-empty', 'limits.non-empty-lists.actAs', 'canton.errors.category-8-400'],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const body = { ...iouSubmission(context.fixtures, { payer: bank, owner: alice }), actAs: [] };
      await rejectsSubmission(context, body, user, 'submit-and-wait.actAs.non-empty', {
        code: 'MISSING_FIELD',
        cantonClauseId: 'canton.errors.category-8-400',
      });
    },
  );

  conformanceTest(
    {
      name: 'a missing commandId is a 400 text naming the field',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.commandId.required',
        'errors.400-text-names-body',
        'canton.submit-and-wait.missing-field-text-400',
        'canton.errors.400-text.content-type',
        'canton.errors.400-text.body-format',
      ],
      checks: ['negative_data_rejection', 'content_type_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const { commandId: _omitted, ...body } = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const response = await postJson(context, PATH, body, user);
      negativeDataRejection(
        context,
        response,
        'submit-and-wait.commandId.required',
        { kind: 'body', name: 'commandId' },
        { form: 'text', cantonClauseId: 'canton.submit-and-wait.missing-field-text-400' },
      );
      if (context.profile === 'canton') {
        expectThat(
          /^text\/plain; ?charset=utf-8$/i.test(response.contentType),
          'content_type_conformance',
          'canton.errors.400-text.content-type',
          `expected text/plain; charset=UTF-8, got "${response.contentType}"`,
          response,
        );
        expectThat(
          response.text === "Invalid value for: body (Missing required field at 'commandId')",
          'negative_data_rejection',
          'canton.submit-and-wait.missing-field-text-400',
          `expected "Invalid value for: body (Missing required field at 'commandId')", got ${JSON.stringify(response.text)}`,
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
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const body = iouSubmission(context.fixtures, { payer: bank, owner: alice, amount: '-1.0' });
      await rejectsSubmission(context, body, user, 'submit-and-wait.errors.propagated', {
        code: 'TEMPLATE_PRECONDITION_VIOLATED',
        cantonClauseId: 'canton.submit-and-wait.template-precondition-violated-400',
      });
    },
  );

  conformanceTest(
    {
      name: "interpretation failures carry Canton's codes",
      endpoint: ENDPOINT,
      clauses: [
        'canton.submit-and-wait.templates-or-interfaces-not-found-404',
        'canton.submit-and-wait.package-names-not-found-404',
        'canton.submit-and-wait.contract-not-found-404',
        'canton.submit-and-wait.authorization-error-400',
        'canton.errors.category-11-404',
        'canton.daml-lf.unexpected-fields-400',
        'canton.daml-lf.missing-fields-400',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const create = (createCommand: Record<string, unknown>) => ({ ...valid, commands: [{ CreateCommand: createCommand }] });
      const iou = (
        createIouCommand(context.fixtures, { payer: bank, owner: alice }) as {
          CreateCommand: { templateId: string; createArguments: Record<string, unknown> };
        }
      ).CreateCommand;
      const { viewers: _viewers, ...withoutViewers } = iou.createArguments;
      const cases: [unknown, string, string][] = [
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
            commands: [
              { ExerciseCommand: { templateId: iou.templateId, contractId: `00${'ab'.repeat(32)}`, choice: 'Call', choiceArgument: {} } },
            ],
          },
          'CONTRACT_NOT_FOUND',
          'canton.submit-and-wait.contract-not-found-404',
        ],
        [
          iouSubmission(context.fixtures, { payer: alice, owner: bank }),
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
        const actAs = (body as { actAs: string[] }).actAs;
        // The authorization case acts as bank for an Iou whose signatory is alice: rights are fine, the Daml authorization is not.
        await rejectsSubmission(context, { ...(body as object), actAs: actAs.includes(alice) ? [bank] : actAs }, user, cantonClauseId, {
          code,
          cantonClauseId,
        });
      }
    },
  );

  conformanceTest(
    {
      name: 'unknown fields are ignored and the content type is not enforced',
      endpoint: ENDPOINT,
      clauses: ['canton.http.unknown-fields-ignored', 'canton.http.content-type-not-enforced'],
      checks: ['positive_data_acceptance'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const withUnknown = { ...iouSubmission(context.fixtures, { payer: bank, owner: alice }), someFutureField: { nested: true } };
      positiveDataAcceptance(await postJson(context, PATH, withUnknown, user), 'canton.http.unknown-fields-ignored');
      const asText = await context.send({
        api: 'participant',
        method: 'POST',
        path: PATH,
        user,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(iouSubmission(context.fixtures, { payer: bank, owner: alice })),
      });
      positiveDataAcceptance(asText, 'canton.http.content-type-not-enforced');
    },
  );
});
