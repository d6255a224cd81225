/**
 * What an exercise does to contract types and events (issue 18, point 4), canton profile, with the fixture's Iou and
 * GetCash (CantonExamples): a contract exercised through another template (WronglyTypedContractIdIT :18, :37), a template
 * filter on an exercise's results (TransactionServiceExerciseIT :47), packageName and representativePackageId of events
 * (UpgradingIT :636, :700), and with CantonExamples' DivulgeIouByExercise: a divulged Iou unusable by its divulgee
 * (SemanticTests :549) and fetches racing an archive (RaceConditionIT :190); contract keys in events, recreated and transient
 * (ContractKeysIT :47, :269, :300, :332, with the keyed fixture template); fetch authorization and type (MultiPartySubmissionIT
 * :137, :159; ContractKeysWronglyTypedContractIdIT :17).
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { parseJsonLossless } from '../../specification/json.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import type { ClauseId } from '../../specification/clauses.js';
import {
  createdEvents,
  createIouAndFindIt,
  iouCreate,
  partyView,
  submit,
  transactionFormat,
  transactionIn,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from '../support/ledger.js';
import { aliceUser } from '../support/command-semantics.js';
import { refusedAgainstControl, refusedWith } from '../support/refusals.js';

function submitAndWait(context: ConformanceContext, user: string, actAs: string[], commands: unknown[]): Promise<ClientResponse> {
  return context.send({
    endpoint: 'submit-and-wait',
    user,
    body: { commands, commandId: freshId('contracts'), actAs },
  });
}

function submitAndWaitAs(
  context: ConformanceContext,
  user: string,
  actAs: string[],
  readAs: string[],
  commands: unknown[],
): Promise<ClientResponse> {
  return context.send({
    endpoint: 'submit-and-wait',
    user,
    body: { commands, commandId: freshId('contracts'), actAs, readAs },
  });
}

function transfer(context: ConformanceContext, contractId: string, newOwner: string): unknown {
  return {
    ExerciseCommand: {
      templateId: context.fixtures.templates.iou.templateId,
      contractId,
      choice: 'Transfer',
      choiceArgument: { newOwner },
    },
  };
}

/** The Iou `contractId` exercised as if it were a GetCash (its Archive choice). */
function asGetCash(context: ConformanceContext, contractId: string): unknown {
  return {
    ExerciseCommand: { templateId: context.fixtures.templates.getCash.templateId, contractId, choice: 'Archive', choiceArgument: {} },
  };
}

/**
 * A template of CantonExamples beside the fixture's Iou (same package reference), e.g. `Swap:Swap`. The fixtures name only
 * the Iou, GetCash and TrailingNone; the tests that use other CantonExamples templates skip when the package is not
 * CantonExamples.
 */
function cantonExamplesTemplate(context: ConformanceContext, qualified: string): string {
  if (context.fixtures.package.name !== 'CantonExamples') {
    context.skip(`uses CantonExamples' ${qualified}; the fixture package is ${context.fixtures.package.name}`);
  }
  return `${String(context.fixtures.templates.iou.templateId).split(':')[0]}:${qualified}`;
}

// ContractIdIT.scala:177-178: a V1 contract id without suffix (33 bytes) and one with a suffix (49 bytes).
const NON_SUFFIXED_V1 = Array.from({ length: 33 }, (_, index) => index.toString(16).padStart(2, '0')).join('');
const SUFFIXED_V1 = Array.from({ length: 49 }, (_, index) => index.toString(16).padStart(2, '0')).join('');

/** Submits one create as `party` and returns the created contract's id, read back from the ledger. */
async function createAndFind(
  context: ConformanceContext,
  user: string,
  party: string,
  command: unknown,
  clauseId: ClauseId,
): Promise<string> {
  const submitted = await submit(context, { user, actAs: [party], commands: [command], clauseId });
  const response = await partyView(context, user, submitted.completionOffset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
  const created = createdEvents(transactionOf(response, clauseId).events);
  expectValueMatches(clauseId, 'the contracts created', created.length, (count) => count === 1, 'one', response);
  return String(created[0]!.contractId);
}

/** A DivulgeIouByExercise of alice (payer and divulgee), created as her user and read back: its template, party, user and id. */
async function aliceDivulgeHolder(
  context: ConformanceContext,
  clauseId: ClauseId,
): Promise<{ divulgeId: string; alice: string; user: string; holder: string }> {
  const divulgeId = cantonExamplesTemplate(context, 'Divulgence:DivulgeIouByExercise');
  const alice = context.party('alice');
  const user = aliceUser(context);
  const createArguments = { payer: alice, divulgee: alice };
  const holder = await createAndFind(context, user, alice, { CreateCommand: { templateId: divulgeId, createArguments } }, clauseId);
  return { divulgeId, alice, user, holder };
}

/**
 * An archive raced by four submissions of `racing` (RaceConditionIT): the archive commits (sent again after the race
 * if a real node refused it under contention), every racing submission that committed has an offset before the
 * archive's, and one submitted after it is 404 CONTRACT_NOT_FOUND.
 */
async function archiveRace(
  context: ConformanceContext,
  clauseId: ClauseId,
  race: { user: string; party: string; archive: unknown; racing: unknown; what: string },
): Promise<void> {
  const { user, party, what } = race;
  const [racingArchive, ...racing] = await Promise.all(
    [race.archive, race.racing, race.racing, race.racing, race.racing].map((command) => submitAndWait(context, user, [party], [command])),
  );
  const archive = racingArchive!.status === 200 ? racingArchive! : await submitAndWait(context, user, [party], [race.archive]);
  expectValue(clauseId, 'the status of the archive', archive.status, 200, archive);
  const offsetOf = (response: ClientResponse): number =>
    Number((JSON.parse(response.text) as { completionOffset: number }).completionOffset);
  const archivedAt = offsetOf(archive);
  const committed = racing.filter((response) => response.status === 200).map(offsetOf);
  expectValueMatches(
    clauseId,
    `the offsets of the committed ${what} (archive at ${archivedAt})`,
    committed,
    (offsets) => offsets.every((offset) => offset < archivedAt),
    `all before ${archivedAt}`,
    archive,
  );
  const late = await submitAndWait(context, user, [party], [race.racing]);
  refusedWith(context, clauseId, late, 'CONTRACT_NOT_FOUND', 404);
}

/** `A:B:C` or `#name:B:C` → `B:C`. */
const qualifiedName = (templateId: unknown): string => String(templateId).split(':').slice(1).join(':');

conformanceSuite('flows / contracts and events', () => {
  conformanceTest(
    {
      name: 'a contract exercised through another template is WRONGLY_TYPED_CONTRACT, also after a correct exercise in the same submission',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.wrongly-typed-contract'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.wrongly-typed-contract';
      const alice = context.party('alice');
      const bob = context.party('bob');
      const user = aliceUser(context);
      const first = await createIouAndFindIt(context, alice);
      const second = await createIouAndFindIt(context, alice);
      const alone = await submitAndWait(context, user, [alice], [asGetCash(context, second.contractId)]);
      const afterCorrect = await submitAndWait(
        context,
        user,
        [alice],
        [transfer(context, first.contractId, bob), asGetCash(context, second.contractId)],
      );
      // Control: the same submission with the right template for the second contract (nothing above was committed).
      const control = await submitAndWait(
        context,
        user,
        [alice],
        [transfer(context, first.contractId, bob), transfer(context, second.contractId, bob)],
      );
      for (const refused of [alone, afterCorrect])
        refusedAgainstControl(context, clauseId, refused, control, 'WRONGLY_TYPED_CONTRACT', 400);
    },
  );

  conformanceTest(
    {
      name: 'contract keys: none on a keyless create, the key on a keyed one, recreated in one transaction, none left by a transient',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.contract-keys'],
      requires: ['writes'],
    },
    async (context) => {
      // ContractKeysIT.scala:47 CKNoContractKey, :332 CKExposedByTemplate, :269 CKRecreate, :300 CKTransients.
      const clauseId = 'canton.semantics.contract-keys';
      const alice = context.party('alice');
      const user = aliceUser(context);
      const created = async (commands: unknown[]) => {
        const response = await submitAndWait(context, user, [alice], commands);
        positiveDataAcceptance(response, clauseId);
        const offset = Number((parseJsonLossless(response.text) as { completionOffset?: unknown }).completionOffset);
        return transactionOf(await partyView(context, user, offset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'), clauseId).events;
      };
      const unset = (key: unknown) =>
        key === undefined || key === null || (typeof key === 'object' && Object.keys(key as object).length === 0);
      const iou = createdEvents(await created([iouCreate(context, alice, alice)]))[0];
      expectValueMatches(
        clauseId,
        'the contractKey of an Iou (a template without a key)',
        iou?.contractKey,
        unset,
        'unset (absent, null or empty)',
      );
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined) return context.skip('the fixtures name no keyed template (templates.keyedAccount with a key)');
      const account = (number: string) => ({
        CreateCommand: {
          templateId: keyed.templateId,
          createArguments: { ...(keyed.createArguments as JsonObject), owner: alice, number },
        },
      });
      const byKey = (number: string) => ({
        ExerciseByKeyCommand: {
          templateId: keyed.templateId,
          contractKey: { owner: alice, number },
          choice: 'Archive',
          choiceArgument: {},
        },
      });
      const number = freshId('key');
      const first = createdEvents(await created([account(number)]));
      expectValue(clauseId, 'the contractKey of a keyed Account', first[0]?.contractKey, { owner: alice, number }, undefined);
      // Recreated in one transaction: archived by key, created again with the same key.
      const recreated = await created([byKey(number), account(number)]);
      const again = createdEvents(recreated);
      writeVisible(clauseId, 'the Account created again with the archived key', again, 1);
      expectValue(
        clauseId,
        'the recreated Account: another contract id, the same key',
        [again[0]!.contractId !== first[0]?.contractId, again[0]!.contractKey],
        [true, { owner: alice, number }],
      );
      // A transient keyed contract (created and archived in one transaction), twice; its key is not found afterwards.
      const transient = freshId('key');
      for (let round = 0; round < 2; round++) {
        const response = await submitAndWait(
          context,
          user,
          [alice],
          [{ CreateAndExerciseCommand: { ...account(transient).CreateCommand, choice: 'Archive', choiceArgument: {} } }],
        );
        positiveDataAcceptance(response, clauseId);
      }
      refusedWith(context, clauseId, await submitAndWait(context, user, [alice], [byKey(transient)]), 'CONTRACT_KEY_NOT_FOUND', 404);
    },
  );

  conformanceTest(
    {
      name: 'a fetch in a choice body: readAs lends visibility, a stakeholder among the authorizers lends authority (DivulgeIouByExercise.Divulge)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.fetch-authorization'],
      requires: ['writes'],
    },
    async (context) => {
      // MultiPartySubmissionIT.scala:137 MPSFetchOtherSuccess and :159 MPSFetchOtherInsufficientAuthorization, with
      // CantonExamples' Divulge (controller payer, signatory divulgee), which fetches its ref.
      const clauseId = 'canton.commands.fetch-authorization';
      const divulgeId = cantonExamplesTemplate(context, 'Divulgence:DivulgeIouByExercise');
      const bank = context.party('bank');
      const reader = context.fixtures.users.find(
        (candidate) => !candidate.isDeactivated && candidate.rights.readAs.includes('bank') && candidate.rights.actAs.length > 0,
      );
      if (!reader) return context.skip("no fixture user acts as a party and reads as bank (needed to see the bank's Iou through readAs)");
      const actor = context.party(reader.rights.actAs[0]!);
      // An Iou of the bank and carol: the actor sees it only through readAs bank.
      const { contractId: iou, bankUser } = await createIouAndFindIt(context, context.party('carol'));
      // With authority: the bank (a stakeholder of the Iou) signs the holder; without: the actor alone.
      const holder = (user: string, signatory: string) =>
        createAndFind(
          context,
          user,
          signatory,
          { CreateCommand: { templateId: divulgeId, createArguments: { payer: actor, divulgee: signatory } } },
          clauseId,
        );
      const withAuthority = await holder(bankUser, bank);
      const withoutAuthority = await holder(reader.id, actor);
      const divulge = (holderId: string, readAs: string[]) =>
        submitAndWaitAs(context, reader.id, [actor], readAs, [
          { ExerciseCommand: { templateId: divulgeId, contractId: holderId, choice: 'Divulge', choiceArgument: { ref: iou } } },
        ]);
      const authorized = await divulge(withAuthority, [bank]);
      refusedAgainstControl(context, clauseId, await divulge(withAuthority, []), authorized, 'CONTRACT_NOT_FOUND', 404, {
        control: 'the same fetch with readAs bank',
      });
      refusedAgainstControl(context, clauseId, await divulge(withoutAuthority, [bank]), authorized, 'DAML_AUTHORIZATION_ERROR', 400, {
        causeIncludes: 'of the fetched contract to be an authorizer',
        control: 'the same fetch through a holder the bank signed',
      });
    },
  );

  conformanceTest(
    {
      name: 'a fetch of a contract of another template is WRONGLY_TYPED_CONTRACT (DivulgeIouByExercise.Divulge given a GetCash)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.wrongly-typed-contract'],
      requires: ['writes'],
    },
    async (context) => {
      // ContractKeysWronglyTypedContractIdIT.scala:17 WTFetchFails: Divulge fetches its ref as an Iou.
      const clauseId = 'canton.commands.wrongly-typed-contract';
      const { divulgeId, alice, user, holder } = await aliceDivulgeHolder(context, clauseId);
      const cash = await createAndFind(
        context,
        user,
        alice,
        {
          CreateCommand: {
            templateId: context.fixtures.templates.getCash.templateId,
            createArguments: { payer: alice, owner: alice, amount: { value: '5.0', currency: 'USD' } },
          },
        },
        clauseId,
      );
      const { contractId: iou } = await createIouAndFindIt(context, alice);
      const divulge = (ref: string) =>
        submitAndWait(
          context,
          user,
          [alice],
          [{ ExerciseCommand: { templateId: divulgeId, contractId: holder, choice: 'Divulge', choiceArgument: { ref } } }],
        );
      const refused = await divulge(cash);
      const control = await divulge(iou);
      refusedAgainstControl(context, clauseId, refused, control, 'WRONGLY_TYPED_CONTRACT', 400, { control: 'Divulge given an Iou' });
    },
  );

  conformanceTest(
    {
      name: 'a template filter shows what an exercise did: the archive of the exercised contract and the create of the new one (ACS delta)',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.template-filter-exercise-results'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.semantics.template-filter-exercise-results';
      const alice = context.party('alice');
      const bob = context.party('bob');
      const { contractId, payer, bankUser } = await createIouAndFindIt(context, alice);
      const transferred = await submit(context, {
        user: aliceUser(context),
        actAs: [alice],
        commands: [transfer(context, contractId, bob)],
        clauseId,
      });
      const templateId = context.fixtures.templates.iou.templateId;
      const filter = { identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } } };
      // The payer signs both Ious: it sees the archive and the create.
      const response = await updateByOffset(
        context,
        bankUser,
        transferred.completionOffset,
        transactionFormat({ [payer]: [filter] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const { events } = transactionOf(response, clauseId);
      const archived = events.filter(([kind]) => kind === 'ArchivedEvent').map(([, event]) => event);
      const created = events.filter(([kind]) => kind === 'CreatedEvent').map(([, event]) => event);
      expectValueMatches(
        clauseId,
        'the archived events through the Iou template filter',
        archived.map((event) => event.contractId),
        (ids) => ids.length === 1 && ids[0] === contractId,
        `exactly the exercised Iou ${contractId}`,
        response,
      );
      expectValue(
        clauseId,
        'the template of the archived event',
        qualifiedName(archived[0]!.templateId),
        qualifiedName(templateId),
        response,
      );
      expectValueMatches(
        clauseId,
        'the created events through the Iou template filter',
        created.map((event) => [qualifiedName(event.templateId), (event.createArgument as JsonObject | undefined)?.owner]),
        (pairs) => pairs.length === 1 && pairs[0]![0] === qualifiedName(templateId) && pairs[0]![1] === bob,
        'exactly one, the Iou now owned by bob',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: "events carry their template's package name, and a created event's representativePackageId is its template's package id",
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.package-name-in-events', 'canton.semantics.representative-package-id'],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const bob = context.party('bob');
      const { contractId, payer, bankUser } = await createIouAndFindIt(context, alice);
      const transferred = await submit(context, {
        user: aliceUser(context),
        actAs: [alice],
        commands: [transfer(context, contractId, bob)],
        clauseId: 'canton.semantics.package-name-in-events',
      });
      const seen = new Set<string>();
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const response = await updateByOffset(
          context,
          bankUser,
          transferred.completionOffset,
          transactionFormat({ [payer]: [wildcardFilter()] }, shape),
        );
        const { events } = transactionOf(response, 'canton.semantics.package-name-in-events');
        for (const [kind, event] of events) {
          seen.add(kind);
          expectValue(
            'canton.semantics.package-name-in-events',
            `packageName of the ${kind} (${shape})`,
            event.packageName,
            context.fixtures.package.name,
            response,
          );
          if (kind === 'CreatedEvent') {
            expectValue(
              'canton.semantics.representative-package-id',
              `representativePackageId of the created Iou (${shape})`,
              event.representativePackageId,
              // The contract's own package (UpgradingIT.scala:725-729), not the fixture's: a node may hold several versions.
              String(event.templateId).split(':')[0],
              response,
            );
          }
        }
      }
      expectValueMatches(
        'canton.semantics.package-name-in-events',
        'the kinds of events read',
        [...seen].sort(),
        (kinds) => ['ArchivedEvent', 'CreatedEvent', 'ExercisedEvent'].every((kind) => kinds.includes(kind)),
        'created, archived and exercised events',
      );
    },
  );

  conformanceTest(
    {
      name: 'a contract id in a create or choice argument: non-suffixed V1 is COMMAND_PREPROCESSING_FAILED, suffixed V1 is accepted without lookup (4 positions)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.contract-id-in-values'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.contract-id-in-values';
      const swapId = cantonExamplesTemplate(context, 'Swap:Swap');
      const divulgeId = cantonExamplesTemplate(context, 'Divulgence:DivulgeIouByExercise');
      const alice = context.party('alice');
      const bob = context.party('bob');
      const user = aliceUser(context);
      const swap = (cid: string) => ({ party1: alice, party2: bob, iou1: cid, exchangeRate: '1.0', currencyDesired: 'USD' });
      const divulge = { payer: alice, divulgee: alice };
      const holder = await createAndFind(
        context,
        user,
        alice,
        { CreateCommand: { templateId: divulgeId, createArguments: divulge } },
        clauseId,
      );
      const positions: [string, (cid: string) => unknown][] = [
        ['create payload', (cid) => ({ CreateCommand: { templateId: swapId, createArguments: swap(cid) } })],
        [
          'choice argument',
          (cid) => ({ ExerciseCommand: { templateId: divulgeId, contractId: holder, choice: 'NotDivulge', choiceArgument: { ref: cid } } }),
        ],
        [
          'create-and-exercise payload',
          (cid) => ({
            CreateAndExerciseCommand: { templateId: swapId, createArguments: swap(cid), choice: 'Archive', choiceArgument: {} },
          }),
        ],
        [
          'create-and-exercise choice argument',
          (cid) => ({
            CreateAndExerciseCommand: {
              templateId: divulgeId,
              createArguments: divulge,
              choice: 'NotDivulge',
              choiceArgument: { ref: cid },
            },
          }),
        ],
      ];
      for (const [position, command] of positions) {
        const accepted = await submitAndWait(context, user, [alice], [command(SUFFIXED_V1)]);
        expectValue(clauseId, `the status of a suffixed V1 contract id in the ${position}`, accepted.status, 200, accepted);
        const refused = await submitAndWait(context, user, [alice], [command(NON_SUFFIXED_V1)]);
        refusedWith(context, clauseId, refused, 'COMMAND_PREPROCESSING_FAILED', 400, { causeIncludes: 'Illegal Contract ID' });
      }
    },
  );

  conformanceTest(
    {
      name: 'a non-consuming choice archives nothing: consuming false, no archive in the ACS delta, the contract exercised again',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.non-consuming-archives-nothing'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.semantics.non-consuming-archives-nothing';
      const { divulgeId, alice, user, holder } = await aliceDivulgeHolder(context, clauseId);
      const notDivulge = {
        ExerciseCommand: { templateId: divulgeId, contractId: holder, choice: 'NotDivulge', choiceArgument: { ref: SUFFIXED_V1 } },
      };
      const exercised = await submit(context, { user, actAs: [alice], commands: [notDivulge], clauseId });
      const effects = await partyView(context, user, exercised.completionOffset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const exercisedEvents = transactionOf(effects, clauseId)
        .events.filter(([kind]) => kind === 'ExercisedEvent')
        .map(([, event]) => event);
      expectValueMatches(
        clauseId,
        'the exercised events (contract id, consuming) of the NotDivulge transaction',
        exercisedEvents.map((event) => [event.contractId, event.consuming]),
        (pairs) => pairs.length === 1 && pairs[0]![0] === holder && pairs[0]![1] === false,
        `one, on ${holder}, consuming false`,
        effects,
      );
      // Nothing of the transaction is in the ACS delta: Canton answers UPDATE_NOT_FOUND (UpdateServiceQueryIT :483) or,
      // were it to answer the transaction, it holds no archive of the contract.
      const delta = await partyView(context, user, exercised.completionOffset, alice, 'TRANSACTION_SHAPE_ACS_DELTA');
      const archived =
        delta.status === 200
          ? (transactionIn(JSON.parse(delta.text))?.events ?? []).filter(
              ([kind, event]) => kind === 'ArchivedEvent' && event.contractId === holder,
            )
          : [];
      expectValueMatches(
        clauseId,
        'the ACS-delta view of the NotDivulge transaction',
        [delta.status, archived.length],
        ([status, count]) => (status === 200 || status === 404) && count === 0,
        'no archive of the contract (200 without it, or 404 UPDATE_NOT_FOUND)',
        delta,
      );
      const again = await submitAndWait(context, user, [alice], [notDivulge]);
      expectValue(clauseId, 'the status of exercising NotDivulge again', again.status, 200, again);
    },
  );

  conformanceTest(
    {
      name: 'a template filter by an unknown package name is PACKAGE_NAMES_NOT_FOUND, by a known name without that template NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
      endpoint: 'update-by-offset',
      clauses: ['canton.update-by-offset.filter-unknown-package-name'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.update-by-offset.filter-unknown-package-name';
      const alice = context.party('alice');
      const { submitted, payer, bankUser } = await createIouAndFindIt(context, alice);
      const lookup = (templateId: string) =>
        updateByOffset(
          context,
          bankUser,
          submitted.completionOffset,
          transactionFormat(
            { [payer]: [{ identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } } }] },
            'TRANSACTION_SHAPE_ACS_DELTA',
          ),
        );
      // Control: the Iou by its package name.
      const control = await lookup(`#${context.fixtures.package.name}:Iou:Iou`);
      const unknownName = await lookup(`#${freshId('unknown-package')}:Iou:Iou`);
      const unknownPair = await lookup(`#${context.fixtures.package.name}:Iou:NoSuchTemplate`);
      const controlIs = { control: 'the Iou by its package name' };
      refusedAgainstControl(context, clauseId, unknownName, control, 'PACKAGE_NAMES_NOT_FOUND', 404, controlIs);
      refusedAgainstControl(context, clauseId, unknownPair, control, 'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME', 404, controlIs);
    },
  );

  conformanceTest(
    {
      name: 'a contract consumed by its owner cannot be archived by its payer (CONTRACT_NOT_FOUND; control: the payer archives a live Iou)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.consumed-by-another-party'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.consumed-by-another-party';
      const alice = context.party('alice');
      const bob = context.party('bob');
      const consumed = await createIouAndFindIt(context, alice);
      const live = await createIouAndFindIt(context, alice);
      await submit(context, {
        user: aliceUser(context),
        actAs: [alice],
        commands: [transfer(context, consumed.contractId, bob)],
        clauseId,
      });
      const archive = (contractId: string) => ({
        ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} },
      });
      const refused = await submitAndWait(context, consumed.bankUser, [consumed.payer], [archive(consumed.contractId)]);
      const control = await submitAndWait(context, live.bankUser, [live.payer], [archive(live.contractId)]);
      refusedAgainstControl(context, clauseId, refused, control, 'CONTRACT_NOT_FOUND', 404, { control: 'the payer archives a live Iou' });
    },
  );

  conformanceTest(
    {
      name: 'an archive racing non-consuming exercises: every committed non-consuming exercise precedes the archive, a later one is CONTRACT_NOT_FOUND',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.archive-vs-non-consuming'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.archive-vs-non-consuming';
      const { divulgeId, alice, user, holder } = await aliceDivulgeHolder(context, clauseId);
      const exercise = (choice: string, choiceArgument: JsonObject) => ({
        ExerciseCommand: { templateId: divulgeId, contractId: holder, choice, choiceArgument },
      });
      const consume = exercise('ConsumeSelf', { actor: alice });
      const nonConsuming = exercise('NotDivulge', { ref: SUFFIXED_V1 });
      await archiveRace(context, clauseId, { user, party: alice, archive: consume, racing: nonConsuming, what: 'non-consuming exercises' });
    },
  );

  conformanceTest(
    {
      name: 'an Iou only divulged to bob cannot be fetched in a choice bob exercises, authorized by its owner (CONTRACT_NOT_FOUND; control: the same choice on an Iou bob owns)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.divulged-contract-not-usable'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.divulged-contract-not-usable';
      const divulgeId = cantonExamplesTemplate(context, 'Divulgence:DivulgeIouByExercise');
      const alice = context.party('alice');
      const bob = context.party('bob');
      const user = aliceUser(context);
      const bobUser = context.userWhere('can act as bob', (candidate) => candidate.rights.actAs.includes('bob')).id;
      const { contractId: alicesIou } = await createIouAndFindIt(context, alice);
      const { contractId: bobsIou } = await createIouAndFindIt(context, bob);
      const holder = (party: string, userId: string, payer: string) =>
        createAndFind(
          context,
          userId,
          party,
          { CreateCommand: { templateId: divulgeId, createArguments: { payer, divulgee: party } } },
          clauseId,
        );
      // Signed by bob, exercised by alice: bob witnesses her fetch of her Iou (SemanticTests.scala:562-571).
      const toBob = await holder(bob, bobUser, alice);
      // Signed by alice, the Iou's owner, exercised by bob: his fetch is authorized by her (the case's Delegation).
      const delegation = await holder(alice, user, bob);
      const divulge = (contractId: string, ref: string) => ({
        ExerciseCommand: { templateId: divulgeId, contractId, choice: 'Divulge', choiceArgument: { ref } },
      });
      await submit(context, { user, actAs: [alice], commands: [divulge(toBob, alicesIou)], clauseId });
      const refused = await submitAndWait(context, bobUser, [bob], [divulge(delegation, alicesIou)]);
      const control = await submitAndWait(context, bobUser, [bob], [divulge(delegation, bobsIou)]);
      refusedAgainstControl(context, clauseId, refused, control, 'CONTRACT_NOT_FOUND', 404, {
        control: 'bob fetches an Iou he owns through the same choice',
      });
    },
  );

  conformanceTest(
    {
      name: 'an archive racing fetches of an Iou: every committed fetch precedes the archive, a later one is CONTRACT_NOT_FOUND',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.archive-vs-fetch'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.archive-vs-fetch';
      const { divulgeId, alice, user, holder } = await aliceDivulgeHolder(context, clauseId);
      // Alice is the Iou's payer and owner, so she alone may archive it (the case's ContractWithKey of alice).
      const iou = await createAndFind(context, user, alice, iouCreate(context, alice, alice, '1.0'), clauseId);
      const archiveIou = {
        ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId: iou, choice: 'Archive', choiceArgument: {} },
      };
      // The case's FetchWrapper_Fetch: a non-consuming choice of alice that fetches the Iou.
      const fetchIou = { ExerciseCommand: { templateId: divulgeId, contractId: holder, choice: 'Divulge', choiceArgument: { ref: iou } } };
      await archiveRace(context, clauseId, { user, party: alice, archive: archiveIou, racing: fetchIou, what: 'fetches' });
    },
  );

  conformanceTest(
    {
      name: 'update-by-offset without updateFormat is MISSING_FIELD update_format; with empty filtersByParty and no filtersForAnyParty INVALID_ARGUMENT',
      endpoint: 'update-by-offset',
      clauses: ['canton.update-by-offset.update-format-missing-field', 'canton.update-by-offset.empty-filters-invalid-argument'],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const { submitted, payer, bankUser } = await createIouAndFindIt(context, alice);
      const offset = submitted.completionOffset;
      const lookup = (body: JsonObject) => context.send({ endpoint: 'update-by-offset', user: bankUser, body });
      const control = await lookup({
        offset,
        updateFormat: transactionFormat({ [payer]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      });
      const withoutFormat = await lookup({ offset });
      const emptyFilters = await lookup({ offset, updateFormat: transactionFormat({}, 'TRANSACTION_SHAPE_ACS_DELTA') });
      const judged: [ClauseId, ClientResponse, string, string][] = [
        [
          'canton.update-by-offset.update-format-missing-field',
          withoutFormat,
          'MISSING_FIELD',
          // The field name only, not Canton's whole sentence (RequestValidationErrors.scala:324).
          'update_format',
        ],
        [
          'canton.update-by-offset.empty-filters-invalid-argument',
          emptyFilters,
          'INVALID_ARGUMENT',
          // The field names, not Canton's whole sentence (FormatValidator.scala:50).
          'filtersForAnyParty',
        ],
      ];
      for (const [clauseId, refused, code, causeIncludes] of judged)
        refusedAgainstControl(context, clauseId, refused, control, code, 400, { causeIncludes, control: 'the lookup with a format' });
    },
  );
});
