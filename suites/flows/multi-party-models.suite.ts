/**
 * Choices of several parties, branching stakeholders, a choice observer and a fetch of a contract created in the same
 * transaction, with the suite's conformance-semantics model (daml/lf/semantics.lf: LAPITT's model/Test.daml TriProposal,
 * Agreement, AgreementFactory, MultiPartyContract, BranchingSignatories, BranchingControllers, DiscloseCreate,
 * CreateAndFetch, Dummy). Runs on any node `provision` gave the suite's DARs; skips with the reason on a node without.
 * Canton profile only: every clause is Canton 3.5 behaviour, cited in specification/clauses/suite-models.ts.
 */
import { statusCodeConformance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { createdEvents, expectUpdateNotFound, partyView, transactionFormat, transactionOf, updateByOffset } from '../support/ledger.js';
import type { JsonObject } from '../support/ledger.js';
import { aliceUser, bankUser, refusedFor, send } from '../support/command-semantics.js';
import { completionOffset, create, createAndExercise, createdIds, eventsOf, exercise, suiteTemplates } from '../support/suite-models.js';
import { templateFilter } from '../support/visibility.js';

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);

conformanceSuite('flows / multi-party models', () => {
  conformanceTest(
    {
      name: 'a choice of several controllers needs them all (TriProposal through an Agreement; MPAddSignatories), a failing assert is DAML_FAILURE',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.multi-actor-choice', 'canton.commands.failure-status'],
      requires: ['writes'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const template = suiteTemplates(context, 'semantics');
      const multi = 'canton.commands.multi-actor-choice';
      const failure = 'canton.commands.failure-status';
      const [alice, bob, bank] = [context.party('alice'), context.party('bob'), context.party('bank')];
      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const banker = bankUser(context);
      const second = context.fixtures.users.find((user) => user.id === banker)?.rights.actAs.find((alias) => alias !== 'bank');
      if (second === undefined) return context.skip('the user who acts as bank acts as no second party (needed to add a signatory)');
      const other = context.party(second);
      const as = (user: string, actAs: string[], commands: JsonObject[]) =>
        send(context, user, { commands, commandId: freshId('multi-actor'), actAs });
      const tri = (operator: string, receiver: string, giver: string) => create(template('TriProposal'), { operator, receiver, giver });
      const consume = (begin: string, end: string) =>
        as(
          aliceUser(context),
          [alice],
          [createAndExercise(template('Dummy'), { operator: alice }, 'ConsumeIfTimeIsBetween', { begin, end })],
        );
      const MAX = '9999-12-31T23:59:59.999999Z';

      // Proposals of alice (operator); factories and two contracts of bank; a ledger time assert, failing and passing.
      const [proposals, factories, timeFails, timeHolds] = await Promise.all([
        as(aliceUser(context), [alice], [tri(alice, bob, bank), tri(alice, bank, bank), tri(alice, bank, bank), tri(alice, bank, bank)]),
        as(
          banker,
          [bank],
          [
            create(template('AgreementFactory'), { receiver: bob, giver: bank }),
            create(template('AgreementFactory'), { receiver: bank, giver: bank }),
            create(template('MultiPartyContract'), { parties: [bank], value: 'one' }),
            create(template('MultiPartyContract'), { parties: [bank], value: 'two' }),
          ],
        ),
        consume(MAX, MAX),
        consume('0001-01-01T00:00:00Z', MAX),
      ]);
      statusCodeConformance(proposals, [200], multi);
      statusCodeConformance(factories, [200], multi);
      const timeError = refusedFor(context, failure, timeFails, timeHolds, 'DAML_FAILURE', 400, {
        causeIncludes: 'Assertion failed',
        control: 'the same choice with bounds around the ledger time',
      });
      if (timeError) expectValue(failure, 'the errorCategory of DAML_FAILURE', timeError.errorCategory, 9, timeFails);

      const [proposalEvents, factoryEvents] = await Promise.all([
        eventsOf(context, aliceUser(context), proposals, alice, 'TRANSACTION_SHAPE_ACS_DELTA', multi),
        eventsOf(context, banker, factories, bank, 'TRANSACTION_SHAPE_ACS_DELTA', multi),
      ]);
      writeVisible(multi, 'the created TriProposals', createdEvents(proposalEvents.events), 4, proposalEvents.response);
      writeVisible(multi, 'the created factories and contracts', createdEvents(factoryEvents.events), 4, factoryEvents.response);
      const [basicProposal, coincidingProposal, directProposal, excessiveProposal] = createdIds(proposalEvents.events) as [
        string,
        string,
        string,
        string,
      ];
      const [bobFactory, bankFactory, added, notAdded] = createdIds(factoryEvents.events) as [string, string, string, string];

      const accept = (factory: string) => exercise(template('AgreementFactory'), factory, 'AgreementFactoryAccept');
      const addSignatory = (contractId: string) =>
        exercise(template('MultiPartyContract'), contractId, 'MPAddSignatories', { newParties: [other] });
      const [bobAgreements, bankAgreement, direct, missing, addedBoth, addedAlone] = await Promise.all([
        as(bobUser, [bob], [accept(bobFactory), accept(bobFactory)]),
        as(banker, [bank], [accept(bankFactory)]),
        // TriProposalAccept's controllers are receiver and giver: bank is both of (alice, bank, bank), one of (alice, bob, bank).
        as(banker, [bank], [exercise(template('TriProposal'), directProposal, 'TriProposalAccept')]),
        as(banker, [bank], [exercise(template('TriProposal'), basicProposal, 'TriProposalAccept')]),
        as(banker, [bank, other], [addSignatory(added)]),
        as(banker, [bank], [addSignatory(notAdded)]),
      ]);
      // The exercise node itself is refused (Pretty.prettyFailedAuthorization: "node <id> (<template id>) requires authorizers").
      refusedFor(context, multi, missing, direct, 'DAML_AUTHORIZATION_ERROR', 400, {
        causeIncludes: 'Semantics:TriProposal) requires authorizers',
        control: 'TriProposalAccept of a proposal whose receiver and giver are both the submitter',
      });
      refusedFor(context, multi, addedAlone, addedBoth, 'DAML_AUTHORIZATION_ERROR', 400, {
        causeIncludes: 'Semantics:MultiPartyContract) requires authorizers',
        control: 'MPAddSignatories with the old and the new signatory in actAs',
      });

      const [bobAgreementEvents, bankAgreementEvents, addedEvents] = await Promise.all([
        eventsOf(context, bobUser, bobAgreements, bob, 'TRANSACTION_SHAPE_ACS_DELTA', multi),
        eventsOf(context, banker, bankAgreement, bank, 'TRANSACTION_SHAPE_ACS_DELTA', multi),
        eventsOf(context, banker, addedBoth, bank, 'TRANSACTION_SHAPE_ACS_DELTA', multi),
      ]);
      const grown = createdEvents(addedEvents.events);
      writeVisible(multi, 'the MultiPartyContract MPAddSignatories created', grown, 1, addedEvents.response);
      expectValue(
        multi,
        'the signatories after MPAddSignatories',
        sorted(grown[0]!.signatories),
        [bank, other].sort(),
        addedEvents.response,
      );
      writeVisible(multi, "bob's two Agreements", createdEvents(bobAgreementEvents.events), 2, bobAgreementEvents.response);
      writeVisible(multi, "bank's Agreement", createdEvents(bankAgreementEvents.events), 1, bankAgreementEvents.response);
      const [basicAgreement, excessiveAgreement] = createdIds(bobAgreementEvents.events) as [string, string];
      const coincidingAgreement = createdIds(bankAgreementEvents.events)[0]!;

      const acceptProposal = (agreement: string, proposal: string) =>
        as(banker, [bank], [exercise(template('Agreement'), agreement, 'AcceptTriProposal', { cid: proposal })]);
      const [basic, coinciding, excessive] = await Promise.all([
        acceptProposal(basicAgreement, basicProposal),
        acceptProposal(coincidingAgreement, coincidingProposal),
        // Agreement (bob, bank) and a proposal to (bank, bank): the choice's assert fails.
        acceptProposal(excessiveAgreement, excessiveProposal),
      ]);
      const excessError = refusedFor(context, failure, excessive, basic, 'DAML_FAILURE', 400, {
        causeIncludes: 'Assertion failed',
        control: 'AcceptTriProposal of a proposal to the receiver and giver of the Agreement',
      });
      if (excessError) expectValue(failure, 'the errorCategory of DAML_FAILURE', excessError.errorCategory, 9, excessive);
      statusCodeConformance(coinciding, [200], multi);

      const trees = await Promise.all(
        [basic, coinciding].map(async (answer) => eventsOf(context, banker, answer, bank, 'TRANSACTION_SHAPE_LEDGER_EFFECTS', multi)),
      );
      const expected = [
        { operator: alice, receiver: bob, giver: bank },
        { operator: alice, receiver: bank, giver: bank },
      ];
      trees.forEach(({ events, response }, index) => {
        expectValue(
          multi,
          'the events of AcceptTriProposal: its exercise, the nested TriProposalAccept and the TriAgreement it creates',
          events.map(([kind, event]) => `${kind}:${String(event.choice ?? event.templateId ?? '').replace(/^.*:/, '')}`),
          ['ExercisedEvent:AcceptTriProposal', 'ExercisedEvent:TriProposalAccept', 'CreatedEvent:TriAgreement'],
          response,
        );
        const agreement = createdEvents(events)[0];
        expectValue(multi, 'the create arguments of the TriAgreement', agreement?.createArgument, expected[index], response);
        expectValue(
          multi,
          'the signatories of the TriAgreement',
          sorted(agreement?.signatories),
          [...new Set(Object.values(expected[index]!))].sort(),
          response,
        );
      });
    },
  );

  conformanceTest(
    {
      name: 'signatories and observers chosen by a branch: only the chosen party signs and sees (BranchingSignatories, BranchingControllers)',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.visibility.branching-stakeholders'],
      requires: ['writes'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const template = suiteTemplates(context, 'semantics');
      const clauseId = 'canton.semantics.visibility.branching-stakeholders';
      const [alice, bob, carol] = [context.party('alice'), context.party('bob'), context.party('carol')];
      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const carolReader = context.userWhere('can read as carol', (user) =>
        [...user.rights.actAs, ...user.rights.readAs].includes('carol'),
      ).id;
      const signTrue = { whichSign: true, signTrue: alice, signFalse: bob };
      const signFalse = { whichSign: false, signTrue: alice, signFalse: bob };
      const controllers = { giver: alice, whichCtrl: true, ctrlTrue: bob, ctrlFalse: carol };
      // Each create is authorized by the chosen signatory alone.
      const [byAlice, byBob] = await Promise.all([
        send(context, aliceUser(context), {
          commands: [create(template('BranchingSignatories'), signTrue), create(template('BranchingControllers'), controllers)],
          commandId: freshId('branching'),
          actAs: [alice],
        }),
        send(context, bobUser, {
          commands: [create(template('BranchingSignatories'), signFalse)],
          commandId: freshId('branching'),
          actAs: [bob],
        }),
      ]);
      statusCodeConformance(byAlice, [200], clauseId);
      statusCodeConformance(byBob, [200], clauseId);
      const view = (user: string, answer: typeof byAlice, party: string) =>
        partyView(context, user, completionOffset(answer), party, 'TRANSACTION_SHAPE_ACS_DELTA');
      const [aliceSeesHers, bobSeesAlices, carolSeesAlices, bobSeesHis, aliceSeesBobs] = await Promise.all([
        view(aliceUser(context), byAlice, alice),
        view(bobUser, byAlice, bob),
        view(carolReader, byAlice, carol),
        view(bobUser, byBob, bob),
        view(aliceUser(context), byBob, alice),
      ]);
      const hers = createdEvents(transactionOf(aliceSeesHers, clauseId).events);
      writeVisible(clauseId, "the creates of alice's transaction alice sees", hers, 2, aliceSeesHers);
      const stakeholders = (event: JsonObject | undefined) => ({
        signatories: sorted(event?.signatories),
        observers: sorted(event?.observers),
      });
      expectValue(
        clauseId,
        'the create arguments of BranchingSignatories (whichSign true)',
        hers[0]?.createArgument,
        signTrue,
        aliceSeesHers,
      );
      expectValue(
        clauseId,
        'the stakeholders of BranchingSignatories (whichSign true)',
        stakeholders(hers[0]),
        { signatories: [alice], observers: [] },
        aliceSeesHers,
      );
      expectValue(
        clauseId,
        'the stakeholders of BranchingControllers (whichCtrl true)',
        stakeholders(hers[1]),
        { signatories: [alice], observers: [bob] },
        aliceSeesHers,
      );
      // bob, the chosen controller, sees the BranchingControllers only; carol, the other branch, sees nothing.
      const bobs = createdEvents(transactionOf(bobSeesAlices, clauseId).events);
      expectValue(
        clauseId,
        "the templates of alice's creates bob sees",
        bobs.map((event) => String(event.templateId).replace(/^.*:/, '')),
        ['BranchingControllers'],
        bobSeesAlices,
      );
      expectUpdateNotFound(context, carolSeesAlices, completionOffset(byAlice), clauseId);
      const his = createdEvents(transactionOf(bobSeesHis, clauseId).events);
      writeVisible(clauseId, 'the BranchingSignatories (whichSign false) bob sees', his, 1, bobSeesHis);
      expectValue(
        clauseId,
        'the stakeholders of BranchingSignatories (whichSign false)',
        stakeholders(his[0]),
        { signatories: [bob], observers: [] },
        bobSeesHis,
      );
      expectUpdateNotFound(context, aliceSeesBobs, completionOffset(byBob), clauseId);
    },
  );

  conformanceTest(
    {
      name: 'a choice fetches what it created (CreateAndFetch); a choice observer witnesses a create and uses it disclosed (DiscloseCreate)',
      endpoint: 'update-by-offset',
      clauses: ['canton.commands.fetch-created-in-transaction', 'canton.disclosure.witnessed-contract-usable'],
      requires: ['writes'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const template = suiteTemplates(context, 'semantics');
      const fetchClause = 'canton.commands.fetch-created-in-transaction';
      const witnessClause = 'canton.disclosure.witnessed-contract-usable';
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const user = aliceUser(context);
      const [created, disclosing] = await Promise.all([
        send(context, user, {
          commands: [create(template('CreateAndFetch'), { p: alice })],
          commandId: freshId('create-fetch'),
          actAs: [alice],
        }),
        send(context, user, {
          commands: [createAndExercise(template('DiscloseCreate'), { owner: alice }, 'DiscloseCreate_To', { disclosee: bob })],
          commandId: freshId('disclose-create'),
          actAs: [alice],
        }),
      ]);
      statusCodeConformance(created, [200], fetchClause);
      statusCodeConformance(disclosing, [200], witnessClause);
      const [own, witnessed] = await Promise.all([
        eventsOf(context, user, created, alice, 'TRANSACTION_SHAPE_ACS_DELTA', fetchClause),
        updateByOffset(
          context,
          bobUser,
          completionOffset(disclosing),
          transactionFormat({ [bob]: [templateFilter(template('Dummy'), true)] }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
        ),
      ]);
      const contractId = createdIds(own.events)[0];
      writeVisible(fetchClause, 'the created CreateAndFetch', createdEvents(own.events), 1, own.response);
      const dummies = createdEvents(transactionOf(witnessed, witnessClause).events);
      writeVisible(witnessClause, "the Dummy created by DiscloseCreate_To in its choice observer's ledger effects", dummies, 1, witnessed);
      const dummy = dummies[0]!;
      const blob = String(dummy.createdEventBlob ?? '');
      expectValueMatches(
        witnessClause,
        "the witnessed Dummy's createdEventBlob",
        blob,
        (text) => text.length > 0,
        'a non-empty blob',
        witnessed,
      );

      const publicChoice = (disclosed: boolean) =>
        send(context, bobUser, {
          commands: [exercise(template('Dummy'), String(dummy.contractId), 'PublicChoice', { anyParty: bob })],
          commandId: freshId('witnessed'),
          actAs: [bob],
          ...(disclosed
            ? {
                disclosedContracts: [
                  { templateId: String(dummy.templateId), contractId: String(dummy.contractId), createdEventBlob: blob },
                ],
              }
            : {}),
        });
      const [run, withBlob, withoutBlob] = await Promise.all([
        send(context, user, {
          commands: [exercise(template('CreateAndFetch'), contractId!, 'CreateAndFetch_Run')],
          commandId: freshId('create-fetch'),
          actAs: [alice],
        }),
        publicChoice(true),
        publicChoice(false),
      ]);
      // Not a stakeholder, the witness sees the contract only through the disclosed contract.
      refusedFor(context, witnessClause, withoutBlob, withBlob, 'CONTRACT_NOT_FOUND', 404, {
        control: 'the same exercise with the witnessed contract disclosed',
      });
      statusCodeConformance(run, [200], fetchClause);
      const ran = await eventsOf(context, user, run, alice, 'TRANSACTION_SHAPE_ACS_DELTA', fetchClause);
      expectValue(
        fetchClause,
        'the ACS delta of CreateAndFetch_Run: one create, one archive of the contract exercised',
        ran.events.map(([kind, event]) => (kind === 'ArchivedEvent' ? `${kind}:${String(event.contractId)}` : kind)).sort(),
        ['CreatedEvent', `ArchivedEvent:${contractId}`].sort(),
        ran.response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a contract divulged by a consuming choice (ShowDelegated.ShowIt) cannot be fetched by its witness (Delegation.FetchDelegated: CONTRACT_NOT_FOUND)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.divulged-contract-not-usable'],
      requires: ['writes'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const template = suiteTemplates(context, 'semantics');
      const clauseId = 'canton.commands.divulged-contract-not-usable';
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const user = aliceUser(context);
      // Signed by alice: the Delegated, its Delegation to bob and to alice herself, and a ShowDelegated bob observes.
      const created = await send(context, user, {
        commands: [
          create(template('Delegated'), { owner: alice, k: freshId('delegated') }),
          create(template('Delegation'), { owner: alice, delegate: bob }),
          create(template('Delegation'), { owner: alice, delegate: alice }),
          create(template('ShowDelegated'), { owner: alice, delegate: bob }),
        ],
        commandId: freshId('divulgence'),
        actAs: [alice],
      });
      statusCodeConformance(created, [200], clauseId);
      const { events, response } = await eventsOf(context, user, created, alice, 'TRANSACTION_SHAPE_ACS_DELTA', clauseId);
      writeVisible(clauseId, 'the contracts alice created', createdEvents(events), 4, response);
      const [delegated, toBob, toAlice, show] = createdIds(events) as [string, string, string, string];
      // ShowIt is consuming: bob, an observer of the ShowDelegated, witnesses its fetch of the Delegated.
      const shown = await send(context, user, {
        commands: [exercise(template('ShowDelegated'), show, 'ShowIt', { delegatedId: delegated })],
        commandId: freshId('divulgence'),
        actAs: [alice],
      });
      statusCodeConformance(shown, [200], clauseId);
      const fetchThrough = (delegation: string, actor: string, actorUser: string) =>
        send(context, actorUser, {
          commands: [exercise(template('Delegation'), delegation, 'FetchDelegated', { delegated })],
          commandId: freshId('divulgence'),
          actAs: [actor],
        });
      const [byWitness, byOwner] = await Promise.all([fetchThrough(toBob, bob, bobUser), fetchThrough(toAlice, alice, user)]);
      refusedFor(context, clauseId, byWitness, byOwner, 'CONTRACT_NOT_FOUND', 404, {
        causePrefix: 'Contract could not be found',
        control: 'the same FetchDelegated by a delegate who is a stakeholder of the Delegated',
      });
    },
  );
});
