/**
 * Part 3 of the battery map: the suites of ../shared/facts/lapitt-coverage.md that parts 1 and 2 did not list, so that
 * the map holds every case of the recount (lapitt-recount.md, 2026-11-28): the rest of CommandSubmissionCompletionIT,
 * value nesting and size limits, InterfaceIT, the package, health and identity-provider suites, the contract-key suites
 * (LF 2.3) and the JSON API's own tests. Most are left out or not applicable; each says why. Sources: Canton branch
 * 3.5-open-source-2026-06-10.13, the line of the test definition (a looped LAPITT test: the line of its generator).
 */
import type { ClauseId } from '../clauses.js';
import type { BatteryCase, BatteryCoverage } from './types.js';

const V2 = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';
const V3 = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3';
const JSON_IT = 'community/app/src/test/scala/com/digitalasset/canton/integration/tests/jsonapi';
const UNIT = 'community/ledger/ledger-json-api/src/test/scala/com/digitalasset';

const SOURCES = {
  CommandSubmissionCompletionIT: `${V2}/CommandSubmissionCompletionIT.scala`,
  DamlValuesIT: `${V2}/DamlValuesIT.scala`,
  DeeplyNestedValueIT: `${V2}/DeeplyNestedValueIT.scala`,
  ValueLimitsIT: `${V2}/ValueLimitsIT.scala`,
  LimitsIT: `${V2}/LimitsIT.scala`,
  InterfaceIT: `${V2}/InterfaceIT.scala`,
  CompletionDeduplicationInfoIT: `${V2}/CompletionDeduplicationInfoIT.scala`,
  IdentityProviderConfigServiceIT: `${V2}/IdentityProviderConfigServiceIT.scala`,
  PackageManagementServiceIT: `${V2}/PackageManagementServiceIT.scala`,
  PackageServiceIT: `${V2}/PackageServiceIT.scala`,
  HealthServiceIT: `${V2}/HealthServiceIT.scala`,
  ContractKeysIT: `${V3}/ContractKeysIT.scala`,
  ContractKeysCommandDeduplicationIT: `${V3}/ContractKeysCommandDeduplicationIT.scala`,
  ContractKeysContractIdIT: `${V3}/ContractKeysContractIdIT.scala`,
  ContractKeysDeeplyNestedValueIT: `${V3}/ContractKeysDeeplyNestedValueIT.scala`,
  ContractKeysDivulgenceIT: `${V3}/ContractKeysDivulgenceIT.scala`,
  ContractKeysExplicitDisclosureIT: `${V3}/ContractKeysExplicitDisclosureIT.scala`,
  ContractKeysMultiPartySubmissionIT: `${V3}/ContractKeysMultiPartySubmissionIT.scala`,
  ContractKeysWronglyTypedContractIdIT: `${V3}/ContractKeysWronglyTypedContractIdIT.scala`,
  PrefetchContractKeysIT: `${V3}/PrefetchContractKeysIT.scala`,
  JsonUserApiTest: `${JSON_IT}/JsonUserApiTest.scala`,
  JsonErrorHandlingTest: `${JSON_IT}/JsonErrorHandlingTest.scala`,
  AbstractHttpServiceIntegrationTest: `${JSON_IT}/AbstractHttpServiceIntegrationTest.scala`,
  OpenApiTests: `${JSON_IT}/OpenApiTests.scala`,
  JsonUpgradingTests:
    'community/upgrading-integration-tests/src/test/scala/com/digitalasset/canton/integration/tests/upgrading/JsonUpgradingTests.scala',
} as const;

type Area = keyof typeof SOURCES;

const UNIT_TESTS = 'ledger-json-api unit tests';
const UNIT_SOURCES = {
  JsonDecodingTest: `${UNIT}/canton/http/json/JsonDecodingTest.scala`,
  CirceRelaxedParserTest: `${UNIT}/canton/http/json/CirceRelaxedParserTest.scala`,
  JsSchemaDecodeByteStringEitherTest: `${UNIT}/canton/http/json/v2/JsSchemaDecodeByteStringEitherTest.scala`,
  JsonCodecTest: `${UNIT}/transcode/codec/json/JsonCodecTest.scala`,
} as const;

function entry(
  area: string,
  source: string,
  name: string,
  coverage: BatteryCoverage,
  clauses: readonly ClauseId[],
  reason?: string,
): BatteryCase {
  return { area, name, source, coverage, clauses, ...(reason === undefined ? {} : { reason }) };
}
const mapped = (area: Area, name: string, line: number, coverage: BatteryCoverage, clauses: readonly ClauseId[], reason?: string) =>
  entry(area, `${SOURCES[area]}:${line}`, name, coverage, clauses, reason);
const each = (area: Area, cases: [string, number][], coverage: 'left-out' | 'not-applicable', reason: string): BatteryCase[] =>
  cases.map(([name, line]) => mapped(area, name, line, coverage, [], reason));
const unit = (
  file: keyof typeof UNIT_SOURCES,
  name: string,
  line: number,
  coverage: BatteryCoverage,
  clauses: readonly ClauseId[],
  reason?: string,
) => entry(UNIT_TESTS, `${UNIT_SOURCES[file]}:${line}`, `${file}: ${name}`, coverage, clauses, reason);

const GRPC_ONLY = 'LAPITT marks it GrpcOnly: Canton does not run it over JSON';
const TWO_SYNCHRONIZERS = 'needs two or more connected synchronizers';
const COMPLETIONS = 'judged on the completion stream, which is not a target endpoint';
const NESTING_CLOSED =
  "closed after the recount with the suite's own models, daml/lf/nesting.lf (LAPITT's DeeplyNestedValue) and keys.lf KeyNesting, which provision uploads: suites/flows/deep-nesting.suite.ts sends each value at nestings 46, 100, 101, 110 and 200, the refusals credited against nesting 100; faults value-nesting-limit-101 and value-nesting-result-unchecked fail it";
const KEY_FOUND_BY_COMMAND =
  'a key of this nesting is accepted in a lookup by key that finds its contract, an ExerciseByKeyCommand (Archive) after a choice created it, not a fetch_by_key or lookup_by_key in a choice: a stable Daml-LF package has no lookup_by_key (2.dev only), and fetch_by_key returns a DA.Types tuple the self-contained DAR leaves out; a lookup finding no contract is not sent (on a shared node no key of this nesting is sure to be unused)';
const KEY_REFUSED_IN_COMMAND =
  "the key of this nesting is refused in a lookup by key, but in an ExerciseByKeyCommand (the engine's preprocessing: COMMAND_PREPROCESSING_FAILED), not by a lookup_by_key in a choice (VALUE_NESTING, which LAPITT asserts): a stable Daml-LF package has no lookup_by_key (2.dev only)";
const UNIQUE_KEYS =
  'Canton excludes it from its own runs: written for unique-key semantics (LedgerApiConformanceTest.scala:200-210, ' +
  "TODO(#33111)); Canton 3.5's non-unique keys are checked instead (canton.semantics.contract-keys-not-unique: a second " +
  'create with a key in use is accepted, an exercise by key takes the most recent)';
const UPGRADE_LINEAGE =
  "with the suite's conformance-upgrade lineage (1.0.0, 2.0.0 adding an optional memo) uploaded under a fresh name by suites/participant/upgrades.suite.ts, so it runs on a real node";

const completion: BatteryCase[] = [
  mapped('CommandSubmissionCompletionIT', 'CSCRefuseBadChoice', 125, 'not-applicable', [], GRPC_ONLY),
  mapped('CommandSubmissionCompletionIT', 'CSCDisallowEmptyTransactionsSubmission', 154, 'covered', ['limits.non-empty-lists.commands']),
  mapped('CommandSubmissionCompletionIT', 'CSCSubmitWithPrescribedSynchronizerId', 291, 'not-applicable', [], TWO_SYNCHRONIZERS),
];

const values: BatteryCase[] = [
  mapped(
    'DamlValuesIT',
    'DVTextMap',
    21,
    'partly',
    ['canton.values.all-types-round-trip'],
    'TextMap values round-trip in create and choice arguments (templates.allTypes); the choice result (exerciseResult) LAPITT reads is not asserted',
  ),
  ...[46, 100, 101, 110, 200].flatMap((nesting) =>
    (
      [
        ['CreateCommand', 85, 'canton.values.nesting-limit-commands'],
        ['ExerciseCommand', 92, 'canton.values.nesting-limit-commands'],
        ['CreateArgumentInCreateAndExerciseCommand', 106, 'canton.values.nesting-limit-commands'],
        ['ChoiceArgumentInCreateAndExerciseCommand', 118, 'canton.values.nesting-limit-commands'],
        ['ExerciseArgument', 129, 'canton.values.nesting-limit-interpretation'],
        ['ExerciseOutput', 144, 'canton.values.nesting-limit-interpretation'],
        ['CreateArgument', 155, 'canton.values.nesting-limit-interpretation'],
      ] as const
    ).map(([position, line, clause]): BatteryCase => ({
      ...mapped('DeeplyNestedValueIT', `${nesting <= 100 ? 'Accept' : 'Reject'}${position}${nesting}`, line, 'covered', [clause]),
      recount: { status: 'not', why: `${NESTING_CLOSED} (DeeplyNestedValueIT.scala:${line})` },
    })),
  ),
  mapped(
    'ValueLimitsIT',
    'VLLargeSubmittersNumberCreateContract',
    18,
    'left-out',
    [],
    '50 actAs and 50 readAs parties with long ids in one submission: the fixtures provision a handful of parties',
  ),
  ...(
    [
      ['LLargeMapInContract', 14],
      ['LLargeMapInChoice', 30],
      ['LLargeListInContract', 47],
      ['LLargeListInChoice', 63],
    ] as const
  ).map(([name, line]) => mapped('LimitsIT', name, line, 'covered', ['canton.values.large-collections'])),
  // With the suite's conformance-limits Tree (suites/flows/transaction-limits.suite.ts).
  ...(
    [
      ['LDeepTransaction', 78],
      ['LWideTransaction', 91],
      ['LWithLargeTransaction', 102],
    ] as const
  ).map(([name, line]) => mapped('LimitsIT', name, line, 'covered', ['canton.limits.transaction-size'])),
  ...(
    [
      ['ExternalWithDeepTransaction', 113],
      ['ExternalWithLargeTransaction', 147],
    ] as const
  ).map(([name, line]) => mapped('LimitsIT', name, line, 'covered', ['canton.limits.prepared-transaction-size'])),
  mapped(
    'LimitsIT',
    'ExternalWithWideTransaction',
    132,
    'partly',
    ['canton.limits.prepared-transaction-size'],
    'prepared with 1 000 sibling exercises, not 12 000: a prepared transaction of 12 000 nodes is some 10 MB, more than the run can read within its time budget (the 12 500-wide transaction is submitted in LWideTransaction)',
  ),
];

const interfaces: BatteryCase[] = [
  mapped('InterfaceIT', 'ExerciseTemplateSuccess', 50, 'covered', ['canton.semantics.exercised-interface-id']),
  mapped('InterfaceIT', 'ExerciseInterfaceSuccess', 66, 'covered', [
    'command.ExerciseCommand.interface-choice',
    'canton.semantics.exercised-interface-id',
  ]),
  ...each(
    'InterfaceIT',
    [
      ['ExerciseInterfaceByTemplateFail', 85],
      ['ExerciseInterfaceByRequiringFail', 111],
    ],
    'not-applicable',
    GRPC_ONLY,
  ),
];

const services: BatteryCase[] = [
  ...each(
    'CompletionDeduplicationInfoIT',
    [
      ['CCDIIncludeDedupInfoCommandService', 34],
      ['CCDIIncludeDedupInfoCommandSubmissionService', 34],
    ],
    'not-applicable',
    COMPLETIONS,
  ),
  ...each(
    'IdentityProviderConfigServiceIT',
    [
      ['CreateConfigInvalidArguments', 26],
      ['GetConfigInvalidArguments', 84],
      ['UpdateConfigInvalidArguments', 118],
      ['DeleteConfigInvalidArguments', 190],
      ['CreateConfigSuccess', 224],
      ['UpdateConfigSuccess', 278],
      ['GetConfigSuccess', 343],
      ['ListConfig', 384],
      ['DeleteConfigSuccess', 404],
    ],
    'not-applicable',
    'the /v2/idps routes are outside the target set (three are GrpcOnly too)',
  ),
  mapped('PackageManagementServiceIT', 'PMEmptyUpload', 31, 'covered', ['canton.dars.invalid-dar-400']),
  mapped('PackageManagementServiceIT', 'PMDuplicateSubmissionId', 49, 'covered', ['canton.dars.idempotent-reupload']),
  mapped('PackageManagementServiceIT', 'PMLoad', 64, 'not-applicable', [], GRPC_ONLY),
  ...each(
    'PackageServiceIT',
    [
      ['PackagesList', 18],
      ['PackagesGetKnown', 29],
      ['PackagesGetUnknown', 49],
      ['PackagesStatusKnown', 67],
      ['PackagesStatusUnknown', 84],
    ],
    'not-applicable',
    'the GET package routes are outside the target set (client-routes only checks that GET /v2/packages answers packageIds)',
  ),
  ...each(
    'HealthServiceIT',
    [
      ['HScheck', 12],
      ['HSwatch', 22],
    ],
    'not-applicable',
    "gRPC health, excluded from Canton's JSON run; its JSON twin is /readyz (JsonV2Tests)",
  ),
];

const CID_POSITIONS: [string, number][] = [
  ['CreatePayload', 100],
  ['ChoiceArgument', 132],
  ['CreateAndExercisePayload', 142],
  ['CreateAndExerciseChoiceArgument', 155],
];

const keys: BatteryCase[] = [
  mapped('ContractKeysIT', 'CKExerciseByKey', 354, 'covered', ['canton.submit-and-wait.contract-key-not-found-404']),
  ...(
    [
      ['CKNoContractKey', 47],
      ['CKRecreate', 269],
      ['CKTransients', 300],
      ['CKExposedByTemplate', 332],
    ] as const
  ).map(([name, line]) => mapped('ContractKeysIT', name, line, 'covered', ['canton.semantics.contract-keys'])),
  ...(
    [
      ['CKLocalLookupByKeyVisibility', 407],
      ['CKLocalFetchByKeyVisibility', 423],
    ] as const
  ).map(([name, line]) => mapped('ContractKeysIT', name, line, 'covered', ['canton.semantics.contract-key-local-visibility'])),
  mapped('ContractKeysIT', 'CKDisclosedContractKeyReusabilityAsSubmitter', 439, 'covered', ['canton.semantics.contract-key-workflows']),
  mapped('ContractKeysIT', 'CKGlocalKeyVisibility', 481, 'covered', ['canton.semantics.contract-key-visibility']),
  ...each(
    'ContractKeysIT',
    [
      ['CKFetchOrLookup', 65],
      ['CKNoFetchUndisclosed', 113],
      ['CKMaintainerScoped', 166],
    ],
    'not-applicable',
    UNIQUE_KEYS,
  ),
  mapped('ContractKeysCommandDeduplicationIT', 'StopOnCompletionFailure', 23, 'covered', [
    'canton.deduplication.failed-submission-not-deduplicated',
  ]),
  mapped('ContractKeysContractIdIT', 'RejectNonSuffixedV1CKCidExerciseTarget', 106, 'covered', [
    'canton.submit-and-wait.non-suffixed-contract-id-400',
  ]),
  mapped('ContractKeysContractIdIT', 'AcceptSuffixedV1CKCidExerciseTarget', 106, 'covered', [
    'canton.submit-and-wait.contract-not-found-404',
  ]),
  // The same positions as ContractIdIT (the baseline's rule: "same checks as ContractIdIT"); the keyed template is not what they test.
  ...CID_POSITIONS.flatMap(([position, line]) =>
    ['RejectNonSuffixedV1CKCid', 'AcceptSuffixedV1CKCid'].map((prefix) =>
      mapped('ContractKeysContractIdIT', `${prefix}${position}`, line, 'covered', ['canton.commands.contract-id-in-values']),
    ),
  ),
  ...['RejectNonSuffixedV1CKCidExerciseByKey', 'AcceptSuffixedV1CKCidExerciseByKey'].map((name) =>
    mapped('ContractKeysContractIdIT', name, 168, 'covered', ['canton.commands.contract-id-in-values']),
  ),
  ...[46, 100, 101, 110, 200].flatMap((nesting) => {
    const accepted = nesting <= 100;
    const result = accepted ? 'Accept' : 'Reject';
    const descriptions: [string, number, string | undefined][] = [
      ['ContractKey', 76, undefined],
      ...(accepted ? ([['FetchByKey', 89, KEY_FOUND_BY_COMMAND]] as [string, number, string][]) : []),
      ['FailingLookupByKey', 101, accepted ? KEY_FOUND_BY_COMMAND : KEY_REFUSED_IN_COMMAND],
      ...(accepted ? ([['SuccessfulLookupByKey', 114, KEY_FOUND_BY_COMMAND]] as [string, number, string][]) : []),
    ];
    return descriptions.map(([description, line, partly]): BatteryCase => ({
      ...mapped(
        'ContractKeysDeeplyNestedValueIT',
        `${result}${description}${nesting}`,
        line,
        partly === undefined ? 'covered' : 'partly',
        ['canton.keys.nesting-limit'],
        partly,
      ),
      recount: { status: 'not', why: `${NESTING_CLOSED} (ContractKeysDeeplyNestedValueIT.scala:${line})` },
    }));
  }),
  mapped('ContractKeysDivulgenceIT', 'DivulgenceKeys', 13, 'covered', ['canton.semantics.contract-key-workflows']),
  mapped('ContractKeysExplicitDisclosureIT', 'EDExerciseByKeyDisclosedContract', 37, 'covered', [
    'canton.semantics.contract-key-visibility',
  ]),
  // suites/flows/contract-keys.suite.ts, with the suite's conformance-multi-party-keys (LAPITT's keyed MultiPartyContract)
  // and a user the test creates acting as the four parties; faults lookup-by-key-authorization-not-checked,
  // fetch-authorization-not-checked and key-lookup-ignores-visibility fail it.
  ...(
    [
      ['MPSFetchOtherByKeyOtherSuccess', 29, ['authorization', 'visibility']],
      ['MPSFetchOtherByKeyInsufficientAuthorization', 51, ['authorization']],
      ['MPSFetchOtherByKeyInvisible', 83, ['visibility']],
      ['MPSLookupOtherByKeyOtherSuccess', 115, ['authorization', 'visibility']],
      ['MPSLookupOtherByKeyInsufficientAuthorization', 141, ['authorization']],
      ['MPSLookupOtherByKeyInvisible', 177, ['visibility']],
    ] as const
  ).map(([name, line, rules]): BatteryCase => ({
    ...mapped(
      'ContractKeysMultiPartySubmissionIT',
      name,
      line,
      'covered',
      rules.map((rule): ClauseId => `canton.semantics.contract-key-multi-party-${rule}`),
    ),
    recount: {
      status: 'not',
      why:
        "closed after the recount with the suite's conformance-multi-party-keys (daml/lf/multi-party-keys.lf: LAPITT's keyed " +
        'MultiPartyContract, its fetch and lookup by key in a choice) and a user the test creates acting as the four parties, ' +
        `its token minted (ContractKeysMultiPartySubmissionIT.scala:${line})`,
    },
  })),
  mapped('ContractKeysWronglyTypedContractIdIT', 'WTFetchFails', 17, 'covered', ['canton.commands.wrongly-typed-contract']),
  ...each(
    'PrefetchContractKeysIT',
    [
      ['CSprefetchContractKeysBasic', 37],
      ['CSprefetchContractKeysPrepareEndpointBasic', 56],
      ['CSprefetchContractKeysWronglyTyped', 73],
      ['CSprefetchContractKeysPrepareWronglyTyped', 95],
      ['CSprefetchContractKeysMany', 117],
      ['CSprefetchContractPrepareKeysMany', 149],
    ],
    'not-applicable',
    "Canton's JSON run excludes the suite: the JSON API does not support Commands.prefetchContractKeys (ExcludedTests.scala, TODO #27501)",
  ),
];

const json: BatteryCase[] = [
  mapped('JsonUserApiTest', 'return current user using data from token', 71, 'covered', ['authenticated-user.response.caller']),
  mapped(
    'JsonUserApiTest',
    'fail reading current user for wrong idp',
    83,
    'left-out',
    [],
    'a well-formed identity-provider-id the caller does not belong to needs a second identity provider provisioned (/v2/idps is outside the target set)',
  ),
  mapped('JsonUserApiTest', 'get user from created idp', 98, 'not-applicable', [], 'needs /v2/idps, outside the target set'),
  mapped(
    'JsonErrorHandlingTest',
    'map GRPC Status Code to HTTP Status Code correctly',
    131,
    'partly',
    ['canton.errors.status-follows-category'],
    'the status follows the category for the categories a client can provoke (6-11); gRPC codes 1, 2, 4 and 12 cannot be provoked through the target endpoints',
  ),
  ...each(
    'JsonErrorHandlingTest',
    [
      ['handle mismatched error Status', 82],
      ['handle runtime exception', 96],
      ['handle status runtime exception without description', 116],
    ],
    'not-applicable',
    'synthetic routes of a test server',
  ),
  mapped('AbstractHttpServiceIntegrationTest', 'request non-existent endpoint should return 404', 27, 'covered', [
    'canton.http.unknown-route-404-legacy-json',
  ]),
  ...each(
    'OpenApiTests',
    [
      ['should be consistent with live docs', 48],
      ['has proper version', 72],
      ['contains expected openapi services', 82],
      ['contains expected async services', 101],
    ],
    'not-applicable',
    'documentation routes outside the target set (client-routes checks GET /docs/openapi is served)',
  ),
  mapped('JsonUpgradingTests', 'upgrade a Daml data payload', 87, 'covered', ['canton.upgrades.create-per-package-id'], UPGRADE_LINEAGE),
  mapped('JsonUpgradingTests', 'downgrade a payload', 98, 'covered', ['canton.upgrades.create-per-package-id'], UPGRADE_LINEAGE),
  mapped(
    'JsonUpgradingTests',
    'reject a downgrade with a populated optional field',
    110,
    'covered',
    ['canton.upgrades.create-per-package-id'],
    `1.0.0's package id given 2.0.0's payload with memo populated: 400 INVALID_ARGUMENT "Unexpected fields: memo", against the same create with memo null; ${UPGRADE_LINEAGE}`,
  ),
  mapped(
    'JsonUpgradingTests',
    'consider the Commands.packageIdSelectionPreferences',
    128,
    'covered',
    ['canton.upgrades.package-id-selection-preference'],
    `a create by package name preferring 1.0.0 is "Unexpected fields: memo", the same create without the preference is accepted as 2.0.0; ${UPGRADE_LINEAGE}`,
  ),
  mapped('JsonUpgradingTests', 'accept package name for create command', 147, 'covered', ['versioning.package-name-format.accepted']),
  mapped(
    'JsonUpgradingTests',
    'be able to query using package name',
    161,
    'covered',
    ['versioning.package-name-format.accepted', 'canton.upgrades.create-per-package-id'],
    `a create by 1.0.0's package id, read on update-by-offset through a package-name template filter with 2.0.0 vetted, names 1.0.0's package id (LAPITT reads the ACS stream, outside the target set); ${UPGRADE_LINEAGE}`,
  ),
  mapped('JsonUpgradingTests', 'fail on wrong package reference', 232, 'covered', ['command.templateId.reference-formats']),
  unit('JsonDecodingTest', 'only required properties', 14, 'covered', ['submit-and-wait.commands.required']),
  unit('JsonDecodingTest', 'extra/unspecified fields', 25, 'covered', ['canton.requests.unknown-fields-ignored']),
  ...(
    [
      ['minimalExample', 54],
      ['maximalExample', 67],
      ['custom example', 82],
    ] as const
  ).map(([name, line]) =>
    unit(
      'CirceRelaxedParserTest',
      name,
      line,
      'partly',
      ['canton.update-by-offset.relaxed-missing-fields'],
      'the relaxed codecs fill absent fields with defaults: observed at update-by-offset only, not for every message of the example',
    ),
  ),
  unit('JsSchemaDecodeByteStringEitherTest', 'valid base64', 28, 'covered', [
    'canton.interactive.prepared-hash-matches-transaction',
    'canton.interactive.external-transaction-hash',
  ]),
  unit(
    'JsSchemaDecodeByteStringEitherTest',
    'invalid base64',
    36,
    'left-out',
    [],
    'no body with an invalid base64 bytes field is sent (reachable: preparedTransaction on execute)',
  ),
  unit('JsonCodecTest', 'keep populated trailing optional', 42, 'covered', ['canton.daml-lf.trailing-none-dropped']),
  unit('JsonCodecTest', 'fields in any order', 51, 'covered', ['canton.values.record-field-order']),
  unit('JsonCodecTest', 'drop unpopulated trailing optional', 60, 'covered', [
    'canton.daml-lf.optional-null',
    'canton.daml-lf.trailing-none-dropped',
  ]),
  unit('JsonCodecTest', 'drop empty trailing optional', 69, 'covered', ['canton.daml-lf.trailing-none-dropped']),
];

export const batteryPart3: readonly BatteryCase[] = [...completion, ...values, ...interfaces, ...services, ...keys, ...json];
