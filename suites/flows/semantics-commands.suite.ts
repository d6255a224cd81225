/**
 * Ledger semantics, part 2: what a command does, held to an independent model of what the test itself did
 * (the parties it acted as, the values it wrote, how many submissions it sent), never to the node's own answers.
 * Deduplication per change id, exercise authorization, double spends and races, synchronizer ids, disclosed
 * contracts, value fidelity, and that a transaction has one identity (updateId, offset, effective time).
 * Canton profile only: every clause here is real Canton 3.5 behaviour, cited in specification/clauses/semantics-commands.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { errorBodyConformance, expectErrorCode, type JsCantonErrorBody } from '../../checks/error-body.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { freshId } from '../../generators/index.js';
import {
  createdEvents,
  createIouAndFindIt,
  iouCreate,
  type JsonObject,
  partyView,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { execute, executeBody, externalParty, findPreparedIou, ledgerEndMarker, prepareIou } from '../support/prepared-iou.js';
import { PREPARE_REQUIRED } from '../support/interactive.js';

const DUPLICATE_CODES = ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'];
const ERROR_CHECKS = [
  'status_code_conformance',
  'error_body_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'positive_data_acceptance',
] as const;

function send(ctx: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return ctx.send({ api: 'participant', method: 'POST', path: '/v2/commands/submit-and-wait', user, body });
}

const brief = (response: ClientResponse): string => `${response.status}: ${response.text.slice(0, 200)}`;

/**
 * A refusal credited to `clauseId` only when its control (the same request with the one thing changed back) was
 * accepted: 4xx, the default error body, one of `codes`, and `status`.
 */
function refusedFor(
  ctx: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  control: ClientResponse,
  codes: string | readonly string[],
  status: number,
): JsCantonErrorBody | undefined {
  // Accepted is wrong whatever the control says (it may have failed only because this request took effect).
  if (refused.status >= 200 && refused.status < 300) statusInRange(refused, 400, 499, clauseId);
  if (control.status < 200 || control.status >= 300) {
    recordInconclusive(
      'status_code_conformance',
      clauseId,
      `the control request (the same request without the change) was refused too (${brief(control)}), so the refusal proves nothing`,
      control,
    );
    return undefined;
  }
  statusInRange(refused, 400, 499, clauseId);
  const body = errorBodyConformance(ctx, refused, clauseId);
  expectErrorCode(body, codes, clauseId, refused);
  statusCodeConformance(refused, [status], clauseId);
  return body;
}

function bankUser(ctx: ConformanceContext): string {
  return ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
}

function aliceUser(ctx: ConformanceContext): string {
  return ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
}

function transfer(ctx: ConformanceContext, contractId: string, newOwner: string): JsonObject {
  return {
    ExerciseCommand: { templateId: ctx.fixtures.templates.iou.templateId, contractId, choice: 'Transfer', choiceArgument: { newOwner } },
  };
}

/** A Numeric string as an exact (unscaled integer, scale) pair with trailing zeros removed, for comparison. */
function exactDecimal(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return `not a decimal: ${text}`;
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return `${match[1]}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

conformanceSuite('flows / semantics of commands', () => {
  conformanceTest(
    {
      name: 'one transaction: one updateId and offset in every shape, and createdAt is its effective time',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.one-update-id-per-transaction', 'canton.semantics.created-at-is-effective-time'],
      checks: ['positive_data_acceptance', 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      const submitted = await submit(ctx, {
        user,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, payer)],
        clauseId: 'canton.semantics.one-update-id-per-transaction',
      });
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const response = await updateByOffset(
          ctx,
          user,
          submitted.completionOffset,
          transactionFormat({ [payer]: [wildcardFilter()] }, shape),
        );
        const { value, events } = transactionOf(response, 'canton.semantics.one-update-id-per-transaction');
        expectValue(
          'canton.semantics.one-update-id-per-transaction',
          `the updateId of the ${shape} view`,
          value.updateId,
          submitted.updateId,
          response,
        );
        expectValue(
          'canton.semantics.one-update-id-per-transaction',
          `the offset of the ${shape} view`,
          Number(value.offset),
          submitted.completionOffset,
          response,
        );
        for (const [kind, event] of events) {
          expectValue(
            'canton.semantics.one-update-id-per-transaction',
            `the offset of a ${kind} in the ${shape} view`,
            Number(event.offset),
            submitted.completionOffset,
            response,
          );
        }
        const created = createdEvents(events);
        writeVisible('canton.semantics.created-at-is-effective-time', `the created Iou in the ${shape} view`, created, 1, response);
        expectValue(
          'canton.semantics.created-at-is-effective-time',
          `createdAt of the Iou (${shape}) against the transaction's effectiveAt`,
          Date.parse(String(created[0]!.createdAt)),
          Date.parse(String(value.effectiveAt)),
          response,
        );
        expectValue(
          'canton.semantics.created-at-is-effective-time',
          `createdAt of the Iou (${shape}), as written`,
          created[0]!.createdAt,
          value.effectiveAt,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a Numeric at its precision bounds reads back exactly; beyond them it is COMMAND_PREPROCESSING_FAILED',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.numeric-exact', 'canton.values.numeric-unrepresentable-refused'],
      checks: [...ERROR_CHECKS, 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      // 28 integer digits and 10 decimals: the bounds of Numeric 10; no double holds either exactly.
      for (const amount of ['9999999999999999999999999999.9999999999', '1234567890123456789.0123456789', '0.0000000001']) {
        const submitted = await submit(ctx, {
          user,
          actAs: [payer],
          commands: [iouCreate(ctx, payer, payer, amount)],
          clauseId: 'canton.values.numeric-exact',
        });
        const response = await partyView(ctx, user, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
        const created = createdEvents(transactionOf(response, 'canton.values.numeric-exact').events);
        writeVisible('canton.values.numeric-exact', 'the created Iou', created, 1, response);
        const read = ((created[0]!.createArgument as JsonObject | undefined)?.amount as JsonObject | undefined)?.value;
        expectValueMatches(
          'canton.values.numeric-exact',
          `the amount written as ${amount}`,
          read,
          (value) => typeof value === 'string' && exactDecimal(value) === exactDecimal(amount),
          `exactly ${amount} (any number of trailing zeros)`,
          response,
        );
      }
      const control = await send(ctx, user, {
        commands: [iouCreate(ctx, payer, payer, '1.0000000001')],
        commandId: freshId('numeric'),
        actAs: [payer],
      });
      for (const [amount, words] of [
        ['1.00000000001', 'Cannot represent'],
        ['10000000000000000000000000000.0', 'Out-of-bounds (Numeric 10)'],
      ] as const) {
        const refused = await send(ctx, user, {
          commands: [iouCreate(ctx, payer, payer, amount)],
          commandId: freshId('numeric'),
          actAs: [payer],
        });
        const error = refusedFor(
          ctx,
          'canton.values.numeric-unrepresentable-refused',
          refused,
          control,
          'COMMAND_PREPROCESSING_FAILED',
          400,
        );
        if (error) {
          expectValueMatches(
            'canton.values.numeric-unrepresentable-refused',
            `the cause for ${amount}`,
            error.cause,
            (cause) => cause.includes(words),
            `containing "${words}"`,
            refused,
          );
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'deduplication: the act-as order does not matter, a failed submission takes no change id, concurrent twins succeed once',
      endpoint: 'submit-and-wait',
      clauses: [
        'canton.deduplication.act-as-set',
        'canton.deduplication.failed-submission-not-deduplicated',
        'canton.deduplication.concurrent-one-success',
      ],
      checks: [...ERROR_CHECKS, 'response_value_conformance', 'stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const user = ctx.fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.length >= 2);
      if (!user) return ctx.skip('no fixture user may act as two parties (needed to reorder the act-as set of a change id)');
      const [first, second] = user.rights.actAs.map((alias) => ctx.party(alias));
      // The same set of parties, in the other order: the same change.
      const commandId = freshId('act-as-order');
      await submit(ctx, {
        user: user.id,
        actAs: [first!, second!],
        commands: [iouCreate(ctx, first!, first!)],
        commandId,
        clauseId: 'canton.deduplication.act-as-set',
      });
      const reordered = await send(ctx, user.id, { commands: [iouCreate(ctx, first!, first!)], commandId, actAs: [second!, first!] });
      const control = await send(ctx, user.id, {
        commands: [iouCreate(ctx, first!, first!)],
        commandId: freshId('act-as-order'),
        actAs: [second!, first!],
      });
      refusedFor(ctx, 'canton.deduplication.act-as-set', reordered, control, DUPLICATE_CODES, 409);

      // A submission the ledger rejects (a create whose signatory is not acting) leaves its change id free.
      const outsider = ctx.fixtures.parties.find((party) => !user.rights.actAs.includes(party.alias) && party.alias !== 'shared');
      if (!outsider) return ctx.skip('no fixture party outside the act-as set of a two-party user');
      const failedId = freshId('failed');
      const unauthorized = { commands: [iouCreate(ctx, outsider.id, first!)], commandId: failedId, actAs: [first!] };
      const firstTry = await send(ctx, user.id, unauthorized);
      const retry = await send(ctx, user.id, unauthorized);
      const firstError = refusedFor(
        ctx,
        'canton.deduplication.failed-submission-not-deduplicated',
        firstTry,
        control,
        'DAML_AUTHORIZATION_ERROR',
        400,
      );
      const retryError = refusedFor(
        ctx,
        'canton.deduplication.failed-submission-not-deduplicated',
        retry,
        control,
        'DAML_AUTHORIZATION_ERROR',
        400,
      );
      if (firstError && retryError) {
        expectValue(
          'canton.deduplication.failed-submission-not-deduplicated',
          'the code of the retry',
          retryError.code,
          firstError.code,
          retry,
        );
      }

      // Concurrent submissions of one change id: exactly one success.
      const concurrentId = freshId('concurrent');
      const body = { commands: [iouCreate(ctx, first!, first!)], commandId: concurrentId, actAs: [first!] };
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(ctx, user.id, { ...body, submissionId: randomUUID() })));
      const successes = answers.filter((answer) => answer.status === 200);
      const success = successes[0];
      expectValue(
        'canton.deduplication.concurrent-one-success',
        `successes among 8 concurrent submissions of one change id (answers ${answers.map((answer) => answer.status).join(', ')})`,
        successes.length,
        1,
        success ?? answers[0],
      );
      for (const answer of answers.filter((candidate) => candidate !== success)) {
        const error = errorBodyConformance(ctx, answer, 'canton.deduplication.concurrent-one-success');
        expectErrorCode(error, DUPLICATE_CODES, 'canton.deduplication.concurrent-one-success', answer);
      }
    },
  );

  conformanceTest(
    {
      name: 'a negative deduplication duration is INVALID_FIELD, a negative offset NEGATIVE_OFFSET',
      endpoint: 'submit-and-wait',
      clauses: ['canton.deduplication.negative-period-refused'],
      checks: [...ERROR_CHECKS],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      const withPeriod = (deduplicationPeriod: JsonObject) =>
        send(ctx, user, { commands: [iouCreate(ctx, payer, payer)], commandId: freshId('period'), actAs: [payer], deduplicationPeriod });
      const control = await withPeriod({ DeduplicationDuration: { value: { seconds: 1, nanos: 0 } } });
      const duration = await withPeriod({ DeduplicationDuration: { value: { seconds: -1, nanos: 0 } } });
      const durationError = refusedFor(ctx, 'canton.deduplication.negative-period-refused', duration, control, 'INVALID_FIELD', 400);
      if (durationError) {
        expectValueMatches(
          'canton.deduplication.negative-period-refused',
          'the cause of a negative duration',
          durationError.cause,
          (cause) => cause.includes('deduplication_period') && cause.includes('Duration must be positive'),
          'naming deduplication_period: "Duration must be positive"',
          duration,
        );
      }
      const offset = await withPeriod({ DeduplicationOffset: { value: -12345678 } });
      refusedFor(ctx, 'canton.deduplication.negative-period-refused', offset, control, 'NEGATIVE_OFFSET', 400);
      // Zero is no negative offset: accepted (CommandDeduplicationPeriodValidationIT.scala:83 ZeroOffset).
      statusCodeConformance(await withPeriod({ DeduplicationOffset: { value: 0 } }), [200], 'canton.deduplication.negative-period-refused');
    },
  );

  conformanceTest(
    {
      name: "a choice needs its controller's authority: a signatory, or a controller only in readAs, is refused",
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.controller-authorizes', 'canton.commands.read-as-no-authority'],
      checks: [...ERROR_CHECKS, 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const { contractId, payer, bankUser: bank } = await createIouAndFindIt(ctx, alice);
      // The payer is a signatory, not the Transfer's controller (the owner).
      const bySignatory = await send(ctx, bank, {
        commands: [transfer(ctx, contractId, bob)],
        commandId: freshId('controller'),
        actAs: [payer],
      });
      const byOwner = await send(ctx, aliceUser(ctx), {
        commands: [transfer(ctx, contractId, bob)],
        commandId: freshId('controller'),
        actAs: [alice],
      });
      refusedFor(ctx, 'canton.commands.controller-authorizes', bySignatory, byOwner, 'DAML_AUTHORIZATION_ERROR', 400);

      // The owner (bank) only in readAs: visible, not authorized.
      const reader = ctx.fixtures.users.find(
        (candidate) => !candidate.isDeactivated && candidate.rights.readAs.includes('bank') && candidate.rights.actAs.length > 0,
      );
      if (!reader) return ctx.skip('no fixture user acts as a party and reads as bank (needed for read-as without authority)');
      const actor = ctx.party(reader.rights.actAs[0]!);
      const owned = await createIouAndFindIt(ctx, payer);
      const readOnly = await send(ctx, reader.id, {
        commands: [transfer(ctx, owned.contractId, actor)],
        commandId: freshId('read-as'),
        actAs: [actor],
        readAs: [payer],
      });
      const asOwner = await send(ctx, bank, {
        commands: [transfer(ctx, owned.contractId, actor)],
        commandId: freshId('read-as'),
        actAs: [payer],
      });
      refusedFor(ctx, 'canton.commands.read-as-no-authority', readOnly, asOwner, 'DAML_AUTHORIZATION_ERROR', 400);
    },
  );

  conformanceTest(
    {
      name: 'a double spend in one transaction is CONTRACT_NOT_ACTIVE; of concurrent consumes exactly one wins',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.double-spend-same-transaction', 'canton.commands.concurrent-consume-one-wins'],
      checks: [...ERROR_CHECKS, 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const user = aliceUser(ctx);
      const { contractId } = await createIouAndFindIt(ctx, alice);
      const twice = await send(ctx, user, {
        commands: [transfer(ctx, contractId, bob), transfer(ctx, contractId, alice)],
        commandId: freshId('double-spend'),
        actAs: [alice],
      });
      const once = await send(ctx, user, {
        commands: [transfer(ctx, contractId, bob)],
        commandId: freshId('double-spend'),
        actAs: [alice],
      });
      // The exercise that went through: one consuming Transfer of the contract, one create (the new Iou), in ledger effects.
      if (once.status === 200) {
        const offset = Number((parseJsonLossless(once.text) as { completionOffset?: unknown }).completionOffset);
        const effects = await partyView(ctx, user, offset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
        const { events } = transactionOf(effects, 'canton.commands.double-spend-same-transaction');
        const exercised = events.filter(([kind]) => kind === 'ExercisedEvent').map(([, event]) => event);
        expectValueMatches(
          'canton.commands.double-spend-same-transaction',
          'the exercised events of the single Transfer',
          exercised.map((event) => [event.contractId, event.choice, event.consuming]),
          (found) => found.length === 1 && found[0]![0] === contractId && found[0]![1] === 'Transfer' && found[0]![2] === true,
          `one consuming Transfer of ${contractId}`,
          effects,
        );
        writeVisible('canton.commands.double-spend-same-transaction', 'creates of the single Transfer', createdEvents(events), 1, effects);
      }
      const error = refusedFor(ctx, 'canton.commands.double-spend-same-transaction', twice, once, 'CONTRACT_NOT_ACTIVE', 404);
      if (error) {
        expectValueMatches(
          'canton.commands.double-spend-same-transaction',
          'the cause of a double spend',
          error.cause,
          (cause) => cause.includes('Update failed due to fetch of an inactive contract'),
          'containing "Update failed due to fetch of an inactive contract"',
          twice,
        );
      }

      const raced = await createIouAndFindIt(ctx, alice);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_unused, index) =>
          send(ctx, user, {
            commands: [transfer(ctx, raced.contractId, index % 2 === 0 ? bob : alice)],
            commandId: freshId('race'),
            actAs: [alice],
          }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expectValue(
        'canton.commands.concurrent-consume-one-wins',
        `successes among 6 concurrent consuming exercises of one contract (answers ${answers.map((answer) => answer.status).join(', ')})`,
        winners.length,
        1,
        winners[0] ?? answers[0],
      );
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
        statusInRange(answer, 400, 499, 'canton.commands.concurrent-consume-one-wins');
      }
    },
  );

  conformanceTest(
    {
      name: 'a malformed synchronizerId is INVALID_FIELD; an unknown one INVALID_PRESCRIBED_SYNCHRONIZER_ID',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.synchronizer-id-malformed', 'canton.commands.synchronizer-id-unknown'],
      checks: [...ERROR_CHECKS, 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      const to = (synchronizerId: string) =>
        send(ctx, user, { commands: [iouCreate(ctx, payer, payer)], commandId: freshId('synchronizer'), actAs: [payer], synchronizerId });
      const control = await to(ctx.fixtures.synchronizerId);
      const malformed = await to('invalidSynchronizerId');
      const error = refusedFor(ctx, 'canton.commands.synchronizer-id-malformed', malformed, control, 'INVALID_FIELD', 400);
      if (error) {
        expectValueMatches(
          'canton.commands.synchronizer-id-malformed',
          'the cause',
          error.cause,
          (cause) => cause.includes('synchronizer_id'),
          'naming synchronizer_id',
          malformed,
        );
      }
      const unknown = await to(`unknown_${ctx.fixtures.synchronizerId}`);
      refusedFor(ctx, 'canton.commands.synchronizer-id-unknown', unknown, control, 'INVALID_PRESCRIBED_SYNCHRONIZER_ID', 400);
    },
  );

  conformanceTest(
    {
      name: 'disclosed contracts: an empty, undecodable or mismatched createdEventBlob is refused; a superfluous one is accepted',
      endpoint: 'submit-and-wait',
      clauses: ['canton.disclosure.blob-validated'],
      checks: [...ERROR_CHECKS, 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      const one = await createIouAndFindIt(ctx, payer);
      const other = await createIouAndFindIt(ctx, payer);
      const response = await updateByOffset(
        ctx,
        user,
        one.submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const created = createdEvents(transactionOf(response, 'canton.disclosure.blob-validated').events);
      writeVisible('canton.disclosure.blob-validated', 'the created Iou with its blob', created, 1, response);
      const blob = String(created[0]!.createdEventBlob ?? '');
      expectValueMatches(
        'canton.disclosure.blob-validated',
        'the createdEventBlob the lookup asked for',
        blob,
        (text) => text.length > 0,
        'a non-empty blob',
        response,
      );
      // As ExplicitDisclosureIT does: the template id as the node renders it on the created event (package-id form).
      const templateId = String(created[0]!.templateId);
      const disclosing = (contractId: string, createdEventBlob: string) =>
        send(ctx, user, {
          commands: [iouCreate(ctx, payer, payer)],
          commandId: freshId('disclosure'),
          actAs: [payer],
          disclosedContracts: [{ templateId, contractId, createdEventBlob }],
        });
      // The control: the contract's own blob, disclosed although not needed (ExplicitDisclosureIT.scala:87).
      const control = await disclosing(one.contractId, blob);
      const cases: [string, string, string, string][] = [
        [one.contractId, '', 'MISSING_FIELD', 'DisclosedContract.createdEventBlob'],
        [one.contractId, Buffer.from('foo').toString('base64'), 'INVALID_ARGUMENT', 'Unable to decode disclosed contract event payload'],
        [other.contractId, blob, 'INVALID_ARGUMENT', 'Mismatch between DisclosedContract.contract_id'],
      ];
      for (const [contractId, createdEventBlob, code, words] of cases) {
        const refused = await disclosing(contractId, createdEventBlob);
        const error = refusedFor(ctx, 'canton.disclosure.blob-validated', refused, control, code, 400);
        if (error) {
          expectValueMatches(
            'canton.disclosure.blob-validated',
            `the cause of ${code}`,
            error.cause,
            (cause) => cause.includes(words),
            `containing "${words}"`,
            refused,
          );
        }
      }
      // The same disclosed contract twice is accepted (ExplicitDisclosureIT.scala:319 EDDuplicates).
      const twice = await send(ctx, user, {
        commands: [iouCreate(ctx, payer, payer)],
        commandId: freshId('disclosure'),
        actAs: [payer],
        disclosedContracts: [0, 1].map(() => ({ templateId, contractId: one.contractId, createdEventBlob: blob })),
      });
      statusCodeConformance(twice, [200], 'canton.disclosure.blob-validated');
      const body = parseJsonLossless(control.text) as { updateId?: unknown } | undefined;
      expectValueMatches(
        'canton.disclosure.blob-validated',
        'the answer to a submission with a superfluous disclosed contract',
        body?.updateId,
        (updateId) => typeof updateId === 'string' && updateId.length > 0,
        'an updateId',
        control,
      );
    },
  );

  conformanceTest(
    {
      name: 'externalTransactionHash is the hash the external party signed; a local submission has none',
      endpoint: 'execute',
      clauses: ['canton.interactive.external-transaction-hash'],
      checks: ['positive_data_acceptance', 'stateful_consistency', 'response_value_conformance'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (ctx) => {
      const prepared = await prepareIou(ctx);
      const after = await ledgerEndMarker(ctx);
      const executed = await execute(ctx, prepared.executor, executeBody(prepared));
      statusCodeConformance(executed, [200], 'canton.interactive.external-transaction-hash');
      const found = await findPreparedIou(ctx, prepared, { after }, true);
      writeVisible('canton.interactive.external-transaction-hash', 'the committed externally signed Iou', found.slice(0, 1), 1, executed);
      const [committed] = found;
      expectValue(
        'canton.interactive.external-transaction-hash',
        'externalTransactionHash of the committed transaction (base64)',
        committed!.transaction.externalTransactionHash,
        prepared.hash.toString('base64'),
        committed!.response,
      );
      // A local submission's transaction carries none (null, absent or empty).
      const payer = ctx.party('bank');
      const user = bankUser(ctx);
      const local = await submit(ctx, {
        user,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, payer)],
        clauseId: 'canton.interactive.external-transaction-hash',
      });
      const response = await partyView(ctx, user, local.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value } = transactionOf(response, 'canton.interactive.external-transaction-hash');
      expectValueMatches(
        'canton.interactive.external-transaction-hash',
        'externalTransactionHash of a locally submitted transaction',
        value.externalTransactionHash,
        (hash) => hash === null || hash === undefined || hash === '',
        'none (null, absent or empty)',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'external signing under attack: a wrong signature, a signature by a party outside act-as, a prepare on an invisible contract',
      endpoint: 'execute',
      clauses: ['canton.interactive.execute-refusal-codes', 'canton.interactive.prepare-invisible-contract'],
      checks: [...ERROR_CHECKS, 'response_value_conformance'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (ctx) => {
      const prepared = await prepareIou(ctx);
      const twin = await prepareIou(ctx);
      const control = await execute(ctx, twin.executor, executeBody(twin));
      const wrong = await execute(ctx, prepared.executor, executeBody(prepared, { message: Buffer.alloc(32, 7) }));
      const wrongError = refusedFor(ctx, 'canton.interactive.execute-refusal-codes', wrong, control, 'FAILED_TO_EXECUTE_TRANSACTION', 400);
      if (wrongError) {
        expectValueMatches(
          'canton.interactive.execute-refusal-codes',
          'the cause of a signature over other bytes',
          wrongError.cause,
          (cause) => cause.includes('valid signatures from distinct keys'),
          'containing "valid signatures from distinct keys"',
          wrong,
        );
      }
      // Signatures only by another external party, who is not in the prepared act-as.
      const outsider = externalParty(ctx, 'erin');
      const body = executeBody(prepared, { signingKey: outsider.privateKey, signedBy: outsider.fingerprint });
      const signatures = (body.partySignatures as { signatures: JsonObject[] }).signatures;
      signatures[0]!.party = outsider.id;
      const foreign = await execute(ctx, prepared.executor, body);
      const foreignError = refusedFor(
        ctx,
        'canton.interactive.execute-refusal-codes',
        foreign,
        control,
        'FAILED_TO_EXECUTE_TRANSACTION',
        400,
      );
      if (foreignError) {
        expectValueMatches(
          'canton.interactive.execute-refusal-codes',
          'the cause of signatures by a party outside act-as',
          foreignError.cause,
          (cause) => cause.includes('did not provide an external signature'),
          'containing "did not provide an external signature"',
          foreign,
        );
      }
      // A contract the external party cannot see (the bank's own Iou): CONTRACT_NOT_FOUND at prepare.
      const invisible = await createIouAndFindIt(ctx, ctx.party('bank'));
      const invisiblePrepare = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/interactive-submission/prepare',
        user: prepared.executor,
        body: {
          userId: prepared.executor,
          commandId: freshId('invisible'),
          commands: [transfer(ctx, invisible.contractId, prepared.payer.id)],
          actAs: [prepared.payer.id],
          readAs: [],
          ...PREPARE_REQUIRED(ctx),
          verboseHashing: false,
        },
      });
      refusedFor(ctx, 'canton.interactive.prepare-invisible-contract', invisiblePrepare, prepared.response, 'CONTRACT_NOT_FOUND', 404);
    },
  );
});
