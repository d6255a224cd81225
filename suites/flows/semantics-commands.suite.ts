/**
 * Ledger semantics, part 2: what a command does, held to an independent model of what the test itself did
 * (the parties it acted as, the values it wrote, how many submissions it sent), never to the node's own answers.
 * This file: a transaction has one identity (updateId, offset, effective time), Numeric values at their bounds, synchronizer ids.
 * With semantics-deduplication, semantics-contracts and semantics-external-signing (suite `flows / semantics of commands`).
 * Canton profile only: every clause here is real Canton 3.5 behaviour, cited in specification/clauses/semantics-commands.ts.
 */
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import {
  createdEvents,
  iouCreate,
  type JsonObject,
  partyView,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { bankUser, refusedFor, send, transfer } from '../support/command-semantics.js';

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
      name: 'one transaction: one updateId and offset in every shape and event (created, archived, exercised), and createdAt is its effective time',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.one-update-id-per-transaction', 'canton.semantics.created-at-is-effective-time'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = bankUser(context);
      const submitted = await submit(context, {
        user,
        actAs: [payer],
        commands: [iouCreate(context, payer, payer)],
        clauseId: 'canton.semantics.one-update-id-per-transaction',
      });
      let contractId: string | undefined;
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const response = await updateByOffset(
          context,
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
        contractId = String(created[0]!.contractId);
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
      // TransactionServiceCorrectnessIT.scala:274, :320: the archived (ACS delta) and the exercised (ledger effects)
      // event carry their transaction's offset too, not only the created ones. A Transfer has all three kinds.
      const transferred = await submit(context, {
        user,
        actAs: [payer],
        commands: [transfer(context, contractId!, context.party('bob'))],
        clauseId: 'canton.semantics.one-update-id-per-transaction',
      });
      for (const [shape, consumedKind] of [
        ['TRANSACTION_SHAPE_ACS_DELTA', 'ArchivedEvent'],
        ['TRANSACTION_SHAPE_LEDGER_EFFECTS', 'ExercisedEvent'],
      ] as const) {
        const response = await updateByOffset(
          context,
          user,
          transferred.completionOffset,
          transactionFormat({ [payer]: [wildcardFilter()] }, shape),
        );
        const { events } = transactionOf(response, 'canton.semantics.one-update-id-per-transaction');
        const kinds = events.map(([kind]) => kind);
        expectValue(
          'canton.semantics.one-update-id-per-transaction',
          `the ${shape} view of the Transfer holds an ${consumedKind} and a CreatedEvent`,
          [kinds.includes(consumedKind), kinds.includes('CreatedEvent')],
          [true, true],
          response,
        );
        for (const [kind, event] of events) {
          expectValue(
            'canton.semantics.one-update-id-per-transaction',
            `the offset of a ${kind} in the ${shape} view of the Transfer`,
            Number(event.offset),
            transferred.completionOffset,
            response,
          );
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'a Numeric at its precision bounds reads back exactly; beyond them it is COMMAND_PREPROCESSING_FAILED',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.numeric-exact', 'canton.values.numeric-unrepresentable-refused'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = bankUser(context);
      // 28 integer digits and 10 decimals: the bounds of Numeric 10; no double holds either exactly.
      for (const amount of ['9999999999999999999999999999.9999999999', '1234567890123456789.0123456789', '0.0000000001']) {
        const submitted = await submit(context, {
          user,
          actAs: [payer],
          commands: [iouCreate(context, payer, payer, amount)],
          clauseId: 'canton.values.numeric-exact',
        });
        const response = await partyView(context, user, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
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
      const control = await send(context, user, {
        commands: [iouCreate(context, payer, payer, '1.0000000001')],
        commandId: freshId('numeric'),
        actAs: [payer],
      });
      for (const [amount, words] of [
        ['1.00000000001', 'Cannot represent'],
        ['10000000000000000000000000000.0', 'Out-of-bounds (Numeric 10)'],
      ] as const) {
        const refused = await send(context, user, {
          commands: [iouCreate(context, payer, payer, amount)],
          commandId: freshId('numeric'),
          actAs: [payer],
        });
        const error = refusedFor(
          context,
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
      name: 'a malformed synchronizerId is INVALID_FIELD; an unknown one INVALID_PRESCRIBED_SYNCHRONIZER_ID',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.synchronizer-id-malformed', 'canton.commands.synchronizer-id-unknown'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = bankUser(context);
      const to = (synchronizerId: string) =>
        send(context, user, {
          commands: [iouCreate(context, payer, payer)],
          commandId: freshId('synchronizer'),
          actAs: [payer],
          synchronizerId,
        });
      const control = await to(context.fixtures.synchronizerId);
      const malformed = await to('invalidSynchronizerId');
      const error = refusedFor(context, 'canton.commands.synchronizer-id-malformed', malformed, control, 'INVALID_FIELD', 400);
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
      const unknown = await to(`unknown_${context.fixtures.synchronizerId}`);
      refusedFor(context, 'canton.commands.synchronizer-id-unknown', unknown, control, 'INVALID_PRESCRIBED_SYNCHRONIZER_ID', 400);
    },
  );
});
