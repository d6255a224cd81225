/**
 * Vetting on the DAR endpoints (issue 18, point 6), as Canton 3.5 behaves (canton profile). Each clause cites the Canton
 * source (branch 3.5-open-source-2026-06-10.13) that decides it.
 *
 * What is vetted is listed in 3.5 only by `POST /v2/package-vetting/list` (and the deprecated `GET /v2/package-vetting`;
 * community/ledger/ledger-json-api/src/main/scala/com/digitalasset/canton/http/json/v2/JsPackageService.scala:249, :274),
 * a route this tool does not certify. The clauses below observe vetting through the certified routes instead: a package
 * is vetted exactly when validating (or vetting) another package of its name and version is KNOWN_PACKAGE_VERSION.
 */
import { cantonEndpointClauses } from './define.js';

const VALIDATOR =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/PackageUpgradeValidator.scala';
const TOPOLOGY_ERRORS = 'community/base/src/main/scala/com/digitalasset/canton/topology/TopologyManagerError.scala';
const VETTING_IT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2/VettingIT.scala';
const JSON_PACKAGES = 'community/ledger/ledger-json-api/src/main/scala/com/digitalasset/canton/http/json/v2/JsPackageService.scala';

const UPGRADING_IT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2/UpgradingIT.scala';
const JSON_UPGRADING =
  'community/upgrading-integration-tests/src/test/scala/com/digitalasset/canton/integration/tests/upgrading/JsonUpgradingTests.scala';
const TAPS =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/execution/TopologyAwareCommandExecutor.scala';

const validate = cantonEndpointClauses('dars-validate');
const submitUpgrade = cantonEndpointClauses('submit-and-wait', ['writes']);
const upload = cantonEndpointClauses('dars-upload', ['writes']);

export const vettingClauses = [
  validate(
    'canton.vetting.validate-known-package-version',
    'error',
    'Validating a DAR with a package of the same name and version as a vetted package but another package id is 400 ' +
      'KNOWN_PACKAGE_VERSION, category 8, cause `Tried to vet two packages with the same name and version` ' +
      `(${VALIDATOR}:166 validateVersion; code ${TOPOLOGY_ERRORS}:1277; LAPITT ${VETTING_IT}:921).`,
  ),
  validate(
    'canton.vetting.validate-not-valid-upgrade',
    'error',
    'Validating a later version of a vetted package that is no valid upgrade of it (here: a template dropped) is 400 ' +
      'NOT_VALID_UPGRADE_PACKAGE, category 8, cause `Upgrade checks indicate that` ' +
      `(${VALIDATOR}:187 strictTypecheckUpgrades; code ${TOPOLOGY_ERRORS}:1236; LAPITT ${VETTING_IT}:921).`,
  ),
  validate(
    'canton.vetting.validate-not-listed',
    'state',
    'A validated DAR is not stored: GET /v2/packages does not list its packages afterwards, and lists them once the DAR ' +
      `is uploaded (${JSON_PACKAGES}:139 validateDar calls ValidateDarFile, which neither stores nor vets; ` +
      'community/app/src/test/scala/com/digitalasset/canton/integration/tests/jsonapi/JsonV2Tests.scala:126).',
  ),
  upload(
    'canton.vetting.upload-vets-dependencies',
    'state',
    'An upload with vetting vets every package of the DAR, its dependencies included: another package of a dependency’s ' +
      `name and version is then KNOWN_PACKAGE_VERSION (${VALIDATOR}:68 validateUpgrade checks the lineage of each dependency; ` +
      `LAPITT ${VETTING_IT}:498).`,
  ),
  upload(
    'canton.vetting.no-vetting-vets-nothing',
    'state',
    'An upload with vetAllPackages=false vets none of its packages: another package of the same name and version then ' +
      `validates (${JSON_PACKAGES}:164 passes vetAllPackages to UploadDarFile; LAPITT ${VETTING_IT}:800).`,
  ),
  upload(
    'canton.packages.uploaded-listed',
    'state',
    'After an upload answers 200, GET /v2/packages lists its main package id ' +
      '(community/app/src/test/scala/com/digitalasset/canton/integration/tests/jsonapi/JsonV2Tests.scala:126).',
  ),
  upload(
    'canton.upgrades.invalid-upgrade-upload-refused',
    'error',
    'Uploading (with vetting) a later version of a vetted package that is no valid upgrade of it is 400 NOT_VALID_UPGRADE_PACKAGE, ' +
      'category 8, cause `Upgrade checks indicate that`, after the valid upgrade of the same lineage was uploaded ' +
      `(${VALIDATOR}:68 validateUpgrade runs on upload as on validate; code ${TOPOLOGY_ERRORS}:1236; LAPITT ${VETTING_IT}:921).`,
  ),
  submitUpgrade(
    'canton.upgrades.package-name-highest-vetted',
    'state',
    'A command naming a template by package name (`#name:Module:Entity`) with no packageIdSelectionPreference uses the ' +
      'highest vetted version of that name: before a valid upgrade is vetted its events name the first version’s package ' +
      `id, after it the upgrade’s (${TAPS}:94-99 the highest-versioned commonly vetted package; LAPITT ${UPGRADING_IT}:755).`,
  ),
  submitUpgrade(
    'canton.upgrades.exercise-per-command-version',
    'state',
    'A contract created with a package version, exercised by package name once a valid upgrade is vetted, is exercised as ' +
      'the upgrade: the exercise takes the upgrade’s choice argument (a new optional field), its exercised event names the ' +
      `upgrade’s package id, and the contract it creates is the upgrade’s, with that field (LAPITT ${UPGRADING_IT}:755 UChoicePackageId).`,
  ),
  submitUpgrade(
    'canton.upgrades.create-per-package-id',
    'state',
    'A create naming a package id uses that version whatever is vetted after it: the upgrade takes the first version’s ' +
      'payload (its added optional field absent), the first version takes the upgrade’s payload with that field null, and ' +
      'refuses it populated with 400 INVALID_ARGUMENT `Unexpected fields`; the created event names the package id sent, ' +
      `also when read through a package-name filter (${JSON_UPGRADING}:87, :98, :110, :161).`,
  ),
  submitUpgrade(
    'canton.upgrades.package-id-selection-preference',
    'state',
    'packageIdSelectionPreference naming an older version makes a package-name command use it: the upgrade’s payload with ' +
      'its added field populated is then 400 INVALID_ARGUMENT `Unexpected fields`, where the same command without the ' +
      `preference is accepted as the highest version (${TAPS}:152 the preference restricts the package preference set; ` +
      `${JSON_UPGRADING}:128).`,
  ),
] as const;
