/**
 * POST /v2/commands/submit-and-wait, refused before interpretation: every invalid body for its rule (with its control),
 * ids of the wrong format, a missing commandId (400 text), empty commands and actAs lists.
 * Part of suite `submit-and-wait` (see submit-and-wait.suite.ts).
 */
import { invalidRequestRules } from '../../generators/index.js';
import { exactContentType, expectContentType } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { expectText } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { hiddenByAuthorization, rejectsInvalidRequests } from '../support/properties.js';
import { generatorContext, iouSubmission, postJson } from '../support/requests.js';
import {
  SUBMIT_AND_WAIT_ENDPOINT as ENDPOINT,
  SUBMIT_AND_WAIT_ERROR_BODY as ERROR_BODY,
  bankSubmitter,
} from '../support/submit-and-wait.js';

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

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'rejects every invalid body for its rule (control: the same body without the mutation is accepted)',
      endpoint: ENDPOINT,
      clauses: REJECTED_CLAUSES,
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
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const { commandId: _omitted, ...body } = valid;
      const response = await postJson(context, ENDPOINT, body, user);
      const outcome = await negativeDataRejection(context, {
        rule: {
          clauseId: 'submit-and-wait.commandId.required',
          rule: 'missing commandId',
          violation: { kind: 'missing' },
          part: { kind: 'body', name: 'commandId' },
        },
        response,
        control: () => postJson(context, ENDPOINT, valid, user),
        errorBodyClause: ERROR_BODY,
        endpoint: ENDPOINT,
      });
      if (outcome !== 'credited') return;
      expectContentType(response, 'text', 'errors.400-text-plain');
      expectContentType(response, 'text', 'format.area-a-400-plain-text');
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
      name: 'an empty commands list and an empty actAs list are rejected',
      endpoint: ENDPOINT,
      clauses: ['limits.non-empty-lists.commands', 'limits.non-empty-lists.actAs'],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = () => iouSubmission(context.fixtures, { payer: bank, owner: alice });
      for (const [field, clauseId] of [
        ['commands', 'limits.non-empty-lists.commands'],
        ['actAs', 'limits.non-empty-lists.actAs'],
      ] as const) {
        const response = await postJson(context, ENDPOINT, { ...valid(), [field]: [] }, user);
        await negativeDataRejection(context, {
          rule: { clauseId, rule: `empty ${field} list`, violation: { kind: 'empty-list' }, part: { kind: 'body', name: field } },
          response,
          control: () => postJson(context, ENDPOINT, valid(), user),
          errorBodyClause: ERROR_BODY,
          endpoint: ENDPOINT,
        });
      }
    },
  );
});
