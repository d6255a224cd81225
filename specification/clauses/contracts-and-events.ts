/**
 * What an exercise does to contract types and events (issue 18, point 4; Canton's WronglyTypedContractIdIT, UpgradingIT
 * :636, :700 and TransactionServiceExerciseIT :47), as Canton 3.5 behaves (canton profile), each citing the Canton source
 * (branch 3.5-open-source-2026-06-10.13).
 */
import { cantonEndpointClauses } from './define.js';

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';
const LAPITT3 = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3';
const VALIDATION = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/api/validation';
const INTERPRETER =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/execution/StoreBackedCommandInterpreter.scala';
const STORE = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/store';

const submitAndWait = cantonEndpointClauses('submit-and-wait', ['writes']);
const lookup = cantonEndpointClauses('update-by-offset', ['writes']);

export const contractsAndEventsClauses = [
  lookup(
    'canton.semantics.contract-keys',
    'event',
    "A created event's contractKey is unset (absent, null or empty) for a template without a key and equals the key for a " +
      'keyed template; a key archived in a transaction may be given to a new contract in the same transaction, which shows the ' +
      'same key; a contract created and archived in one transaction (transient) leaves no key behind: an exercise by that key ' +
      'afterwards is CONTRACT_KEY_NOT_FOUND ' +
      `(LAPITT community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3/ContractKeysIT.scala:47, :269, :300, :332). ` +
      'The keyed half needs a keyed template (templates.keyedAccount; CantonExamples has none).',
  ),
  lookup(
    'canton.semantics.contract-keys-not-unique',
    'state',
    'Contract keys are not unique (NUCK, protocol version 35): a create whose key an active contract already has is ' +
      'accepted, also within one transaction, and never DUPLICATE_CONTRACT_KEY (nothing in the 3.5 engine raises it: both ' +
      'transaction tree factories run the contract state machine without a uniqueness check). A fetch or exercise by key takes the ' +
      'most recent of the active contracts with the key that the submission sees: those created earlier in the same ' +
      "transaction first (most recent first), then those disclosed to it, then the ledger's, newest first; so after the " +
      'newest is archived, the key finds the older one ' +
      '(community/daml-lf/transaction/src/main/scala/com/digitalasset/daml/lf/transaction/NextGenContractStateMachine.scala:401 ' +
      'create, :553 activeKeyMapping; community/base/src/main/scala/com/digitalasset/canton/version/EngineMode.scala; ' +
      `${INTERPRETER}:510 disclosedOrStoreNKeyLookup; ${STORE}/backend/common/ContractStorageBackendTemplate.scala:103 ` +
      '`ORDER BY event_sequential_id DESC`; community/daml-lf/interpreter/src/main/scala/com/digitalasset/daml/lf/speedy/' +
      "SBuiltinFun.scala:2043 KeyOperation.Fetch takes the first; Canton's own community/daml-script-tests/src/test/resources/" +
      'daml/ScriptLF23Tests/daml/CommonLF23ScriptTests/NUCKTests.daml:98 exerciseByMultiple, :147 lookupNByKeyMultiple). ' +
      "Canton excludes LAPITT's unique-key cases from its runs (community/conformance-testing/src/test/scala/com/digitalasset/" +
      "canton/integration/tests/ledgerapi/LedgerApiConformanceTest.scala:200-210). Needs the suite's conformance-keys DAR.",
  ),
  submitAndWait(
    'canton.semantics.contract-key-visibility',
    'state',
    'An exercise by key finds only a contract the submitters (actAs, readAs) see or one given to the submission as a ' +
      "disclosed contract: a non-stakeholder's exercise by key of another party's keyed contract is 404 " +
      'CONTRACT_KEY_NOT_FOUND, category 11, while the same exercise with the contract disclosed (its createdEventBlob) is ' +
      "accepted, as is the stakeholder's own exercise by key " +
      `(${INTERPRETER}, NUCK key lookups; LAPITT ${LAPITT3}/ContractKeysIT.scala:481 CKGlocalKeyVisibility, ` +
      `${LAPITT3}/ContractKeysExplicitDisclosureIT.scala:37). Needs the suite's conformance-key-workflows DAR.`,
  ),
  submitAndWait(
    'canton.semantics.contract-key-local-visibility',
    'state',
    'A fetch by key or a lookup by key inside a choice finds a contract created earlier in the same transaction whoever ' +
      "the submitters see: a contract's observer exercising a choice that creates a keyed contract of the contract's " +
      "signatory (who is the key's maintainer), fetches or looks it up by its key and archives it is accepted " +
      `(LAPITT ${LAPITT3}/ContractKeysIT.scala:407 CKLocalLookupByKeyVisibility, :423 CKLocalFetchByKeyVisibility; ` +
      'NextGenContractStateMachine.scala:553 activeKeyMapping takes the local keys unfiltered). In Daml-LF 2.3 the fetch is ' +
      "`fetch_by_key`, the lookup `query_n_by_key` with 1 (`lookup_by_key` is 2.dev only). Needs the suite's " +
      'conformance-local-keys DAR (it carries the stable package DA.Types).',
  ),
  submitAndWait(
    'canton.semantics.contract-key-multi-party-authorization',
    'auth',
    "A fetch by key inside a choice needs one of the fetched contract's stakeholders among the authorizers (the choice's " +
      "controllers and the signatories of the contract it is exercised on), a lookup by key all of the key's maintainers " +
      '(checked before the lookup); readAs lends only visibility. Exercised as two actors with readAs a third party, a ' +
      'choice on a contract all four parties sign fetches and looks up by key a contract of the other two (seen through ' +
      'readAs) and is accepted; the same choice on a contract of the two actors only is 400 DAML_AUTHORIZATION_ERROR, ' +
      'cause containing "of the fetched contract to be an authorizer" (fetch) or "for lookup by key, but it only has" (lookup) ' +
      `(LAPITT ${LAPITT3}/ContractKeysMultiPartySubmissionIT.scala:29, :51, :115, :141; community/daml-lf/interpreter/src/main/` +
      'scala/com/digitalasset/daml/lf/speedy/AuthorizationChecker.scala:99 authorizeFetch, :117 authorizeLookupByKey; ' +
      'SBuiltinFun.scala:2042 KeyOperation, :2203 the lookup authorized before it runs; Pretty.scala:365, :372). In ' +
      "Daml-LF 2.3 the fetch is `fetch_by_key`, the lookup `query_n_by_key` with 1. Needs the suite's conformance-multi-party-keys DAR, and a user acting as four parties at " +
      'once: the test creates one (as the participant administrator) and mints its token.',
  ),
  submitAndWait(
    'canton.semantics.contract-key-multi-party-visibility',
    'state',
    'A fetch or lookup by key inside a choice finds a ledger contract only if one of the submitters (actAs, readAs) sees ' +
      'it, whatever authority the choice has: the choice on a contract all four parties sign, exercised as two actors ' +
      'without the readAs of the parties that see the keyed contract, is 404 CONTRACT_KEY_NOT_FOUND for a fetch by key, and ' +
      "for a lookup by key finds nothing, so the model's assert that it found the contract fails (400 DAML_FAILURE, cause " +
      'containing its message "LookupOtherByKey value matches"), while the same exercises with that readAs are accepted ' +
      `(LAPITT ${LAPITT3}/ContractKeysMultiPartySubmissionIT.scala:83, :177; ${INTERPRETER}, NUCK key lookups by the ` +
      "readers). Needs the suite's conformance-multi-party-keys DAR and a user acting as four parties (as above).",
  ),
  lookup(
    'canton.semantics.contract-key-workflows',
    'state',
    "Keyed contracts take part in workflows like any other: a keyed asset that a proposal's choice fetches and transfers " +
      "(exercised by the asset's owner) becomes the proposer's, with the same key " +
      `(LAPITT ${LAPITT3}/ContractKeysDivulgenceIT.scala:13); a keyed contract a non-signatory creates through its choice ` +
      'may be archived by its signatory by key and created again through the same choice ' +
      `(${LAPITT3}/ContractKeysIT.scala:439 CKDisclosedContractKeyReusabilityAsSubmitter). Needs the suite's ` +
      'conformance-key-workflows DAR.',
  ),
  submitAndWait(
    'canton.commands.fetch-authorization',
    'auth',
    "A fetch in a choice body needs one of the fetched contract's stakeholders among the authorizers (the choice's controllers " +
      'and the signatories of the contract it is exercised on); readAs lends only visibility: a contract seen through readAs is ' +
      'fetched when a stakeholder of it authorizes, and is DAML_AUTHORIZATION_ERROR (400) "… of the fetched contract to be an ' +
      `authorizer, but authorizers were …" when none does (${LAPITT}/MultiPartySubmissionIT.scala:137, :159).`,
  ),
  submitAndWait(
    'canton.commands.wrongly-typed-contract',
    'error',
    'Exercising a contract through another template than its own is 400 WRONGLY_TYPED_CONTRACT, category 9, also when a ' +
      'correct exercise precedes it in the same submission, and nothing is committed; so is a fetch, in a choice body, of a ' +
      'contract id of another template than the one the choice expects ' +
      '(community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:669; ' +
      `LAPITT ${LAPITT}/WronglyTypedContractIdIT.scala:18, :37; ContractKeysWronglyTypedContractIdIT.scala:17).`,
  ),
  submitAndWait(
    'canton.commands.contract-id-in-values',
    'error',
    'A contract id inside a create argument or a choice argument (also of a create-and-exercise or an exercise by key) is checked when the command ' +
      'is preprocessed: a non-suffixed V1 id is 400 COMMAND_PREPROCESSING_FAILED, cause containing `Illegal Contract ID`; a ' +
      'suffixed V1 id is accepted without looking the contract up ' +
      '(community/daml-lf/engine/src/main/scala/com/digitalasset/daml/lf/engine/Error.scala:139; ' +
      `LAPITT ${LAPITT}/ContractIdIT.scala:106, :138, :148, :161; ${LAPITT3}/ContractKeysContractIdIT.scala:168).`,
  ),
  lookup(
    'canton.semantics.non-consuming-archives-nothing',
    'event',
    "A non-consuming choice archives nothing: its transaction's ledger-effects view shows the exercised event with " +
      'consuming false, its ACS-delta view no archive of the contract, and the contract can be exercised again ' +
      `(LAPITT ${LAPITT}/TransactionServiceExerciseIT.scala:84).`,
  ),
  lookup(
    'canton.update-by-offset.filter-unknown-package-name',
    'error',
    'A template filter `#<name>:<Module>:<Entity>` whose package name the node does not know is 404 PACKAGE_NAMES_NOT_FOUND; ' +
      'one whose package name is known but has no template of that qualified name is 404 ' +
      'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME (category 11 both; IndexServiceImpl.getUpdateBy checks the format ' +
      'with checkUnknownIdentifiers: community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/index/' +
      `IndexServiceImpl.scala:327, :781-846; LAPITT ${LAPITT}/UpgradingIT.scala:105, :157).`,
  ),
  submitAndWait(
    'canton.commands.consumed-by-another-party',
    'state',
    "A contract consumed by one of its parties cannot be consumed by another: after the owner's Transfer of an Iou, the " +
      "payer's Archive of it is 404 CONTRACT_NOT_FOUND " +
      '(community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/ConsistencyErrors.scala:80; ' +
      `LAPITT ${LAPITT}/SemanticTests.scala:163).`,
  ),
  submitAndWait(
    'canton.commands.archive-vs-non-consuming',
    'state',
    'Of concurrent exercises of one contract, one consuming and several non-consuming, the consuming one commits once and ' +
      'every non-consuming one that commits does so at an offset before it; one submitted after the archive is 404 ' +
      'CONTRACT_NOT_FOUND (LAPITT community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3/' +
      'RaceConditionIT.scala:169).',
  ),
  submitAndWait(
    'canton.commands.divulged-contract-not-usable',
    'state',
    "A contract only divulged to a party (it witnessed a fetch of it, CantonExamples' Divulgence.Divulge) cannot be used by " +
      "that party: a fetch of it in a choice the party exercises, authorized by the contract's owner, is 404 " +
      'CONTRACT_NOT_FOUND, while the same exercise on a contract the party is a stakeholder of commits; the submitting ' +
      'participant looks contracts up for the submitters only ' +
      `(${INTERPRETER}:278 lookupActiveContract(readers, ...), :322 ContractNotFound; ` +
      `LAPITT ${LAPITT}/SemanticTests.scala:549).`,
  ),
  submitAndWait(
    'canton.commands.archive-vs-fetch',
    'state',
    "Of an archive of an Iou racing fetches of it (CantonExamples' Divulgence.Divulge), every fetch that commits does so " +
      'at an offset before the archive; one submitted after the archive is 404 CONTRACT_NOT_FOUND ' +
      `(${INTERPRETER}:278, :322; LAPITT community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/` +
      'v2_3/RaceConditionIT.scala:190).',
  ),
  lookup(
    'canton.update-by-offset.empty-filters-invalid-argument',
    'error',
    'An update format whose filtersByParty and filtersForAnyParty are both empty is 400 INVALID_ARGUMENT, its cause naming ' +
      `filtersForAnyParty (Canton's sentence: \`filtersByParty and filtersForAnyParty cannot be empty simultaneously\`, ${VALIDATION}/FormatValidator.scala:50; ` +
      `LAPITT ${LAPITT}/TransactionServiceValidationIT.scala:20).`,
  ),
  lookup(
    'canton.update-by-offset.update-format-missing-field',
    'error',
    'update-by-offset without an updateFormat is 400 MISSING_FIELD, its cause naming the field update_format ' +
      `(${VALIDATION}/UpdateServiceRequestValidator.scala:95; cause in community/ledger/ledger-api-core/src/main/scala/com/digitalasset/` +
      `canton/ledger/error/groups/RequestValidationErrors.scala:324; LAPITT ${LAPITT}/TransactionServiceValidationIT.scala:111).`,
  ),
  lookup(
    'canton.semantics.template-filter-exercise-results',
    'event',
    'A template filter shows what an exercise did to contracts of that template: in the ACS-delta shape the archive of ' +
      'the exercised contract (its contract id and template) and the create of the contract the choice made ' +
      `(LAPITT ${LAPITT}/TransactionServiceExerciseIT.scala:47).`,
  ),
  lookup(
    'canton.semantics.package-name-in-events',
    'event',
    "Created, archived and exercised events carry the name of their template's package as packageName " +
      `(LAPITT ${LAPITT}/UpgradingIT.scala:636; ${STORE}/dao/events/LfValueTranslation.scala:275, :335; TransactionLogUpdatesConversions.scala:361, :475).`,
  ),
  lookup(
    'canton.semantics.representative-package-id',
    'event',
    "A created event's representativePackageId is, for a contract created by a submission, the package id of the template " +
      "it was created with, the package of the event's own templateId (a node may hold several versions of the package) " +
      `(community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/index/InMemoryStateUpdater.scala:411; LAPITT ${LAPITT}/UpgradingIT.scala:700, :725-729).`,
  ),
] as const;
