/**
 * Part 1 of the map to Canton's battery: who may see and do what. Every case of the eight LAPITT / JSON API
 * suites of ../shared/facts/lapitt-coverage.md (areas D, E and A's authorization rows) on rights, visibility,
 * filters, privacy and user management, with the clauses that check it or the reason it is left out.
 * Sources: Canton branch 3.5-open-source-2026-06-10.13, the line of the test definition.
 */
import type { ClauseId } from '../clauses.js';
import type { BatteryCase, BatteryCoverage } from './types.js';

const V2 = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';
const SOURCES = {
  TransactionServiceVisibilityIT: `${V2}/TransactionServiceVisibilityIT.scala`,
  TransactionServiceFiltersIT: `${V2}/TransactionServiceFiltersIT.scala`,
  TransactionServiceAuthorizationIT: `${V2}/TransactionServiceAuthorizationIT.scala`,
  TransactionServiceStakeholdersIT: `${V2}/TransactionServiceStakeholdersIT.scala`,
  MultiPartySubmissionIT: `${V2}/MultiPartySubmissionIT.scala`,
  UpdateServiceQueryIT: `${V2}/UpdateServiceQueryIT.scala`,
  UserManagementServiceIT: `${V2}/UserManagementServiceIT.scala`,
  UserManagementServiceUpdateRpcIT: `${V2}/UserManagementServiceUpdateRpcIT.scala`,
  UserManagementServiceObjectMetaIT: `${V2}/objectmeta/ObjectMetaTests.scala`,
  JsonApiAuthIT: 'community/app/src/test/scala/com/digitalasset/canton/integration/tests/ledgerapi/auth/JsonApiAuthIT.scala',
} as const;

type Area = keyof typeof SOURCES;

function mapped(
  area: Area,
  name: string,
  line: number,
  coverage: BatteryCoverage,
  clauses: readonly ClauseId[],
  reason?: string,
): BatteryCase {
  return { area, name, source: `${SOURCES[area]}:${line}`, coverage, clauses, ...(reason === undefined ? {} : { reason }) };
}

/** Cases a covered test of this suite reaches, per name and line. */
const covered = (area: Area, cases: [string, number][], clauses: readonly ClauseId[]): BatteryCase[] =>
  cases.map(([name, line]) => mapped(area, name, line, 'covered', clauses));
const outOfScope = (area: Area, cases: [string, number][], reason: string): BatteryCase[] =>
  cases.map(([name, line]) => mapped(area, name, line, 'not-applicable', [], reason));

const BY_ID = 'update-by-id is not a target endpoint; its update-by-offset twin is mapped';

const COMMAND_ID: ClauseId[] = ['canton.semantics.command-id.submitters-only'];
const NOT_FOUND: ClauseId[] = ['update-by-offset.update-not-found.all-filtered', 'errors.update-not-found'];
const TRANSIENT: ClauseId[] = ['canton.semantics.transient.acs-delta-not-found', 'semantics.transient.ledger-effects-shows'];
const UPDATE_FIELDS: ClauseId[] = ['canton.users.crud.update-fields'];

const visibility: BatteryCase[] = [
  mapped('TransactionServiceVisibilityIT', 'TXLedgerEffectsBlinding', 72, 'covered', [
    'semantics.visibility.ledger-effects.exactly-witnesses',
    'semantics.visibility.acs-delta.exactly-stakeholders',
    'canton.semantics.tree.last-descendant',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXTreeLastDescendant', 219, 'covered', ['canton.semantics.tree.last-descendant']),
  mapped('TransactionServiceVisibilityIT', 'TXNotDivulge', 354, 'covered', NOT_FOUND),
  mapped(
    'TransactionServiceVisibilityIT',
    'TXLedgerEffectsHideCommandIdToNonSubmittingStakeholders',
    374,
    'not-applicable',
    [],
    'Canton excludes it from its own runs (TODO i31186, LedgerApiConformanceTest.scala:196); its single-participant twin TXLedgerEffectsHideCommandIdToNonSubmittingSameParticipantStakeholders is covered',
  ),
  ...covered(
    'TransactionServiceVisibilityIT',
    [
      ['TXHideCommandIdToNonSubmittingStakeholders', 430],
      ['TXLedgerEffectsShowCommandIdToSubmittingStakeholders', 490],
      ['TXAcsDeltaShowCommandIdToSubmittingStakeholders', 535],
      ['TXLedgerEffectsHideCommandIdToNonSubmittingSameParticipantStakeholders', 579],
      ['TXAcsDeltaHideCommandIdToNonSubmittingSameParticipantStakeholders', 617],
    ],
    COMMAND_ID,
  ),
  // With the suite's conformance-semantics BranchingSignatories and BranchingControllers (suites/flows/multi-party-models.suite.ts).
  mapped('TransactionServiceVisibilityIT', 'TXNotDiscloseCreateToNonSignatory', 659, 'covered', [
    'semantics.visibility.acs-delta.exactly-stakeholders',
    'canton.semantics.visibility.branching-stakeholders',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXDiscloseCreateToSignatory', 690, 'covered', [
    'semantics.visibility.acs-delta.exactly-stakeholders',
    'canton.semantics.visibility.branching-stakeholders',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXNotDiscloseCreateToNonChosenBranchingController', 733, 'covered', [
    'canton.semantics.visibility.branching-stakeholders',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXDiscloseCreateToObservers', 760, 'covered', [
    'event-format.filtersByParty.acs-delta-stakeholders',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXFlatTransactionsVisibility', 782, 'covered', [
    'event-format.filtersByParty.acs-delta-stakeholders',
    'semantics.visibility.acs-delta.exactly-stakeholders',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXRequestingPartiesWitnessVisibility', 878, 'covered', [
    'created-event.witnessParties.filter-parties',
  ]),
  mapped('TransactionServiceVisibilityIT', 'TXLedgerEffectsRequestingPartiesWitnessVisibility', 915, 'covered', [
    'event-format.filtersByParty.ledger-effects-witnesses',
    'semantics.visibility.ledger-effects.exactly-witnesses',
  ]),
];

const FILTER_FLAGS: ClauseId[] = ['filters.cumulative.entries-widen', 'identifier-filter.InterfaceFilter.matches-implementations'];

const filters: BatteryCase[] = [
  ...covered(
    'TransactionServiceFiltersIT',
    [
      ['TSFInterfaceTemplatePlainFilters', 32],
      ['TSFInterfaceTemplateFiltersWithEventBlobs', 69],
      ['TSFInterfaceWithEventBlobsTemplatePlainFilters', 106],
      ['TSFInterfaceWithEventBlobsTemplateFiltersWithEventBlobs', 143],
    ],
    [...FILTER_FLAGS, 'canton.semantics.filters.flags-own-matches'],
  ),
  mapped('TransactionServiceFiltersIT', 'TSFTemplateWildcardFiltersWithEventBlobs', 180, 'covered', [
    'filters.cumulative.entries-widen',
    'identifier-filter.includeCreatedEventBlob.adds-blob',
  ]),
  mapped('TransactionServiceFiltersIT', 'TSFExercisedTemplateFilters', 225, 'covered', ['semantics.filters.template-filter-exercised']),
  mapped('TransactionServiceFiltersIT', 'TransactionAcsDeltaWildcardFilters', 248, 'covered', [
    'identifier-filter.WildcardFilter.matches-all',
    'event-format.filtersForAnyParty.optional',
  ]),
  mapped('TransactionServiceFiltersIT', 'TransactionLedgerEffectsWildcardFilters', 291, 'covered', [
    'semantics.visibility.ledger-effects.exactly-witnesses',
    'canton.semantics.filters.any-party-beside-by-party',
  ]),
];

// With the suite's conformance-semantics TriProposal, Agreement, AgreementFactory and BranchingSignatories
// (suites/flows/multi-party-models.suite.ts), on one participant where LAPITT uses two.
const authorization: BatteryCase[] = [
  mapped('TransactionServiceAuthorizationIT', 'TXRequireAuthorization', 28, 'covered', [
    'canton.semantics.visibility.branching-stakeholders',
  ]),
  ...covered(
    'TransactionServiceAuthorizationIT',
    [
      ['TXMultiActorChoiceOkBasic', 47],
      ['TXMultiActorChoiceOkCoincidingControllers', 78],
      ['TXRejectMultiActorMissingAuth', 110],
    ],
    ['canton.commands.multi-actor-choice'],
  ),
  mapped('TransactionServiceAuthorizationIT', 'TXRejectMultiActorExcessiveAuth', 140, 'covered', [
    'canton.commands.failure-status',
    'canton.commands.multi-actor-choice',
  ]),
];

const stakeholders: BatteryCase[] = [
  mapped('TransactionServiceStakeholdersIT', 'TXStakeholders', 20, 'covered', [
    'created-event.signatories.non-empty',
    'created-event.observers.no-signatories',
  ]),
  mapped('TransactionServiceStakeholdersIT', 'TXnoSignatoryObservers', 34, 'covered', ['created-event.observers.no-signatories']),
  mapped('TransactionServiceStakeholdersIT', 'TXTransientObservableSubmitter', 57, 'covered', TRANSIENT),
  mapped('TransactionServiceStakeholdersIT', 'TXTransientNotObservableNoSubmitters', 82, 'covered', TRANSIENT),
  mapped(
    'TransactionServiceStakeholdersIT',
    'TXTransientSubmitAndWaitForTransaction',
    117,
    'not-applicable',
    [],
    'submit-and-wait-for-transaction is not a target endpoint',
  ),
];

const multiParty: BatteryCase[] = [
  mapped('MultiPartySubmissionIT', 'MPSSubmit', 26, 'not-applicable', [], 'asserts the completion stream, not a target endpoint'),
  mapped('MultiPartySubmissionIT', 'MPSCreateSuccess', 47, 'covered', ['canton.commands.all-signatories-authorize']),
  mapped('MultiPartySubmissionIT', 'MPSCreateInsufficientAuthorization', 62, 'covered', ['canton.submit-and-wait.authorization-error-400']),
  // With the suite's conformance-semantics MultiPartyContract: one old and one new signatory where LAPITT adds two to two.
  ...covered(
    'MultiPartySubmissionIT',
    [
      ['MPSAddSignatoriesSuccess', 87],
      ['MPSAddSignatoriesInsufficientAuthorization', 107],
    ],
    ['canton.commands.multi-actor-choice'],
  ),
  mapped('MultiPartySubmissionIT', 'MPSFetchOtherSuccess', 137, 'covered', ['canton.commands.fetch-authorization']),
  mapped('MultiPartySubmissionIT', 'MPSFetchOtherInsufficientAuthorization', 159, 'covered', [
    'canton.commands.fetch-authorization',
    'canton.commands.read-as-no-authority',
  ]),
  mapped('MultiPartySubmissionIT', 'MPSFetchOtherInvisible', 191, 'covered', ['submit-and-wait.readAs.visibility']),
];

const query: BatteryCase[] = [
  mapped('UpdateServiceQueryIT', 'TXLedgerEffectsUpdateByOffsetBasic', 210, 'covered', [
    'event-format.filtersByParty.ledger-effects-witnesses',
  ]),
  mapped('UpdateServiceQueryIT', 'TXLegerEffectsInvisibleUpdateByOffsetOtherParty', 224, 'covered', [
    ...NOT_FOUND,
    'semantics.visibility.ledger-effects.exactly-witnesses',
  ]),
  mapped('UpdateServiceQueryIT', 'TXLegerEffectsInvisibleUpdateByOffsetOtherTemplate', 246, 'covered', [
    'semantics.filters.template-filter-exercised',
  ]),
  ...covered(
    'UpdateServiceQueryIT',
    [
      ['TXLegerEffectsUpdateByOffsetNotFound', 271],
      ['TXAcsDeltaUpdateByOffsetNotFound', 371],
      ['TopologyTXInvisibleByOffset', 628],
    ],
    ['update-by-offset.update-not-found', 'errors.update-not-found', 'canton.update-by-offset.update-not-found-details'],
  ),
  mapped('UpdateServiceQueryIT', 'TXAcsDeltaUpdateByOffsetBasic', 289, 'covered', [
    'submit-and-wait.summary.waits-for-result',
    'events.lookup-one-by-offset',
  ]),
  mapped('UpdateServiceQueryIT', 'TXAcsDeltaUpdateByOffsetCreateArgumentsNonEmpty', 305, 'covered', [
    'canton.created-event.official-required-fields',
  ]),
  mapped('UpdateServiceQueryIT', 'TXAcsDeltaInvisibleUpdateByOffsetOtherParty', 326, 'covered', NOT_FOUND),
  mapped('UpdateServiceQueryIT', 'TXAcsDeltaInvisibleUpdateByOffsetOtherTemplate', 346, 'covered', [
    'identifier-filter.TemplateFilter.matches-template',
  ]),
  mapped('UpdateServiceQueryIT', 'TXUpdateByOffsetTransientContract', 424, 'covered', TRANSIENT),
  mapped('UpdateServiceQueryIT', 'TXUpdateByOffsetNonConsumingChoice', 483, 'covered', [
    'canton.semantics.non-consuming-acs-delta-not-found',
  ]),
  mapped('UpdateServiceQueryIT', 'TopologyTXByOffsetBasic', 509, 'covered', ['update.TopologyTransaction.shape']),
  mapped('UpdateServiceQueryIT', 'TopologyTXPartyWildcard', 533, 'covered', ['canton.semantics.topology.parties-filter']),
  mapped('UpdateServiceQueryIT', 'TopologyTXInvisibleByOffsetOtherParty', 603, 'covered', ['canton.semantics.topology.parties-filter']),
  ...outOfScope(
    'UpdateServiceQueryIT',
    [
      ['TXTransactionByIdLedgerEffectsBasic', 20],
      ['TXLedgerEffectsInvisibleUpdateByIdOtherParty', 39],
      ['TXLedgerEffectsInvisibleUpdateByIdOtherTemplate', 61],
      ['TXLedgerEffectsUpdateByIdNotFound', 86],
      ['TXAcsDeltaUpdateByIdBasic', 108],
      ['TXAcsDeltaUpdateByIdCreateArgumentsNonEmpty', 122],
      ['TXAcsDeltaInvisibleUpdateByIdOtherParty', 143],
      ['TXAcsDeltaInvisibleUpdateByIdOtherTemplate', 163],
      ['TXAcsDeltaUpdateByIdNotFound', 188],
      ['TXUpdateByIdTransientContract', 389],
      ['TXUpdateByIdNonConsumingChoice', 456],
      ['TopologyTXInvisibleByIdOtherParty', 557],
      ['TopologyTXInvisibleById', 582],
    ],
    BY_ID,
  ),
];

const USERS_OUT = 'the route is outside the target set (identity-provider configs, user listing, party allocation)';

const users: BatteryCase[] = [
  mapped('UserManagementServiceIT', 'TestCreateUser', 811, 'covered', [
    'canton.users.crud.create-get-delete',
    'canton.users.crud.create-duplicate-409',
  ]),
  mapped('UserManagementServiceIT', 'UserManagementCreateUserInvalidArguments', 468, 'covered', [
    'canton.users.limits.user-id.limit.non-empty',
    'canton.users.limits.user-id.limit.charset',
    'canton.users.crud.create-invalid-refused',
  ]),
  mapped(
    'UserManagementServiceIT',
    'UserManagementGetUserInvalidArguments',
    543,
    'not-applicable',
    [],
    "over JSON an empty id reaches the list route and a malformed one is refused by the JSON layer's path check before the gRPC validation the case asserts (INVALID_TOKEN / INVALID_FIELD)",
  ),
  mapped('UserManagementServiceIT', 'TestInvalidResourceVersionInCreateUser', 883, 'covered', ['canton.users.crud.create-invalid-refused']),
  mapped('UserManagementServiceIT', 'TestGetUser', 916, 'covered', [
    'canton.users.crud.create-get-delete',
    'canton.users.crud.unknown-user-404',
  ]),
  mapped('UserManagementServiceIT', 'TestDeleteUser', 940, 'covered', [
    'canton.users.crud.create-get-delete',
    'canton.users.crud.unknown-user-404',
  ]),
  mapped('UserManagementServiceIT', 'TestPrimaryPartyAuthenticationCreateUser', 854, 'covered', ['canton.users.crud.create-get-delete']),
  mapped('UserManagementServiceIT', 'TestAdminExists', 781, 'covered', ['canton.users.crud.admin-exists']),
  mapped(
    'UserManagementServiceIT',
    'UserManagementUserRightsLimit',
    406,
    'left-out',
    [],
    "Canton's default limit is 1000 rights per user (LAPITT runs the case only when it is at most 100): reaching it needs over a thousand parties",
  ),
  mapped('UserManagementServiceIT', 'TestGrantUserRights', 1324, 'covered', [
    'canton.users.crud.rights-grant-revoke',
    'canton.users.crud.unknown-user-404',
  ]),
  mapped('UserManagementServiceIT', 'TestGrantTheEmptyRight', 1277, 'covered', ['canton.users.crud.create-invalid-refused']),
  mapped('UserManagementServiceIT', 'TestGrantingAndRevokingEmptyListOfRights', 1304, 'covered', ['canton.users.crud.rights-grant-revoke']),
  mapped('UserManagementServiceIT', 'TestListUserRights', 1504, 'covered', ['canton.users.crud.rights-grant-revoke']),
  mapped('UserManagementServiceIT', 'TestRevokeUserRights', 1453, 'covered', ['canton.users.crud.rights-grant-revoke']),
  mapped('UserManagementServiceIT', 'RaceConditionCreateUsers', 590, 'covered', ['canton.users.crud.create-duplicate-409']),
  mapped('UserManagementServiceIT', 'RaceConditionDeleteUsers', 635, 'covered', ['canton.users.crud.unknown-user-404']),
  ...covered(
    'UserManagementServiceIT',
    [
      ['RaceConditionGrantRights', 682],
      ['RaceConditionRevokeRights', 735],
    ],
    ['canton.users.crud.rights-grant-revoke'],
  ),
  ...outOfScope(
    'UserManagementServiceIT',
    [
      ['UserManagementUpdateUserIdpWithNonDefaultIdps', 70],
      ['UserManagementUpdateUserIdpWithDefaultIdp', 142],
      ['UserManagementUpdateUserIdpNonExistentIdps', 194],
      ['UserManagementUpdateUserIdpMismatchedSourceIdp', 246],
      ['UserManagementUpdateUserIdpSourceAndTargetIdpTheSame', 330],
      ['TestListUsersVisibilityOfNewUserWhenCreatedAndThenDeleted', 968],
      ['TestListUsersCreateOrDeleteUserOnPreviousPage', 1020],
      ['TestListUsersReachingTheLastPage', 1126],
      ['TestListUsersOnInvalidRequests', 1150],
      ['TestListUsersRequestPageSizeZero', 1184],
      ['TestMaxUsersPageSize', 1238],
      ['TestAllocationTimeGrantUserRights', 1373],
      ['TestExternalAllocationTimeGrantUserRights', 1406],
    ],
    USERS_OUT,
  ),
];

const updateRpc: BatteryCase[] = [
  ...covered(
    'UserManagementServiceUpdateRpcIT',
    [
      ['UpdateAllUpdatableFields', 20],
      ['UpdateUserEvenIfMetadataIsNotSetInUpdateRequest', 63],
      ['UpdatePrimaryPartyUsingNonEmptyValue', 158],
      ['UpdatePrimaryPartyUsingEmptyValue', 181],
      ['UpdateIsDeactivatedUsingNonDefaultValue', 200],
      ['UpdateIsDeactivatedUsingTheDefaultValue', 223],
      ['UpdatePrimaryPartyAuthentication', 246],
    ],
    UPDATE_FIELDS,
  ),
  mapped('UserManagementServiceUpdateRpcIT', 'FailUpdateNonExistentUser', 117, 'covered', ['canton.users.crud.unknown-user-404']),
  mapped(
    'UserManagementServiceUpdateRpcIT',
    'InvalidUpdateRequestsInvalidUserIdSyntax',
    138,
    'not-applicable',
    [],
    "over JSON the path id is checked against the body's by the JSON layer first (canton.users.admin-only names that order); the gRPC INVALID_FIELD is not asserted",
  ),
  mapped('UserManagementServiceUpdateRpcIT', 'InvalidUpdateRequestsUserFieldIsUnset', 94, 'not-applicable', [], 'GrpcOnly in LAPITT'),
];

const objectMeta: BatteryCase[] = [
  mapped('UserManagementServiceObjectMetaIT', 'UpdatingResourceUtilizingConcurrentChangeControl', 58, 'covered', [
    'canton.users.limits.resource-version.concurrent-update-rejected',
  ]),
  mapped('UserManagementServiceObjectMetaIT', 'FailingToCreateResourceWhenAnnotationsValueIsEmpty', 234, 'covered', [
    'canton.users.limits.annotations.value.non-empty',
  ]),
  mapped('UserManagementServiceObjectMetaIT', 'TestAnnotationsKeySyntaxOnResourceCreation', 248, 'covered', [
    'canton.users.limits.annotations.key.name-charset',
  ]),
  mapped('UserManagementServiceObjectMetaIT', 'TestAnnotationsSizeLimitsOnResourceCreation', 262, 'covered', [
    'canton.users.limits.annotations.total-size.max-256kb',
  ]),
  ...covered(
    'UserManagementServiceObjectMetaIT',
    [
      ['TestAnnotationsKeySyntaxOnResourceUpdateWhenAddingKey', 340],
      ['TestAnnotationsMaxSizeLimitsWhenUpdatingResource', 391],
    ],
    ['canton.users.limits.annotations.update.same-rules'],
  ),
  mapped('UserManagementServiceObjectMetaIT', 'UpdateAnnotationsUsingNonEmptyMap', 277, 'covered', [
    'canton.users.limits.annotations.value.empty-removes-key',
    'canton.users.crud.update-fields',
  ]),
  mapped('UserManagementServiceObjectMetaIT', 'UpdateAnnotationsUsingEmptyMap', 313, 'covered', UPDATE_FIELDS),
  ...covered(
    'UserManagementServiceObjectMetaIT',
    [
      ['TestAnnotationsKeySyntaxOnResourceUpdateEvenWhenDeletingNonExistentKey', 357],
      ['NotCountingEmptyValuedKeysToTheAnnotationsSizeLimitOnUpdate', 374],
    ],
    ['canton.users.limits.annotations.update.same-rules'],
  ),
  ...covered(
    'UserManagementServiceObjectMetaIT',
    [
      ['FailingUpdateRequestsWhenUpdatePathIsDuplicated', 167],
      ['FailingUpdateRequestWhenNoUpdatePaths', 183],
      ['FAilingUpdateRequestWhenUpdateMaskHaveUnknownFieldPath', 200],
      ['AllowSpecifyingResourceVersionAndResourceIdInUpdateMask', 39],
    ],
    ['canton.users.crud.update-mask-invalid'],
  ),
  mapped('UserManagementServiceObjectMetaIT', 'RaceConditionUpdateResourceAnnotations', 131, 'covered', [
    'canton.users.crud.update-fields',
  ]),
];

const jsonAuth: BatteryCase[] = [
  mapped(
    'JsonApiAuthIT',
    'allow access to an endpoint requiring admin rights with fall-back authorization',
    307,
    'not-applicable',
    [],
    "the participant's internal admin token is not available to an external client",
  ),
  mapped(
    'JsonApiAuthIT',
    'allow access to an endpoint requiring admin rights with admin token',
    316,
    'partly',
    ['auth.bearer', 'canton.auth.audience-array-accepted'],
    'admin tokens are sent in the configured format (and with an audience array); the privileged and scope formats are not minted',
  ),
  mapped('JsonApiAuthIT', 'deny access to an endpoint requiring party rights with admin token', 338, 'covered', [
    'canton.rights.admin-is-not-act-as',
  ]),
  mapped('JsonApiAuthIT', 'deny access to an endpoint requiring admin rights with user token', 363, 'covered', [
    'canton.users.admin-only',
    'canton.rights.dar-upload-admin-only',
  ]),
  mapped('JsonApiAuthIT', 'allow access to an endpoint requiring party rights with user token', 382, 'covered', ['auth.bearer']),
  ...[
    ['allow access to an endpoint with a token with additional audiences/scopes', 400] as const,
    ['allow access to an endpoint with a token that mixes expected audiences/scopes', 471] as const,
  ].map(([name, line]) =>
    mapped(
      'JsonApiAuthIT',
      name,
      line,
      'partly',
      ['canton.auth.audience-array-accepted'],
      "checked in the target's configured token format (an aud array beside the expected audience, extra scopes); the scope-target and privileged formats Canton's test also tries need other participant configurations",
    ),
  ),
  mapped(
    'JsonApiAuthIT',
    'deny access to an endpoint with a token without audience/scope',
    423,
    'partly',
    ['canton.auth.no-audience-no-scope-denied'],
    "denied, but 401 or 403 accepted (checks/auth.ts): LAPITT's node has a target audience and answers 401; a node without one may answer 403, which only a run against such a node can settle",
  ),
  mapped(
    'JsonApiAuthIT',
    'deny access to an endpoint with a token with wrong intended audience/scope',
    447,
    'partly',
    ['canton.auth.foreign-audience-denied'],
    "denied, but 403 or 401 accepted: JsonApiAuthIT's node has a target audience and answers 401 for each of four token formats; one format is minted",
  ),
  mapped('JsonApiAuthIT', 'deny access to an endpoint with an expired token', 493, 'covered', ['canton.auth.invalid-token-401']),
  mapped('JsonApiAuthIT', 'deny access to an endpoint with an token for an unknown user', 513, 'covered', ['canton.auth.unknown-user-403']),
  mapped('JsonApiAuthIT', 'deny unauthenticated access', 539, 'covered', ['canton.auth.empty-bearer-400']),
];

export const batteryPart1: readonly BatteryCase[] = [
  ...visibility,
  ...filters,
  ...authorization,
  ...stakeholders,
  ...multiParty,
  ...query,
  ...users,
  ...updateRpc,
  ...objectMeta,
  ...jsonAuth,
];
