/**
 * Ledger semantics, part 1: what each shape shows. A contract created and archived in one transaction, and a
 * transaction of only a non-consuming exercise: absent from the ACS delta, shown in ledger effects.
 * Part of suite `flows / visibility and privacy` (see visibility.suite.ts).
 */
import { expectValue } from '../../checks/values.js';
import { writeVisible } from '../../checks/stateful.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import {
  assetInterface,
  CREATED_IOU_CLAUSES,
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  createdEvents,
  expectUpdateNotFound,
  submit,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { createAssetAndFindIt } from '../support/asset-implementation.js';
import { ACS, EFFECTS, auditor, format, userActingAs } from '../support/visibility.js';

conformanceSuite('flows / visibility and privacy', () => {
  conformanceTest(
    {
      name: 'a contract created and archived in one transaction is absent from the ACS delta and shown in ledger effects',
      endpoint: 'update-by-offset',
      clauses: [
        'command.CreateAndExerciseCommand.fields-required',
        'semantics.transient.ledger-effects-shows',
        'canton.semantics.transient.acs-delta-not-found',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const alice = context.party('alice');
      const bankUser = userActingAs(context, 'bank');
      const iou = context.fixtures.templates.iou;
      const submitted = await submit(context, {
        user: bankUser,
        actAs: [bank],
        commands: [
          {
            CreateAndExerciseCommand: {
              templateId: iou.templateId,
              createArguments: { payer: bank, owner: alice, amount: { value: '7.0', currency: 'USD' }, viewers: [] },
              choice: 'Archive',
              choiceArgument: {},
            },
          },
        ],
        clauseId: 'command.CreateAndExerciseCommand.fields-required',
      });
      const offset = submitted.completionOffset;
      // The submitter bank (signatory) and the non-submitting stakeholder alice (observer) are entitled alike.
      for (const party of [bank, alice]) {
        const user = auditor(context);
        const effects = await updateByOffset(context, user, offset, format(EFFECTS, { [party]: [wildcardFilter()] }));
        const { events } = transactionOf(effects, 'semantics.transient.ledger-effects-shows');
        const created = createdEvents(events);
        writeVisible('semantics.transient.ledger-effects-shows', `creates of the transient Iou seen by ${party}`, created, 1, effects);
        const contractId = created[0]?.contractId;
        expectValue(
          'semantics.transient.ledger-effects-shows',
          `acsDelta of the transient create (${party})`,
          created[0]?.acsDelta,
          false,
          effects,
        );
        writeVisible(
          'semantics.transient.ledger-effects-shows',
          `the consuming Archive of the transient Iou seen by ${party}`,
          events.filter(([kind, event]) => kind === 'ExercisedEvent' && event.contractId === contractId && event.consuming === true),
          1,
          effects,
        );
        if (context.profile === 'canton') {
          const acs = await updateByOffset(context, user, offset, format(ACS, { [party]: [wildcardFilter()] }));
          expectUpdateNotFound(context, acs, offset, 'canton.semantics.transient.acs-delta-not-found');
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'a transaction of only a non-consuming exercise has no ACS-delta events; ledger effects shows the exercise',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'command.ExerciseCommand.interface-choice',
        'canton.semantics.non-consuming-acs-delta-not-found',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      // The fixture's only non-consuming choice is the interface's Describe (CantonExamples' Iou has none).
      const { interfaceId } = assetInterface(context);
      const alice = context.party('alice');
      const { contractId } = await createAssetAndFindIt(context, alice);
      const aliceUser = userActingAs(context, 'alice');
      const described = await submit(context, {
        user: aliceUser,
        actAs: [alice],
        commands: [{ ExerciseCommand: { templateId: interfaceId, contractId, choice: 'Describe', choiceArgument: {} } }],
        clauseId: 'command.ExerciseCommand.interface-choice',
      });
      const offset = described.completionOffset;
      const effects = await updateByOffset(context, aliceUser, offset, format(EFFECTS, { [alice]: [wildcardFilter()] }));
      writeVisible(
        'canton.semantics.non-consuming-acs-delta-not-found',
        'non-consuming Describe exercises in ledger effects',
        transactionOf(effects, 'canton.semantics.non-consuming-acs-delta-not-found').events.filter(
          ([kind, event]) => kind === 'ExercisedEvent' && event.consuming === false,
        ),
        1,
        effects,
      );
      expectUpdateNotFound(
        context,
        await updateByOffset(context, aliceUser, offset, format(ACS, { [alice]: [wildcardFilter()] })),
        offset,
        'canton.semantics.non-consuming-acs-delta-not-found',
      );
    },
  );
});
