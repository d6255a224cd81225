/**
 * Ledger semantics, part 1: who may see and do what. Visibility of events per party (stakeholders in the
 * ACS-delta shape, witnesses in the ledger-effects shape), per-party and any-party filters, transient contracts,
 * the submitter-only fields of a transaction, the rights Canton 3.5 checks (Claims.scala, Authorizer.scala) and
 * Canton's user-management CRUD errors. Each clause cites the Canton 3.5 source (branch
 * 3.5-open-source-2026-06-10.13) or LAPITT case that shows the behaviour; the map to Canton's battery is
 * specification/battery/part1.ts.
 */
import { cantonGroup, clauseGroup, type ClauseBuilder } from './define.js';

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';
const STORE = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/store';
const CLAIMS = 'community/base/src/main/scala/com/digitalasset/canton/auth/Claims.scala';
const USERS_SERVICE =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/ApiUserManagementService.scala';
const USER_ERRORS =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/UserManagementServiceErrors.scala';

const RESOURCES = 'Resources and their fields';
/** Canton-profile clauses cite the facts document besides the source lines in their text. */
const FACTS = '(facts canton: Canton 3.5 source, branch 3.5-open-source-2026-06-10.13, at the lines cited)';
const cited =
  (build: ClauseBuilder): ClauseBuilder =>
  (id, kind, text, options) =>
    build(id, kind, `${text} ${FACTS}`, options);

const visibility = clauseGroup({
  section: `${RESOURCES} > EventFormat`,
  endpoint: 'update-by-offset',
  resource: 'EventFormat',
  features: ['writes'],
});
const filterKinds = clauseGroup({
  section: `${RESOURCES} > CumulativeFilter`,
  endpoint: 'update-by-offset',
  resource: 'CumulativeFilter',
  features: ['writes'],
});
const createdEvent = clauseGroup({
  section: `${RESOURCES} > CreatedEvent (fields shown)`,
  endpoint: 'update-by-offset',
  resource: 'CreatedEvent',
  features: ['writes'],
});
const cantonVisibility = cited(
  cantonGroup({
    section: 'Endpoints > POST {base_url}/v2/updates/update-by-offset',
    endpoint: 'update-by-offset',
    resource: 'Transaction',
    features: ['writes'],
  }),
);
const rights = cited(cantonGroup({ section: 'Authentication', features: ['authorization'] }));
const users = cited(cantonGroup({ section: 'Limits', endpoint: 'users.create', resource: 'User', features: ['writes'] }));

export const semanticsVisibilityClauses = [
  visibility(
    'semantics.visibility.acs-delta.exactly-stakeholders',
    'event',
    'For ACS-delta shape (transaction and active-contract-set streams): create and archive events of contracts whose stakeholders include at least one listed party and match its filter',
  ),
  visibility(
    'semantics.visibility.ledger-effects.exactly-witnesses',
    'event',
    "For ledger-effects shape: create and exercise events whose witnesses include at least one listed party and match that party's filter",
  ),
  visibility(
    'semantics.filters.per-party-filter',
    'event',
    'create and archive events of contracts whose stakeholders include at least one listed party and match its filter',
  ),
  visibility(
    'semantics.filters.template-filter-exercised',
    'event',
    "create and exercise events whose witnesses include at least one listed party and match that party's filter",
  ),
  filterKinds('semantics.filters.interface-only-implementations', 'event', 'matches contracts implementing the interface'),
  createdEvent(
    'semantics.transient.ledger-effects-shows',
    'event',
    'whether the event would be part of the ACS-delta shaped stream and counts for tracking contract activeness',
  ),
  cantonVisibility(
    'canton.semantics.transient.acs-delta-not-found',
    'event',
    'A transaction whose only contract is transient has no ACS-delta events: update-by-offset in the ACS-delta shape answers ' +
      'UPDATE_NOT_FOUND to the submitter and to a non-submitting stakeholder alike ' +
      `(LAPITT ${LAPITT}/UpdateServiceQueryIT.scala:424, TransactionServiceStakeholdersIT.scala:57, :82).`,
  ),
  cantonVisibility(
    'canton.semantics.non-consuming-acs-delta-not-found',
    'event',
    'A transaction whose only node is a non-consuming exercise has no ACS-delta events: update-by-offset in the ACS-delta shape ' +
      'answers UPDATE_NOT_FOUND, while the ledger-effects shape shows the exercise with consuming false ' +
      `(LAPITT ${LAPITT}/UpdateServiceQueryIT.scala:483).`,
  ),
  cantonVisibility(
    'canton.semantics.topology.parties-filter',
    'event',
    'includeTopologyEvents.includeParticipantAuthorizationEvents.parties: an empty list stands for every party (the topology ' +
      'transaction is returned, by a user who may read as any party); a list naming only parties the transaction does not ' +
      `concern answers UPDATE_NOT_FOUND (LAPITT ${LAPITT}/UpdateServiceQueryIT.scala:533, :603).`,
    { resource: 'TopologyFormat', features: ['topologyFixture'] },
  ),
  cantonVisibility(
    'canton.semantics.exercised-interface-id',
    'event',
    "An exercised event's interfaceId names the interface when the choice was exercised through it (an ExerciseCommand whose " +
      'templateId is the interface), and is unset (absent, null or empty) when the choice was exercised through the template ' +
      `(LAPITT ${LAPITT}/InterfaceIT.scala:50, :66).`,
  ),
  cantonVisibility(
    'canton.semantics.tree.last-descendant',
    'event',
    "A ledger-effects transaction is a forest in node order: its events are listed by ascending nodeId, an exercised event's " +
      'lastDescendantNodeId is at least its nodeId and the events with a nodeId in (nodeId, lastDescendantNodeId] are exactly its ' +
      "descendants; a party's view is rooted at the highest nodes it witnesses, so a party who witnesses only the two Transfers " +
      "below a Swap.Accept sees them as two roots, each with its own create below it, and the Accept's actors see one root " +
      `(LAPITT ${LAPITT}/TransactionServiceVisibilityIT.scala:72, :219).`,
  ),
  cantonVisibility(
    'canton.semantics.filters.any-party-beside-by-party',
    'event',
    'filtersForAnyParty beside filtersByParty: an event is shown when the any-party filter matches it (for every stakeholder or ' +
      "witness) or a listed party's own filter does; the two are a union, not an intersection " +
      `(${STORE}/dao/events/TransactionLogUpdatesConversions.scala and the template-parties filter of update formats).`,
  ),
  cantonVisibility(
    'canton.semantics.filters.flags-own-matches',
    'event',
    "In one cumulative filter a TemplateFilter's includeCreatedEventBlob applies to the contracts it matches, and an " +
      "InterfaceFilter's includeInterfaceView and includeCreatedEventBlob to the contracts it matches: a contract matched by " +
      "the interface filter only gets its view and its blob from the interface filter's flags alone, one matched by the " +
      "template filter only gets no view and its blob from the template filter's flag alone; by party and for any party, in " +
      `both transaction shapes (${STORE}/dao/EventProjectionProperties.scala; LAPITT ${LAPITT}/TransactionServiceFiltersIT.scala:32-178, 334-593).`,
  ),
  cantonVisibility(
    'canton.semantics.filters.flags-accumulate-across-parties',
    'event',
    'includeCreatedEventBlob accumulates over every filter that matches an event, across parties: the blob is included when the ' +
      'filter of any party that sees the create asks for it, and absent when only a party that does not see it asks ' +
      `(${STORE}/dao/EventProjectionProperties.scala:39-49, the projection is folded over the event's witnesses; LAPITT ` +
      `${LAPITT}/TransactionServiceFiltersIT.scala:69, :180).`,
  ),
  cantonVisibility(
    'canton.semantics.command-id.submitters-only',
    'event',
    "A transaction's commandId is shown only when the request's parties include one of its submitters (actAs) and is empty " +
      `otherwise, in both shapes (${STORE}/backend/common/EventStorageBackendTemplate.scala:427-446 filteredCommandId; LAPITT ` +
      `${LAPITT}/TransactionServiceVisibilityIT.scala:430, :490, :535, :579, :617).`,
  ),
  cantonVisibility(
    'canton.semantics.paid-traffic-cost.submitters-only',
    'event',
    "A transaction's paidTrafficCost is unset (absent or null) when the request's parties include none of its submitters; for a " +
      'submitter it is, when set, a non-negative integer ' +
      `(${STORE}/backend/common/EventStorageBackendTemplate.scala:448-456 filteredTrafficCost; ${STORE}/interfaces/TransactionLogUpdate.scala:30-40).`,
  ),
  rights(
    'canton.rights.read-as-is-not-act-as',
    'auth',
    'CanReadAs(p) does not entitle to act as p: a user with only a read right for p who submits with actAs [p] is denied, 403 ' +
      `PERMISSION_DENIED (redacted) (${CLAIMS}:171-184 canActAs looks at CanActAs claims only; Authorizer.scala:144-147).`,
    { endpoint: 'submit-and-wait', features: ['writes'] },
  ),
  rights(
    'canton.rights.admin-is-not-act-as',
    'auth',
    'ParticipantAdmin does not entitle to act as a party: the administrator submitting with actAs [p] without CanActAs(p) is ' +
      `denied, 403 PERMISSION_DENIED (redacted) (${CLAIMS}:171-184; JsonApiAuthIT.scala:338 "deny access to an endpoint requiring ` +
      'party rights with admin token").',
    { endpoint: 'submit-and-wait', features: ['writes'] },
  ),
  rights(
    'canton.rights.every-party-checked',
    'auth',
    'A request naming several parties needs the right for every one of them: actAs [allowed, not allowed] on submit-and-wait and ' +
      'filtersByParty {allowed, not allowed} on update-by-offset are denied, 403 PERMISSION_DENIED (redacted), while the same ' +
      `request with only the allowed party is served (${CLAIMS}:171-200 canActAs / canReadAs checked for each party of the request).`,
  ),
  rights(
    'canton.auth.audience-array-accepted',
    'auth',
    'A token whose aud is an array is accepted when one entry is the audience the participant expects (extra audiences are ' +
      'allowed), and a scope claim with extra space-separated scopes besides daml_ledger_api is accepted ' +
      '(community/base/src/main/scala/com/digitalasset/canton/auth/AuthServiceJWTPayload.scala:221-233; LAPITT-side JsonApiAuthIT.scala:400, :471).',
    { endpoint: 'update-by-offset' },
  ),
  rights(
    'canton.auth.no-audience-no-scope-denied',
    'auth',
    'A token with neither an aud nor a scope claim is denied: it names no participant audience and no daml_ledger_api scope, so ' +
      'Canton cannot read it ("Access token with unknown scope"), 401 (or 403 where a node reads it otherwise) ' +
      '(base/daml-jwt/src/main/scala/com/daml/jwt/AuthServiceJWTPayload.scala:276-280; JsonApiAuthIT.scala:423).',
    { endpoint: 'authenticated-user', features: ['authorization'] },
  ),
  rights(
    'canton.rights.dar-upload-admin-only',
    'auth',
    'Uploading and validating a DAR needs participant_admin: a user token without it is denied, 403 PERMISSION_DENIED ' +
      '(redacted) (community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/' +
      'ApiPackageManagementService.scala: uploadDarFile and validateDarFile are authorized with RequiredClaim.Admin).',
    { endpoint: 'dars-upload', features: ['writes'] },
  ),
  users(
    'canton.users.crud.create-duplicate-409',
    'error',
    `Creating a user whose id exists is rejected 409 USER_ALREADY_EXISTS; of ten concurrent creations of one new id exactly one succeeds (${USER_ERRORS}:134-140 UserAlreadyExists, category ResourceExists; LAPITT ` +
      `${LAPITT}/UserManagementServiceIT.scala:811).`,
  ),
  users(
    'canton.users.crud.unknown-user-404',
    'error',
    `GET, DELETE and PATCH of an unknown user, and granting rights to one, are rejected 404 USER_NOT_FOUND (${USER_ERRORS}:90-97 ` +
      `UserNotFound, category ResourceMissing; of ten concurrent deletions of one user exactly one succeeds; LAPITT ${LAPITT}/UserManagementServiceIT.scala:916, :940, :1324, UserManagementServiceUpdateRpcIT.scala:117).`,
  ),
  users(
    'canton.users.crud.admin-exists',
    'state',
    "The participant's default administrator participant_admin exists: no primary party, active, in the default identity " +
      'provider, no annotations, and exactly one right, ParticipantAdmin (Canton creates it at start-up; ' +
      `LAPITT ${LAPITT}/UserManagementServiceIT.scala:781).`,
    { endpoint: 'users.get' },
  ),
  users(
    'canton.users.crud.create-get-delete',
    'state',
    'A created user reads back with its id, primaryParty, isDeactivated, primaryPartyAuthentication and a non-empty ' +
      `resourceVersion; DELETE answers 200 {} and the user is gone (${USERS_SERVICE}; LAPITT ${LAPITT}/UserManagementServiceIT.scala:811, :854, :940).`,
  ),
  users(
    'canton.users.crud.create-invalid-refused',
    'error',
    'A creation carrying a resourceVersion, a malformed primaryParty or a right naming a malformed party is rejected 400 ' +
      `INVALID_ARGUMENT and creates nothing (${USERS_SERVICE}; LAPITT ${LAPITT}/UserManagementServiceIT.scala:468, :883).`,
  ),
  users(
    'canton.users.crud.update-mask-invalid',
    'error',
    'An update whose mask has no paths, an unknown path or a duplicated path is rejected 400 INVALID_USER_UPDATE_REQUEST and ' +
      'changes nothing (community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/update/' +
      `UpdateMapperBase.scala; LAPITT ${LAPITT}/objectmeta/ObjectMetaTests.scala:167, :183, :200).`,
    { endpoint: 'users.update' },
  ),
  users(
    'canton.users.crud.update-fields',
    'state',
    'primaryParty and isDeactivated are set through their update-mask paths (primary_party, is_deactivated) and reset to their ' +
      'defaults when named with an empty value; annotations merge through metadata.annotations or metadata, an empty map changes ' +
      'nothing, and concurrent annotation updates without a resourceVersion all land; the answer and a later GET show the new values ' +
      `(LAPITT ${LAPITT}/UserManagementServiceUpdateRpcIT.scala:158, :181, :200, :223; objectmeta/ObjectMetaTests.scala:131, :277, :313).`,
    { endpoint: 'users.update' },
  ),
  users(
    'canton.users.crud.rights-grant-revoke',
    'state',
    'Granting rights answers the newly granted ones (none on a repeat), listing shows them, revoking answers the newly revoked ' +
      'ones; rights changes keep the resourceVersion ' +
      `of ten concurrent grants (revocations) of one right exactly one reports it (LAPITT ${LAPITT}/UserManagementServiceIT.scala:1324, :1304, :1504, :682, :735).`,
  ),
];
