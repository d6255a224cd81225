/**
 * Contract keys in workflows, as Canton 3.5 runs them (canton profile), with the suite's own keyed models (daml/lf/
 * key-workflows.lf and keys.lf, uploaded by `provision`): an exercise by key sees what the submitters see or are
 * disclosed (ContractKeysIT :481 CKGlocalKeyVisibility, ContractKeysExplicitDisclosureIT :37), a contract id in the
 * argument of an exercise by key (ContractKeysContractIdIT :168), a keyed asset transferred through a proposal
 * (ContractKeysDivulgenceIT :13), a key created through a choice, archived and created again (ContractKeysIT :439), and a
 * failed exercise by key that takes no change id (ContractKeysCommandDeduplicationIT :23), and a fetch and a lookup by key
 * in a choice of a contract the same transaction created (ContractKeysIT :407, :423; local-keys.lf), and a fetch and a lookup
 * by key in a choice exercised as two actors reading as a third (ContractKeysMultiPartySubmissionIT; multi-party-keys.lf):
 * that test acts as four parties at once, through a user it creates with those rights and a token it mints.
 * Canton 3.5 keys are not unique (NUCK: EngineMode.scala, protocol version 35): one test checks that a second contract
 * with a key in use is accepted and which of them an exercise by key takes (the most recent); every other key here carries
 * a fresh label, so no other test depends on that choice. Each test skips with its reason when the fixtures name no such
 * suite package (`suitePackages`).
 */
import { randomUUID } from 'node:crypto';
import { acceptedWith, positiveDataAcceptance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import {
  createdEvents,
  partyView,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
  type Shape,
  type TransactionEvent,
} from '../support/ledger.js';
import { refusedAgainstControl, refusedWith } from '../support/refusals.js';
import { adminUser, canActAs, createUser, deleteUser } from '../support/user-management.js';

const WORKFLOWS = 'conformance-key-workflows';

// ContractIdIT.scala:177-178: a V1 contract id without suffix (33 bytes) and one with a suffix (49 bytes).
const NON_SUFFIXED_V1 = Array.from({ length: 33 }, (_, index) => index.toString(16).padStart(2, '0')).join('');
const SUFFIXED_V1 = Array.from({ length: 49 }, (_, index) => index.toString(16).padStart(2, '0')).join('');

interface Actors {
  /** The owner of the keyed contracts (alice) and a user acting as her. */
  owner: string;
  ownerUser: string;
  /** A party that neither acts nor reads as the owner (bob) and a user acting as it. */
  other: string;
  otherUser: string;
}

/** `#<package>:<qualified>` of a suite package the fixtures name, or a skip with the reason. */
function suiteTemplate(context: ConformanceContext, packageName: string, qualified: string): string {
  const pkg = Object.values(context.fixtures.suitePackages ?? {}).find((candidate) => candidate.name === packageName);
  if (!pkg?.templates?.includes(qualified)) {
    return context.skip(
      `the fixtures name no suite package ${packageName} with ${qualified} (suitePackages; provision uploads daml/dars/${packageName}.dar)`,
    );
  }
  return `#${packageName}:${qualified}`;
}

function actors(context: ConformanceContext): Actors {
  const usable = context.fixtures.users.filter((user) => !user.isDeactivated && !user.rights.readAsAnyParty && !user.rights.admin);
  const ownerUser = usable.find((user) => user.rights.actAs.includes('alice'));
  const otherUser = usable.find(
    (user) =>
      user.rights.actAs.length > 0 &&
      !user.rights.actAs.includes('alice') &&
      !user.rights.readAs.includes('alice') &&
      !context.fixtures.parties.find((party) => party.alias === user.rights.actAs[0])?.external,
  );
  if (!ownerUser || !otherUser)
    return context.skip('needs a user acting as alice and one acting as a local party that cannot read as alice');
  return {
    owner: context.party('alice'),
    ownerUser: ownerUser.id,
    other: context.party(otherUser.rights.actAs[0]!),
    otherUser: otherUser.id,
  };
}

/**
 * LAPITT's alice, bob, charlie and david: alice, bob and two more local parties of the fixtures (neither external nor
 * hosted on several participants), or a skip with the reason.
 */
function fourParties(context: ConformanceContext): [string, string, string, string] {
  const others = context.fixtures.parties.filter(
    (party) => !['alice', 'bob'].includes(party.alias) && party.external === undefined && (party.hostedOn?.length ?? 1) <= 1,
  );
  if (others.length < 2) return context.skip('needs two local parties beside alice and bob (fixtures parties)');
  return [context.party('alice'), context.party('bob'), others[0]!.id, others[1]!.id];
}

function send(
  context: ConformanceContext,
  user: string,
  actAs: string[],
  commands: unknown[],
  extra: JsonObject = {},
): Promise<ClientResponse> {
  return context.send({ endpoint: 'submit-and-wait', user, body: { commands, commandId: freshId('keys'), actAs, ...extra } });
}

const exerciseByKey = (templateId: string, contractKey: JsonObject, choice: string, choiceArgument: JsonObject): JsonObject => ({
  ExerciseByKeyCommand: { templateId, contractKey, choice, choiceArgument },
});

/** Creates one contract as `party` and reads it back in the party's ACS-delta view (with its blob when asked). */
async function createAndRead(
  context: ConformanceContext,
  user: string,
  party: string,
  command: JsonObject,
  clauseId: ClauseId,
  withBlob = false,
): Promise<JsonObject> {
  const submitted = await submit(context, { user, actAs: [party], commands: [command], clauseId });
  const response = await updateByOffset(
    context,
    user,
    submitted.completionOffset,
    transactionFormat({ [party]: [wildcardFilter(withBlob)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
  );
  const created = createdEvents(transactionOf(response, clauseId).events);
  writeVisible(clauseId, 'the contract created', created, 1, response);
  return created[0]!;
}

conformanceSuite('flows / contract keys', () => {
  conformanceTest(
    {
      name: 'an exercise by key sees what the submitters see or are disclosed; a contract id in its argument is checked',
      endpoint: 'submit-and-wait',
      clauses: ['canton.semantics.contract-key-visibility', 'canton.commands.contract-id-in-values'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      const visibility = 'canton.semantics.contract-key-visibility';
      const contractIds = 'canton.commands.contract-id-in-values';
      const withKeyId = suiteTemplate(context, WORKFLOWS, 'WithKey:WithKey');
      const contractRefId = suiteTemplate(context, WORKFLOWS, 'ContractIdTests:ContractRef');
      const { owner, ownerUser, other, otherUser } = actors(context);

      const keyVisibility = async () => {
        // ContractKeysIT.scala:481 CKGlocalKeyVisibility and ContractKeysExplicitDisclosureIT.scala:37: the owner's WithKey,
        // read back with its blob; WithKey_NoOp is controlled by its argument, so any party may exercise it.
        const key = { p: owner, label: freshId('with-key') };
        const created = await createAndRead(
          context,
          ownerUser,
          owner,
          { CreateCommand: { templateId: withKeyId, createArguments: key } },
          visibility,
          true,
        );
        expectValueMatches(
          visibility,
          'the createdEventBlob the owner asked for',
          created.createdEventBlob,
          (blob) => typeof blob === 'string' && blob.length > 0,
          'a non-empty blob',
        );
        const disclosed = { templateId: created.templateId, contractId: created.contractId, createdEventBlob: created.createdEventBlob };
        const noOp = (divulgee: string) => exerciseByKey(withKeyId, key, 'WithKey_NoOp', { divulgee });
        const [own, hidden, shown] = await Promise.all([
          send(context, ownerUser, [owner], [noOp(owner)]),
          send(context, otherUser, [other], [noOp(other)]),
          send(context, otherUser, [other], [noOp(other)], { disclosedContracts: [disclosed] }),
        ]);
        positiveDataAcceptance(own, visibility);
        positiveDataAcceptance(shown, visibility);
        refusedAgainstControl(context, visibility, hidden, shown, 'CONTRACT_KEY_NOT_FOUND', 404, {
          control: 'the same exercise by key with the contract disclosed',
        });
      };

      const idInArgument = async () => {
        // ContractKeysContractIdIT.scala:168 {Reject NonSuffixed, Accept Suffixed}V1CKCidExerciseByKey: Change's newId is a
        // contract id in the argument of a choice exercised by key; a suffixed id is not looked up.
        const key = { party: owner, label: freshId('contract-ref') };
        await submit(context, {
          user: ownerUser,
          actAs: [owner],
          commands: [{ CreateCommand: { templateId: contractRefId, createArguments: { ...key, ref: SUFFIXED_V1 } } }],
          clauseId: contractIds,
        });
        const change = (newId: string) => send(context, ownerUser, [owner], [exerciseByKey(contractRefId, key, 'Change', { newId })]);
        // The refused one fails in preprocessing, before the key is looked up: both may go at once.
        const [refused, accepted] = await Promise.all([change(NON_SUFFIXED_V1), change(SUFFIXED_V1)]);
        positiveDataAcceptance(accepted, contractIds);
        refusedAgainstControl(context, contractIds, refused, accepted, 'COMMAND_PREPROCESSING_FAILED', 400, {
          causeIncludes: 'Illegal Contract ID',
          control: 'the same exercise by key with a suffixed contract id',
        });
      };

      await Promise.all([keyVisibility(), idInArgument()]);
    },
  );

  conformanceTest(
    {
      name: 'keyed contracts in workflows: an asset transferred through a proposal, a key created through a choice, archived and created again',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.contract-key-workflows'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      const clauseId = 'canton.semantics.contract-key-workflows';
      const assetId = suiteTemplate(context, WORKFLOWS, 'Divulgence:Asset');
      const proposalId = suiteTemplate(context, WORKFLOWS, 'Divulgence:Proposal');
      const withKeyId = suiteTemplate(context, WORKFLOWS, 'WithKey:WithKey');
      const creatorId = suiteTemplate(context, WORKFLOWS, 'WithKey:WithKeyCreatorAlternative');
      const { owner: proposer, ownerUser: proposerUser, other: receiver, otherUser: receiverUser } = actors(context);

      const divulgence = async () => {
        // ContractKeysDivulgenceIT.scala:13 DivulgenceKeys: the proposer offers, the receiver accepts with its own keyed
        // asset, which ProposalAccept fetches and transfers to the proposer.
        const label = freshId('asset');
        const [proposal, asset] = await Promise.all([
          createAndRead(
            context,
            proposerUser,
            proposer,
            { CreateCommand: { templateId: proposalId, createArguments: { proposer, receiver } } },
            clauseId,
          ),
          createAndRead(
            context,
            receiverUser,
            receiver,
            { CreateCommand: { templateId: assetId, createArguments: { issuer: receiver, owner: receiver, label } } },
            clauseId,
          ),
        ]);
        const accepted = await submit(context, {
          user: receiverUser,
          actAs: [receiver],
          commands: [
            {
              ExerciseCommand: {
                templateId: proposalId,
                contractId: proposal.contractId,
                choice: 'ProposalAccept',
                choiceArgument: { asset: asset.contractId },
              },
            },
          ],
          clauseId,
        });
        const view = await partyView(context, proposerUser, accepted.completionOffset, proposer, 'TRANSACTION_SHAPE_ACS_DELTA');
        const created = createdEvents(transactionOf(view, clauseId).events);
        writeVisible(clauseId, "the asset created for the proposer, in the proposer's view", created, 1, view);
        expectValue(
          clauseId,
          "the new asset's owner and key",
          [(created[0]?.createArgument as JsonObject | undefined)?.owner, created[0]?.contractKey],
          [proposer, { issuer: receiver, label }],
          view,
        );
      };

      const reusedKey = async () => {
        // ContractKeysIT.scala:439 CKDisclosedContractKeyReusabilityAsSubmitter: the other party creates the owner's
        // WithKey through the creator's choice (seeing it as its submitter only), the owner archives it by key, and the
        // same choice creates it again.
        const label = freshId('reused');
        const creator = await createAndRead(
          context,
          proposerUser,
          proposer,
          { CreateCommand: { templateId: creatorId, createArguments: { p1: proposer, p2: receiver, label } } },
          clauseId,
        );
        const discloseCreate = () =>
          submit(context, {
            user: receiverUser,
            actAs: [receiver],
            commands: [
              {
                ExerciseCommand: {
                  templateId: creatorId,
                  contractId: creator.contractId,
                  choice: 'WithKeyCreatorAlternative_DiscloseCreate',
                  choiceArgument: {},
                },
              },
            ],
            clauseId,
          });
        await discloseCreate();
        await submit(context, {
          user: proposerUser,
          actAs: [proposer],
          commands: [exerciseByKey(withKeyId, { p: proposer, label }, 'Archive', {})],
          clauseId,
        });
        await discloseCreate();
      };

      await Promise.all([divulgence(), reusedKey()]);
    },
  );
  conformanceTest(
    {
      name: 'keys are not unique: a second contract with a key in use is accepted, and an exercise by key takes the most recent',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.contract-keys-not-unique'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      // Canton 3.5 runs LF 2.3 keys as non-unique (NUCK); LAPITT's unique-key cases (RaceConditionIT WWDoubleNonTransientCreate,
      // ContractKeysIT CKMaintainerScoped's duplicate create) are excluded from Canton's own runs. The order a lookup by key
      // takes is Canton's NUCKTests.daml exerciseByMultiple: created in this transaction (most recent first), disclosed,
      // then the ledger's (newest first); a unique-key ledger refuses the second create (DUPLICATE_CONTRACT_KEY).
      const clauseId = 'canton.semantics.contract-keys-not-unique';
      const textKeyId = suiteTemplate(context, 'conformance-keys', 'TextKey:TextKey');
      const { owner, ownerUser } = actors(context);
      const create = (key: string) => ({
        CreateCommand: { templateId: textKeyId, createArguments: { party: owner, key, disclosedTo: [] } },
      });
      const archiveByKey = (key: string) => exerciseByKey(textKeyId, { party: owner, key }, 'Archive', {});
      const run = (commands: unknown[]) => submit(context, { user: ownerUser, actAs: [owner], commands, clauseId });
      const eventsAt = async (offset: number, shape: Shape) =>
        transactionOf(await partyView(context, ownerUser, offset, owner, shape), clauseId).events;
      // The contracts the exercises of a transaction (ledger-effects view) were on, in node order.
      const exercisedOn = (events: TransactionEvent[]) =>
        events
          .filter(([kind]) => kind === 'ExercisedEvent')
          .map(([, payload]) => payload)
          .sort((left, right) => Number(left.nodeId) - Number(right.nodeId))
          .map((payload) => payload.contractId);

      const acrossTransactions = async () => {
        // Two contracts with one key, created one after the other; then two exercises by key in one transaction: the first
        // archives the newer, the second (the newer now consumed) the older, which was active beside it all along.
        const key = freshId('not-unique');
        const older = await run([create(key)]);
        const newer = await run([create(key)]);
        const byKey = await run([archiveByKey(key), archiveByKey(key)]);
        const [olderEvents, newerEvents, byKeyEvents] = await Promise.all([
          eventsAt(older.completionOffset, 'TRANSACTION_SHAPE_ACS_DELTA'),
          eventsAt(newer.completionOffset, 'TRANSACTION_SHAPE_ACS_DELTA'),
          eventsAt(byKey.completionOffset, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
        ]);
        const [olderCreated, newerCreated] = [createdEvents(olderEvents), createdEvents(newerEvents)];
        writeVisible(clauseId, 'the first contract with the key', olderCreated, 1);
        writeVisible(clauseId, 'the second contract with the same key', newerCreated, 1);
        expectValue(
          clauseId,
          'the contracts the two exercises by key archived, in turn (the most recent first, then the older one)',
          exercisedOn(byKeyEvents),
          [newerCreated[0]!.contractId, olderCreated[0]!.contractId],
        );
      };

      const withinOneTransaction = async () => {
        // Two creates with one key and an exercise by key in one transaction: accepted; the exercise takes the later create.
        const key = freshId('not-unique');
        const submitted = await run([create(key), create(key), archiveByKey(key)]);
        const events = await eventsAt(submitted.completionOffset, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
        const created = createdEvents(events).sort((left, right) => Number(left.nodeId) - Number(right.nodeId));
        writeVisible(clauseId, 'the contracts created with one key in one transaction', created, 2);
        expectValue(
          clauseId,
          'the contract the exercise by key in the same transaction archived (the later of the two created before it)',
          exercisedOn(events),
          [created[1]!.contractId],
        );
      };

      await Promise.all([acrossTransactions(), withinOneTransaction()]);
    },
  );

  conformanceTest(
    {
      name: 'a fetch and a lookup by key in a choice find a contract the same transaction created, whoever the submitter sees',
      endpoint: 'submit-and-wait',
      clauses: ['canton.semantics.contract-key-local-visibility'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      // ContractKeysIT.scala:407 CKLocalLookupByKeyVisibility and :423 CKLocalFetchByKeyVisibility: the owner's
      // LocalKeyVisibilityOperations, observed by the other party, whose LocalLookup and LocalFetch create a Keyed of the
      // owner (with the owner's authority), find it by its key (query_n_by_key 1, fetch_by_key) and archive it.
      const clauseId = 'canton.semantics.contract-key-local-visibility';
      const operationsId = suiteTemplate(context, 'conformance-local-keys', 'LocalKeys:LocalKeyVisibilityOperations');
      const { owner, ownerUser, other, otherUser } = actors(context);
      const operations = await createAndRead(
        context,
        ownerUser,
        owner,
        { CreateCommand: { templateId: operationsId, createArguments: { sig: owner, obs: other } } },
        clauseId,
      );
      const exercise = (choice: string) =>
        send(
          context,
          otherUser,
          [other],
          [{ ExerciseCommand: { templateId: operationsId, contractId: operations.contractId, choice, choiceArgument: {} } }],
        );
      const [lookup, fetch] = await Promise.all([exercise('LocalLookup'), exercise('LocalFetch')]);
      positiveDataAcceptance(lookup, clauseId);
      positiveDataAcceptance(fetch, clauseId);
    },
  );

  conformanceTest(
    {
      name: 'a fetch and a lookup by key in a choice of two actors reading as a third: authority from the signatories, visibility from readAs',
      endpoint: 'submit-and-wait',
      clauses: ['canton.semantics.contract-key-multi-party-authorization', 'canton.semantics.contract-key-multi-party-visibility'],
      requires: ['writes', 'userManagement', 'mintTokens'],
      concurrent: true,
    },
    async (context) => {
      // ContractKeysMultiPartySubmissionIT.scala :29, :51, :83 (MPSFetchOtherByKey*) and :115, :141, :177
      // (MPSLookupOtherByKey*): contract A of alice and bob; B of all four; C of charlie and david. Charlie and david exercise
      // MPFetchOtherByKey and MPLookupOtherByKey (with A's id expected) by A's key: on B, reading as alice, accepted; on C,
      // reading as bob and alice, DAML_AUTHORIZATION_ERROR; on B reading as no one, the key finds nothing.
      const authorization = 'canton.semantics.contract-key-multi-party-authorization';
      const visibility = 'canton.semantics.contract-key-multi-party-visibility';
      const templateId = suiteTemplate(context, 'conformance-multi-party-keys', 'MultiPartyKeys:MultiPartyContract');
      const [alice, bob, charlie, david] = fourParties(context);
      const admin = adminUser(context);
      // No fixture user acts as four parties: one that does, for this test only.
      const userId = freshId('multi-party-keys');
      const created = await createUser(context, admin, {
        user: { id: userId, primaryParty: '', isDeactivated: false, metadata: { annotations: {} }, identityProviderId: '' },
        rights: [alice, bob, charlie, david].map(canActAs),
      });
      // A set-up write, as the creates below: a node that refuses it fails here (as submit does), with its answer.
      acceptedWith(created, 200, authorization);
      try {
        const token = await context.tokens.mint({ userId });
        const submitAs = (actAsParties: string[], readAs: string[], commands: unknown[]) =>
          context.send({
            endpoint: 'submit-and-wait',
            token,
            body: { commands, commandId: freshId('multi-party-keys'), actAs: actAsParties, readAs },
          });
        const contract = (parties: string[]) => ({ parties, value: freshId('multi-party') });
        const [a, b, c] = [contract([alice, bob]), contract([alice, bob, charlie, david]), contract([charlie, david])];
        const creates = await submitAs(
          [alice, bob, charlie, david],
          [],
          [a, b, c].map((createArguments) => ({ CreateCommand: { templateId, createArguments } })),
        );
        positiveDataAcceptance(creates, authorization);
        const offset = Number((parseJsonLossless(creates.text) as { completionOffset: number | bigint }).completionOffset);
        const view = await context.send({
          endpoint: 'update-by-offset',
          token,
          body: {
            offset,
            updateFormat: transactionFormat({ [alice]: [wildcardFilter()], [charlie]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
          },
        });
        const events = createdEvents(transactionOf(view, authorization).events);
        writeVisible(authorization, 'the three MultiPartyContracts created', events, 3, view);
        const idOf = (argument: { value: string }): string =>
          String(events.find((event) => (event.createArgument as JsonObject | undefined)?.value === argument.value)?.contractId);
        const exercise = (on: { value: string }, choice: string, readAs: string[]) =>
          submitAs([charlie, david], readAs, [
            {
              ExerciseCommand: {
                templateId,
                contractId: idOf(on),
                choice,
                choiceArgument: {
                  keyToFetch: a,
                  actors: [charlie, david],
                  ...(choice === 'MPLookupOtherByKey' ? { expectedCid: idOf(a) } : {}),
                },
              },
            },
          ]);
        const [fetched, fetchWithoutAuthority, fetchUnseen, lookedUp, lookupWithoutAuthority, lookupUnseen] = await Promise.all([
          exercise(b, 'MPFetchOtherByKey', [alice]),
          exercise(c, 'MPFetchOtherByKey', [bob, alice]),
          exercise(b, 'MPFetchOtherByKey', []),
          exercise(b, 'MPLookupOtherByKey', [alice]),
          exercise(c, 'MPLookupOtherByKey', [bob, alice]),
          exercise(b, 'MPLookupOtherByKey', []),
        ]);
        positiveDataAcceptance(fetched, authorization, [visibility]);
        positiveDataAcceptance(lookedUp, authorization, [visibility]);
        refusedAgainstControl(context, authorization, fetchWithoutAuthority, fetched, 'DAML_AUTHORIZATION_ERROR', 400, {
          causeIncludes: 'of the fetched contract to be an authorizer',
          control: 'the same fetch by key through a contract all four parties sign, reading as alice',
        });
        refusedAgainstControl(context, authorization, lookupWithoutAuthority, lookedUp, 'DAML_AUTHORIZATION_ERROR', 400, {
          causeIncludes: 'for lookup by key, but it only has',
          control: 'the same lookup by key through a contract all four parties sign, reading as alice',
        });
        refusedAgainstControl(context, visibility, fetchUnseen, fetched, 'CONTRACT_KEY_NOT_FOUND', 404, {
          causeIncludes: "couldn't find key",
          control: 'the same fetch by key reading as alice',
        });
        refusedAgainstControl(context, visibility, lookupUnseen, lookedUp, 'DAML_FAILURE', 400, {
          causeIncludes: 'LookupOtherByKey value matches',
          control: 'the same lookup by key reading as alice',
        });
      } finally {
        await deleteUser(context, admin, userId);
      }
    },
  );

  conformanceTest(
    {
      name: 'a failed exercise by key takes no change id: its retry is accepted once the key has a contract',
      endpoint: 'submit-and-wait',
      clauses: ['canton.deduplication.failed-submission-not-deduplicated'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      // ContractKeysCommandDeduplicationIT.scala:23 StopOnCompletionFailure, with TextKeyDisclose exercised by key (it
      // consumes the TextKey and creates it again with the same key, as LAPITT's TKOFetchAndRecreate does).
      const clauseId = 'canton.deduplication.failed-submission-not-deduplicated';
      const textKeyId = suiteTemplate(context, 'conformance-keys', 'TextKey:TextKey');
      const { owner, ownerUser } = actors(context);
      const textKey = (key: string) => ({
        CreateCommand: { templateId: textKeyId, createArguments: { party: owner, key, disclosedTo: [] } },
      });
      const recreate = (key: string): JsonObject => ({
        commands: [exerciseByKey(textKeyId, { party: owner, key }, 'TextKeyDisclose', { newDisclosedTo: [] })],
        commandId: freshId('recreate'),
        actAs: [owner],
      });
      const sendBody = (body: JsonObject) =>
        context.send({ endpoint: 'submit-and-wait', user: ownerUser, body: { ...body, submissionId: randomUUID() } });

      const beforeTheKey = async () => {
        // Refused for want of the key; once the key has a contract, the same change id is accepted (not DUPLICATE_COMMAND).
        const key = freshId('text-key');
        const body = recreate(key);
        refusedWith(context, clauseId, await sendBody(body), 'CONTRACT_KEY_NOT_FOUND', 404);
        await submit(context, { user: ownerUser, actAs: [owner], commands: [textKey(key)], clauseId });
        positiveDataAcceptance(await sendBody(body), clauseId);
      };

      const competing = async () => {
        // Two competing recreations of one key: both may commit, or one may lose under contention (inferred: the
        // loser's code is not asserted, LAPITT asserts none). A loser's retry, with a fresh submission id, is accepted.
        const key = freshId('text-key');
        await submit(context, { user: ownerUser, actAs: [owner], commands: [textKey(key)], clauseId });
        const bodies = [recreate(key), recreate(key)];
        const answers = await Promise.all(bodies.map(sendBody));
        const retries = await Promise.all(bodies.filter((_, index) => answers[index]!.status !== 200).map(sendBody));
        for (const retry of retries) positiveDataAcceptance(retry, clauseId);
      };

      await Promise.all([beforeTheKey(), competing()]);
    },
  );
});
