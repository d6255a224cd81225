/**
 * Issue 27: the answers Canton 3.5 gives where the reference target answered otherwise (facts verified-against-real
 * §8 R1-R4), and the rules of the ledger model the check engine holds every recorded exchange against
 * (`checks/ledger-model.ts`). The model is built only from what the run itself did: its submissions (commands, actAs,
 * readAs, the template's signatory and observer expressions) and the answers to them.
 */
import { cantonGroup } from './define.js';

const FACTS = '(facts verified-against-real §8, Canton 3.5 source at the lines cited)';
const MODEL_FACTS =
  '(facts canton: Canton 3.5 source, branch 3.5-open-source-2026-06-10.13; Daml-LF transaction semantics as the participant projects them)';

const errors = cantonGroup({ section: 'Errors', endpoint: 'submit-and-wait', features: ['writes'] });
const execute = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/interactive-submission/execute',
  endpoint: 'execute',
  features: ['interactiveSubmission', 'writes'],
});
const updates = cantonGroup({ section: 'Resources and their fields > Update (response of update lookup)', endpoint: 'update-by-offset' });
const created = cantonGroup({ section: 'Resources and their fields > CreatedEvent (fields shown)', endpoint: 'update-by-offset' });
const events = cantonGroup({ section: 'Events', endpoint: 'update-by-offset', features: ['writes'] });
const submissions = cantonGroup({ section: 'States and transitions', endpoint: 'submit-and-wait', features: ['writes'] });

export const ledgerModelClauses = [
  errors(
    'canton.errors.submission-correlation-id',
    'error',
    "A rejected submission that carries a submissionId reports it as the error's correlationId: the command service " +
      'builds its error logging context from the submission id, which the JSON error body decodes into `correlationId` ' +
      '(community/ledger/ledger-api-core/.../apiserver/services/command/CommandSubmissionServiceImpl.scala:112-117 ' +
      `ErrorLoggingContext.fromOption; base/errors/.../utils/DecodedCantonError.scala:115). Asserted for the errors of command interpretation. ${FACTS}`,
  ),
  errors(
    'canton.deduplication.duplicate-definite-answer',
    'error',
    'DUPLICATE_COMMAND is a definite answer: its context carries `definite_answer` "true" (community/participant/.../sync/' +
      `CommandDeduplicationError.scala:26 DuplicateCommandReject definiteAnswer = true). ${FACTS}`,
  ),
  execute(
    'canton.execute.in-flight-until-committed',
    'error',
    'A change id stays in flight from the acceptance of its execute until its transaction is sequenced and committed: an execute ' +
      'of the same change id meanwhile is 409 SUBMISSION_ALREADY_IN_FLIGHT (category 2 ContentionOnSharedResources, retryable), ' +
      'or, once committed, acknowledged and rejected on the completion stream; the transaction is committed exactly once ' +
      `(base/errors/.../ErrorCategory.scala:111; ProtocolProcessor.submitWithTracking). ${FACTS}`,
  ),
  updates(
    'canton.model.record-time-monotone',
    'state',
    "Record time never decreases along offsets on one synchronizer: it is the synchronizer's sequencing time, and the indexer " +
      'refuses an update whose record time is earlier than the one before it; ledger time (effectiveAt) may run ahead of it, ' +
      'e.g. after a submission with a minimum ledger time, and is at least that minimum ' +
      `(community/ledger/ledger-api-core/.../indexer/parallel/ParallelIndexerSubscription.scala:529). ${FACTS}`,
  ),
] as const;

/** The rules of the ledger model the engine holds every exchange against (checks/ledger-model.ts). */
export const modelRuleClauses = [
  updates(
    'canton.model.offsets-follow-completion',
    'state',
    'A submission answered before another was sent completes at a smaller offset; every update read at an offset says that ' +
      `offset, and so does each of its events (offsets are assigned in commit order and never reused). ${MODEL_FACTS}`,
  ),
  updates(
    'canton.model.one-update-id-per-offset',
    'state',
    'Every reader, in every shape and filter, sees the transaction at an offset under one updateId, the one its submission was ' +
      `answered with; different offsets have different updateIds. ${MODEL_FACTS}`,
  ),
  updates(
    'canton.model.offset-past-end',
    'state',
    'An offset past the ledger end has no update: a lookup there is refused (UPDATE_NOT_FOUND, or an error naming the ledger ' +
      `end), never answered 200; the ledger end read afterwards is never below an offset a lookup found (the end never goes back). ${MODEL_FACTS}`,
  ),
  events(
    'canton.model.event-kinds',
    'event',
    "The events of a transaction the run submitted are those its commands produce, in node order: a create command's " +
      'CreatedEvent; an exercise a consuming ExercisedEvent (ledger effects) or an ArchivedEvent (ACS delta) followed by what the ' +
      `choice body creates; a party sees exactly the nodes it is an informee of (ACS delta: a stakeholder). ${MODEL_FACTS}`,
  ),
  events(
    'canton.model.node-ids',
    'event',
    'Node ids within a transaction are distinct and ascend in event order; an ExercisedEvent has lastDescendantNodeId >= nodeId, ' +
      "the ranges [nodeId, lastDescendantNodeId] of exercises nest or are disjoint, and a node created by a choice's body lies " +
      `inside the range of its exercise (ledger effects lists nodes in pre-order). ${MODEL_FACTS}`,
  ),
  events(
    'canton.model.witness-parties',
    'event',
    "An event's witnessParties are the requesting parties whose filter matches it among the node's informees: stakeholders for a " +
      'create and an archive (ACS delta), signatories and actors (and, for a consuming choice, observers) for an exercise, plus the ' +
      `informees of its ancestors in ledger effects; never a party the request did not name. ${MODEL_FACTS}`,
  ),
  created(
    'canton.model.stakeholders',
    'event',
    "A created event's signatories are the template's signatory expression and its observers the observer expression applied to " +
      'the create argument, a signatory never listed among the observers (CantonExamples Iou: signatory payer, observers owner and ' +
      `viewers; CreatedEvent.observers = stakeholders -- signatories). ${MODEL_FACTS}`,
    { features: ['writes'] },
  ),
  created(
    'canton.model.create-argument',
    'event',
    "A created event's createArgument is the argument the create command sent (Numeric compared by value, a trailing None " +
      'may be left out), and a contract created by a choice body is the one the body creates (Iou Transfer: the same Iou with ' +
      `the new owner and no viewers); createdAt is the transaction's effectiveAt (compared by instant) and packageName the package the command named. ${MODEL_FACTS}`,
    { features: ['writes'] },
  ),
  created(
    'canton.model.interface-views',
    'event',
    "A created event's interfaceViews hold a view of exactly the interfaces that the filters applying to it (those of its " +
      'witness parties, and the any-party filter) ask a view of (includeInterfaceView) and its template implements, whichever ' +
      `witness asked: the node projects the event for the union of its witnesses' filters (EventProjectionProperties). ${MODEL_FACTS}`,
    { features: ['writes'] },
  ),
  events(
    'canton.model.exercise',
    'event',
    'An ExercisedEvent of a choice the run exercised names that contract, template, choice and choiceArgument, its actingParties ' +
      "are the choice's controllers, `consuming` is the choice's, and its exerciseResult is what the body returns (Iou Transfer, " +
      `Share and Call: the id of the contract the body created; Archive: unit {}). ${MODEL_FACTS}`,
  ),
  submissions(
    'canton.model.archived-not-usable',
    'state',
    'A contract the run saw archived (a consuming exercise committed before the request was sent) is no longer active: a ' +
      `submission exercising it is rejected, never committed. ${MODEL_FACTS}`,
  ),
] as const;

const USERS_SERVICE =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/ApiUserManagementService.scala';
const users = cantonGroup({ section: 'Resources and their fields > User', resource: 'User' });

/** The users part of the model (checks/user-model.ts): users the run created, read back over time. */
export const userModelClauses = [
  users(
    'canton.model.users-read-last-write',
    'state',
    'A user read (GET /v2/users/{id}, or its entry in a page of GET /v2/users) shows what the last write to it answered: its ' +
      'primaryParty, isDeactivated, metadata.annotations, metadata.resourceVersion and identityProviderId; the store keeps what an ' +
      `update answered (${USERS_SERVICE} getUser, updateUser, listUsers). ${MODEL_FACTS}`,
    { endpoint: 'users.get' },
  ),
  users(
    'canton.model.users-deleted-gone',
    'state',
    `A user the run deleted is USER_NOT_FOUND when read and is on no page of the user list (${USERS_SERVICE} deleteUser). ${MODEL_FACTS}`,
    { endpoint: 'users.delete' },
  ),
  users(
    'canton.model.users-rights',
    'state',
    "A user's rights (GET /v2/users/{id}/rights) are those it was created with, plus those granted, less those revoked " +
      `(${USERS_SERVICE} grantUserRights, revokeUserRights, listUserRights). ${MODEL_FACTS}`,
    { endpoint: 'users.rights' },
  ),
  users(
    'canton.model.users-update-mask',
    'state',
    "An update answers the user's record with exactly the fields its mask names taken from the request: a path named exactly " +
      'sets the field (also to its default), `metadata` sets the annotations unless they are empty, annotations are merged into ' +
      'the old ones (an empty value removes its key); every other field is what it was, but `metadata.resourceVersion`, which ' +
      'every accepted update moves whatever its mask names (grants and revocations leave it) ' +
      `(${USERS_SERVICE} updateUser, UserUpdateMapper; PersistentUserManagementStore.updateUser). ${MODEL_FACTS}`,
    { endpoint: 'users.update' },
  ),
  users(
    'canton.model.users-paging',
    'state',
    'Paging through the user list (the first page without a token, each next one with the token the one before answered, until ' +
      "an empty token) lists every user that existed throughout, each on one page; which page is the node's choice " +
      `(${USERS_SERVICE} listUsers). ${MODEL_FACTS}`,
    { endpoint: 'users.list' },
  ),
  users(
    'canton.model.users-authenticated-user',
    'state',
    'GET /v2/authenticated-user with a token of a user the run created and changed shows that user as the last write to it ' +
      'answered (primaryParty, isDeactivated, metadata, identityProviderId, primaryPartyAuthentication); a token of a user the run ' +
      `deactivated or deleted is refused (${USERS_SERVICE} getUser; UserBasedClaimResolver). ${MODEL_FACTS}`,
    { endpoint: 'authenticated-user' },
  ),
] as const;

/** The stateful property tests' rule (suites/flows/stateful-ledger.suite.ts, stateful-users.suite.ts). */
export const statefulClauses = [
  submissions(
    'canton.model.stateful-sequence',
    'state',
    'A random sequence of ledger operations (creates, consuming and non-consuming exercises, archives by several actAs and ' +
      'readAs parties, reads by offset for random parties, filters and shapes) agrees step by step with the ledger model built ' +
      `from the sequence itself: which submissions succeed, what each party sees, and each party's active contracts. ${MODEL_FACTS}`,
  ),
] as const;
