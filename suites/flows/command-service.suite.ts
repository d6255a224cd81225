/**
 * What Canton's CommandServiceIT and CommandDeduplicationIT check that the other flows do not: a consuming exercise shown
 * to an observer that did not act, a submission of many commands, a CreateAndExercise with bad create arguments, and a
 * deduplication period given as an offset. Canton profile only; clauses in specification/clauses/semantics-commands.ts.
 */
import type { ClientResponse } from '../../client/http.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { statusCodeConformance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { refusedAgainstControl } from '../support/refusals.js';
import { createdEvents, createIouAndFindIt, iouCreate, type JsonObject, partyView, submit, transactionOf } from '../support/ledger.js';

/** A retry of a change id: DUPLICATE_COMMAND, or SUBMISSION_ALREADY_IN_FLIGHT when it meets the first in flight. */
const DUPLICATE_CODES = ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'];

function send(context: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return context.send({ endpoint: 'submit-and-wait', user, body });
}

function userActingAs(context: ConformanceContext, alias: string): string {
  return context.userWhere(`can act as ${alias}`, (user) => user.rights.actAs.includes(alias)).id;
}

conformanceSuite('flows / command service', () => {
  conformanceTest(
    {
      name: 'an observer that did not act sees the consuming exercise of the contract in ledger effects',
      endpoint: 'update-by-offset',
      clauses: ['canton.commands.consuming-exercise-to-observers'],
      requires: ['writes'],
    },
    async (context) => {
      const viewerAlias = 'carol';
      const reader = context.fixtures.users.find(
        (user) => !user.isDeactivated && (user.rights.readAs.includes(viewerAlias) || user.rights.actAs.includes(viewerAlias)),
      );
      if (!reader) return context.skip(`no fixture user reads as ${viewerAlias} (the Iou viewer whose view is checked)`);
      const [alice, bob, viewer] = [context.party('alice'), context.party('bob'), context.party(viewerAlias)];
      // Iou: payer bank (signatory), owner alice (observer, the actor), viewers [carol] (observer, no actor).
      const { contractId } = await createIouAndFindIt(context, alice, [viewer]);
      const transfer = await submit(context, {
        user: userActingAs(context, 'alice'),
        actAs: [alice],
        commands: [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId,
              choice: 'Transfer',
              choiceArgument: { newOwner: bob },
            },
          },
        ],
        clauseId: 'canton.commands.consuming-exercise-to-observers',
      });
      const effects = await partyView(context, reader.id, transfer.completionOffset, viewer, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const exercised = transactionOf(effects, 'canton.commands.consuming-exercise-to-observers')
        .events.filter(([kind]) => kind === 'ExercisedEvent')
        .map(([, event]) => [event.contractId, event.choice, event.consuming]);
      expectValue(
        'canton.commands.consuming-exercise-to-observers',
        "the exercised events in the viewer's ledger effects",
        exercised,
        [[contractId, 'Transfer', true]],
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'a submission of 15 creates is one transaction with the 15 creates in command order',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.every-command-applied'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const user = userActingAs(context, 'bank');
      const amounts = Array.from({ length: 15 }, (_unused, index) => `${index + 1}.0`);
      const submitted = await submit(context, {
        user,
        actAs: [bank],
        commands: amounts.map((amount) => iouCreate(context, bank, bank, amount)),
        clauseId: 'canton.commands.every-command-applied',
      });
      const response = await partyView(context, user, submitted.completionOffset, bank, 'TRANSACTION_SHAPE_ACS_DELTA');
      const created = createdEvents(transactionOf(response, 'canton.commands.every-command-applied').events);
      writeVisible('canton.commands.every-command-applied', 'creates of the 15-command submission', created, 15, response);
      expectValueMatches(
        'canton.commands.every-command-applied',
        'the amounts of the created Ious, in event order',
        created.map((event) => String(((event.createArgument as JsonObject | undefined)?.amount as JsonObject | undefined)?.value)),
        (read) => read.length === amounts.length && read.every((value, index) => Number(value) === Number(amounts[index])),
        `${amounts.join(', ')}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a CreateAndExercise whose create arguments miss fields is COMMAND_PREPROCESSING_FAILED',
      endpoint: 'submit-and-wait',
      clauses: ['canton.daml-lf.missing-fields-400'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const user = userActingAs(context, 'bank');
      const createAndArchive = (createArguments: JsonObject) =>
        send(context, user, {
          commands: [
            {
              CreateAndExerciseCommand: {
                templateId: context.fixtures.templates.iou.templateId,
                createArguments,
                choice: 'Archive',
                choiceArgument: {},
              },
            },
          ],
          commandId: freshId('create-and-exercise'),
          actAs: [bank],
        });
      const control = await createAndArchive({ payer: bank, owner: bank, amount: { value: '1.0', currency: 'USD' }, viewers: [] });
      // CommandServiceIT.scala:708 CSBadCreateAndExercise: an empty record.
      const refused = await createAndArchive({});
      const error = refusedAgainstControl(
        context,
        'canton.daml-lf.missing-fields-400',
        refused,
        control,
        'COMMAND_PREPROCESSING_FAILED',
        400,
      );
      if (error) {
        expectValueMatches(
          'canton.daml-lf.missing-fields-400',
          'the cause',
          error.cause,
          (cause) => cause.includes('Missing non-optional field'),
          'containing "Missing non-optional field"',
          refused,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a failing Daml assert (Swap.Accept in another currency) is DAML_FAILURE "Assertion failed"',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.assertion-failure'],
      requires: ['writes'],
    },
    async (context) => {
      const template = context.fixtures.templates.swap;
      if (!template) return context.skip("the fixtures name no template with an asserting choice (templates.swap: CantonExamples' Swap)");
      const party = String(template.createArguments.party2);
      const alias = context.fixtures.parties.find((candidate) => candidate.id === party)?.alias;
      if (alias === undefined || String(template.createArguments.party1) !== party) {
        return context.skip('templates.swap must name one party as party1 and party2 (it swaps Ious that party owns)');
      }
      const user = userActingAs(context, alias);
      /** A Swap of two fresh 100 USD Ious of the party, desiring `currency` at rate 1: Accept asserts the currency. */
      const acceptSwap = async (currency: string) => {
        const { contractId: iou1 } = await createIouAndFindIt(context, party);
        const { contractId: iou2 } = await createIouAndFindIt(context, party);
        const created = await submit(context, {
          user,
          actAs: [party],
          commands: [
            {
              CreateCommand: {
                templateId: template.templateId,
                createArguments: { party1: party, party2: party, iou1, exchangeRate: '1.0', currencyDesired: currency },
              },
            },
          ],
          clauseId: 'canton.commands.assertion-failure',
        });
        const acs = await partyView(context, user, created.completionOffset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
        const swapId = createdEvents(transactionOf(acs, 'canton.commands.assertion-failure').events)[0]?.contractId;
        return send(context, user, {
          commands: [
            { ExerciseCommand: { templateId: template.templateId, contractId: swapId, choice: 'Accept', choiceArgument: { iou2 } } },
          ],
          commandId: freshId('swap'),
          actAs: [party],
        });
      };
      const refused = await acceptSwap('EUR');
      const control = await acceptSwap('USD');
      const error = refusedAgainstControl(
        context,
        'canton.commands.assertion-failure',
        refused,
        control,
        ['DAML_FAILURE', 'UNHANDLED_EXCEPTION'],
        400,
      );
      if (!error) return;
      expectValueMatches(
        'canton.commands.assertion-failure',
        'the cause',
        error.cause,
        (cause) => cause.includes('Assertion failed'),
        'containing "Assertion failed"',
        refused,
      );
      if (error.code === 'DAML_FAILURE') {
        expectValueMatches(
          'canton.commands.assertion-failure',
          'context.exercise_trace of DAML_FAILURE',
          (error.context as Record<string, unknown> | undefined)?.exercise_trace,
          (trace) => typeof trace === 'string' && trace.includes('Accept'),
          'an exercise trace naming the choice Accept',
          refused,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a deduplication offset deduplicates against acceptances after it only',
      endpoint: 'submit-and-wait',
      clauses: ['canton.deduplication.offset-period'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const user = userActingAs(context, 'bank');
      // CommandDeduplicationIT.scala:463: an offset before the first acceptance, then the first acceptance's own offset.
      const before = await submit(context, {
        user,
        actAs: [bank],
        commands: [iouCreate(context, bank, bank)],
        clauseId: 'canton.deduplication.offset-period',
      });
      const commandId = freshId('dedup-offset');
      const first = await submit(context, {
        user,
        actAs: [bank],
        commands: [iouCreate(context, bank, bank)],
        commandId,
        clauseId: 'canton.deduplication.offset-period',
      });
      const retry = (offset: number) =>
        send(context, user, {
          commands: [iouCreate(context, bank, bank)],
          commandId,
          actAs: [bank],
          deduplicationPeriod: { DeduplicationOffset: { value: offset } },
        });
      const duplicate = await retry(before.completionOffset);
      const accepted = await retry(first.completionOffset);
      refusedAgainstControl(context, 'canton.deduplication.offset-period', duplicate, accepted, DUPLICATE_CODES, 409);
      statusCodeConformance(accepted, [200], 'canton.deduplication.offset-period');
    },
  );
});
