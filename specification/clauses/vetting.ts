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

const validate = cantonEndpointClauses('dars-validate');
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
] as const;
