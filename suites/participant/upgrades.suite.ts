/**
 * Smart-contract upgrades on a node (Canton's UpgradingIT :755 and JsonUpgradingTests :87, :98, :110, :128, :161; VettingIT
 * :921 on upload), canton profile. The suite's own upgrade lineage (daml/dars/, type-checked by Canton's Daml-LF tools and
 * its upgrade check): `conformance-upgrade` 1.0.0, the valid 2.0.0 (Asset gains a trailing optional `memo`, Transfer an
 * optional `newMemo`) and the invalid 3.0.0, renamed to a fresh package name for the test (generators/dar/suite-dars.ts:
 * only the name changes), so the node has never seen the lineage and the test runs on every target, a real node too.
 *
 * One test, its requests in four rounds (the independent ones of a round sent at once): upload 1.0.0; create-and-exercise
 * by package name; upload 2.0.0 (beside the read of the first transaction); then every command that needs 2.0.0 vetted,
 * and the upload of 3.0.0, at once, and their reads.
 */
import { renamedSuiteDar, type RenamedDar } from '../../generators/dar/suite-dars.js';
import { freshId } from '../../generators/index.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { expectValue } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import { aliceUser } from '../support/command-semantics.js';
import {
  createdEvents,
  transactionFormat,
  transactionOf,
  updateByOffset,
  type JsonObject,
  type TransactionEvent,
} from '../support/ledger.js';
import { refusedAgainstControl } from '../support/refusals.js';

const OCTET_STREAM = { 'content-type': 'application/octet-stream' };

const HIGHEST: ClauseId = 'canton.upgrades.package-name-highest-vetted';
const EXERCISE: ClauseId = 'canton.upgrades.exercise-per-command-version';
const BY_ID: ClauseId = 'canton.upgrades.create-per-package-id';
const PREFERENCE: ClauseId = 'canton.upgrades.package-id-selection-preference';
const INVALID: ClauseId = 'canton.upgrades.invalid-upgrade-upload-refused';

function upload(context: ConformanceContext, dar: RenamedDar): Promise<ClientResponse> {
  const admin = context.userWhere('has participant_admin rights (DAR upload)', (user) => user.rights.admin).id;
  return context.send({
    endpoint: 'dars-upload',
    user: admin,
    headers: OCTET_STREAM,
    body: dar.bytes,
    query: { synchronizerId: context.fixtures.synchronizerId, vetAllPackages: 'true' },
  });
}

const templateIds = (events: TransactionEvent[]): unknown[] => events.map(([, event]) => event.templateId);

conformanceSuite('upgrades', () => {
  conformanceTest(
    {
      name: 'upgrades: a package name uses the highest vetted version, a package id its own, a preference the one preferred; a 1.0.0 contract is exercised as 2.0.0 once vetted; an invalid 3.0.0 upload is refused',
      endpoint: 'submit-and-wait',
      clauses: [HIGHEST, EXERCISE, BY_ID, PREFERENCE, INVALID],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const user = aliceUser(context);
      const name = freshId('conformance-upgrade');
      const [v1, v2, v3] = (['v1', 'v2', 'v3-invalid'] as const).map((version) => renamedSuiteDar(`conformance-upgrade-${version}`, name));
      const byName = `#${name}:Upgrade:Asset`;
      const v1Id = `${v1!.packageId}:Upgrade:Asset`;
      const v2Id = `${v2!.packageId}:Upgrade:Asset`;
      const asset = (extra: JsonObject = {}): JsonObject => ({ issuer: alice, owner: alice, amount: '7', ...extra });
      const create = (templateId: string, createArguments: JsonObject) => ({ CreateCommand: { templateId, createArguments } });
      const submit = (commands: unknown[], extra: JsonObject = {}) =>
        context.send({ endpoint: 'submit-and-wait', user, body: { commands, commandId: freshId('upgrade'), actAs: [alice], ...extra } });
      // The transaction of an accepted submission as alice reads it through a filter naming the template by package name.
      const eventsOf = async (response: ClientResponse, clauseId: ClauseId): Promise<TransactionEvent[]> => {
        positiveDataAcceptance(response, clauseId);
        const offset = Number((parseJsonLossless(response.text) as { completionOffset?: unknown }).completionOffset);
        const filter = { identifierFilter: { TemplateFilter: { value: { templateId: byName, includeCreatedEventBlob: false } } } };
        const format = transactionFormat({ [alice]: [filter] }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
        return transactionOf(await updateByOffset(context, user, offset, format), clauseId).events;
      };

      // 1.0.0 alone: a create-and-exercise by package name runs 1.0.0.
      positiveDataAcceptance(await upload(context, v1!), HIGHEST);
      const first = await submit([
        { CreateAndExerciseCommand: { ...create(byName, asset()).CreateCommand, choice: 'Transfer', choiceArgument: { newOwner: alice } } },
      ]);
      // A committed transaction's events keep the package they ran: its read may go beside the upload of 2.0.0.
      const [firstEvents, v2Upload] = await Promise.all([eventsOf(first, HIGHEST), upload(context, v2!)]);
      expectValue(HIGHEST, 'the template ids of a create-and-exercise by package name with 1.0.0 alone vetted', templateIds(firstEvents), [
        v1Id,
        v1Id,
        v1Id,
      ]);
      const held = firstEvents.find(([kind]) => kind === 'ExercisedEvent')?.[1].exerciseResult;
      positiveDataAcceptance(v2Upload, HIGHEST);
      if (typeof held !== 'string') return context.skip('the Transfer of 1.0.0 showed no resulting contract id to exercise again');

      // 2.0.0 vetted: every command at once, and the invalid 3.0.0.
      const [exercised, upgradedPayload, nullMemoToV1, memoToV1, preferred, unpreferred, invalid] = await Promise.all([
        submit([
          {
            ExerciseCommand: {
              templateId: byName,
              contractId: held,
              choice: 'Transfer',
              choiceArgument: { newOwner: alice, newMemo: 'upgraded' },
            },
          },
        ]),
        submit([create(v2Id, asset())]),
        submit([create(v1Id, asset({ memo: null }))]),
        submit([create(v1Id, asset({ memo: 'populated' }))]),
        submit([create(byName, asset({ memo: 'preferred' }))], { packageIdSelectionPreference: [v1!.packageId] }),
        submit([create(byName, asset({ memo: 'preferred' }))]),
        upload(context, v3!),
      ]);
      // The highest-version read first: its acceptance is judged first (a package name that picks 1.0.0 fails it).
      const [unpreferredEvents, exercisedEvents, upgradedEvents, nullMemoEvents] = await Promise.all([
        eventsOf(unpreferred, HIGHEST),
        eventsOf(exercised, EXERCISE),
        eventsOf(upgradedPayload, BY_ID),
        eventsOf(nullMemoToV1, BY_ID),
      ]);

      // JsonUpgradingTests :128 (its control) and UpgradingIT :755: no preference, the highest version.
      expectValue(
        HIGHEST,
        'a create by package name with 2.0.0 vetted: [template id, memo]',
        createdEvents(unpreferredEvents).map((event) => [event.templateId, (event.createArgument as JsonObject).memo]),
        [[v2Id, 'preferred']],
        unpreferred,
      );
      // UpgradingIT :755: the 1.0.0 contract exercised by package name runs 2.0.0's choice, and creates a 2.0.0 Asset.
      expectValue(
        EXERCISE,
        "the 1.0.0 contract's Transfer by package name once 2.0.0 is vetted: [event kind, template id, memo of the new Asset]",
        exercisedEvents.map(([kind, event]) => [kind, event.templateId, (event.createArgument as JsonObject | undefined)?.memo]),
        [
          ['ExercisedEvent', v2Id, undefined],
          ['CreatedEvent', v2Id, 'upgraded'],
        ],
        exercised,
      );
      // JsonUpgradingTests :87, :98, :161: a package id keeps its version, read through a package-name filter.
      expectValue(
        BY_ID,
        "a create by 2.0.0's package id with 1.0.0's payload: template id",
        templateIds(upgradedEvents),
        [v2Id],
        upgradedPayload,
      );
      expectValue(
        BY_ID,
        "a create by 1.0.0's package id with memo null: [template id, create argument]",
        createdEvents(nullMemoEvents).map((event) => [event.templateId, event.createArgument]),
        [[v1Id, asset()]],
        nullMemoToV1,
      );
      // JsonUpgradingTests :110: 1.0.0 has no memo to take.
      refusedAgainstControl(context, BY_ID, memoToV1, nullMemoToV1, 'INVALID_ARGUMENT', 400, {
        causeIncludes: 'Unexpected fields: memo',
        control: 'the same create with memo null',
      });
      // JsonUpgradingTests :128: preferring 1.0.0, the package name runs 1.0.0, which has no memo.
      refusedAgainstControl(context, PREFERENCE, preferred, unpreferred, 'INVALID_ARGUMENT', 400, {
        causeIncludes: 'Unexpected fields: memo',
        control: 'the same create without packageIdSelectionPreference',
      });
      // VettingIT :921, on upload: 3.0.0 changes a field's type and drops 2.0.0's module Note.
      refusedAgainstControl(context, INVALID, invalid, v2Upload, 'NOT_VALID_UPGRADE_PACKAGE', 400, {
        causePrefix: 'Upgrade checks indicate that',
        control: 'the upload of the valid 2.0.0',
      });
    },
  );
});
