/**
 * Issue 27: the packages and scan parts of the model the check engine holds every recorded exchange against
 * (`checks/package-model.ts`, `checks/scan-model.ts`), built only from what the run itself did and read. Where a node may
 * legitimately choose (rounds advancing between two reads, a scan's caches, other parties' uploads on a shared node), the
 * clause states a constraint, not a value.
 */
import { endpointRequirements } from '../endpoints.js';
import { cantonGroup } from './define.js';

const JSON_PACKAGES = 'community/ledger/ledger-json-api/src/main/scala/com/digitalasset/canton/http/json/v2/JsPackageService.scala';
const VALIDATOR =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/PackageUpgradeValidator.scala';
const MODEL_FACTS = '(facts canton: Canton 3.5 source, branch 3.5-open-source-2026-06-10.13)';
const SCAN_FACTS = '(facts scan: splice-scan-api.md, HttpScanHandler and CachingScanStore)';

// GET /v2/packages has no section of its own in the spec: its clauses sit with the upload whose effect they read.
const packages = cantonGroup({ section: 'Endpoints > POST {base_url}/v2/dars', endpoint: 'packages-list', features: ['writes'] });
const validate = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/dars/validate',
  endpoint: 'dars-validate',
  features: ['writes'],
});
const upload = cantonGroup({ section: 'Endpoints > POST {base_url}/v2/dars', endpoint: 'dars-upload', features: ['writes'] });
const SCAN_SECTION = 'Endpoints > Scan endpoints (no authentication headers; responses JSON)';
const dso = cantonGroup({ section: SCAN_SECTION, endpoint: 'scan.dso', features: endpointRequirements('scan.dso') });
const rewards = cantonGroup({
  section: SCAN_SECTION,
  endpoint: 'scan.rewards-collected',
  features: endpointRequirements('scan.rewards-collected'),
});
const latest = cantonGroup({
  section: SCAN_SECTION,
  endpoint: 'scan.round-of-latest-data',
  features: endpointRequirements('scan.round-of-latest-data'),
});

/** The packages part of the model (checks/package-model.ts): the run's own uploads and validations, read back. */
export const packageModelClauses = [
  packages(
    'canton.model.packages-uploaded-listed',
    'state',
    'Every package of a DAR the run uploaded (answered 200 before the list was requested), its main package and each ' +
      'dependency package, with or without vetting, is listed by GET /v2/packages from then on: an upload stores every ' +
      `package of the DAR (${JSON_PACKAGES} uploadDar; ListPackages lists the package store). ${MODEL_FACTS}`,
  ),
  packages(
    'canton.model.packages-listed-once',
    'state',
    'GET /v2/packages lists each package id once, however often its DAR was uploaded (the package store is keyed by ' +
      `package id; a re-upload of a known DAR changes nothing). ${MODEL_FACTS}`,
  ),
  validate(
    'canton.model.packages-validate-no-effect',
    'state',
    'Validating a DAR stores nothing: a package of a DAR the run validated, absent from a list read before the ' +
      'validation, stays absent from every later list until the run uploads it, main and dependency packages alike ' +
      `(${JSON_PACKAGES} validateDar: ValidateDarFile neither stores nor vets). ${MODEL_FACTS}`,
  ),
  upload(
    'canton.model.stateful-packages',
    'state',
    'A random sequence of DAR uploads (POST /v2/dars and POST /v2/packages, vetAllPackages absent, true or false), ' +
      're-uploads, validations and package lists agrees step by step with the model built from the sequence itself: an ' +
      'upload or validation is accepted unless another package of a name and version it holds is vetted (then ' +
      'KNOWN_PACKAGE_VERSION), uploaded packages are listed once each, validated ones are not. ' +
      MODEL_FACTS,
  ),
  upload(
    'canton.model.packages-vetted-by-default',
    'state',
    'An upload that does not say vetAllPackages=false vets every package of its DAR: once it is answered, validating or ' +
      'vetting another package of the same name and version (both with templates) is refused KNOWN_PACKAGE_VERSION, never ' +
      `accepted (vetAllPackages defaults to true; ${VALIDATOR}:166 validateVersion). ${MODEL_FACTS}`,
  ),
] as const;

/** The scan part of the model (checks/scan-model.ts): the rounds and figures the run read, over time. */
export const scanModelClauses = [
  dso(
    'canton.model.scan-rounds-monotone',
    'state',
    'Rounds never go back between reads: the latest aggregated round of round-of-latest-data (and its effectiveAt: one ' +
      'time per round, later for a later round) and the open mining round of GET /v0/dso are never below what an ' +
      'earlier read (answered before the request was sent) showed, and a round reported aggregated is not answered ' +
      '"No data has been made available yet" afterwards. Rounds may advance between reads; a scan caches, but one ' +
      `scan's cache does not go back. ${SCAN_FACTS}`,
  ),
  rewards(
    'canton.model.scan-round-figures',
    'state',
    "A closed round's rewards-collected figure never changes between reads; the total without a round (cumulative up to " +
      'the latest aggregated round) never decreases; and the figures of distinct rounds the run read that the total must ' +
      'include (rounds at least two behind the earliest latest round read before the total: the total is cached up to 2 ' +
      `minutes) sum to no more than the total (figures are non-negative). ${SCAN_FACTS}`,
  ),
  dso(
    'canton.model.stateful-scan',
    'state',
    'A random sequence of scan reads (the latest aggregated round, the DSO with its open mining round, the total and ' +
      'per-round rewards, the top validators) agrees step by step with the model built from the reads before it: rounds ' +
      'never go back, a closed round keeps its figure, the total covers the rounds it includes, a leaderboard is ordered ' +
      `and no longer than its limit. ${SCAN_FACTS}`,
  ),
  latest(
    'canton.model.scan-open-closed-rounds',
    'state',
    'Endpoints read at about the same time agree: the open mining round GET /v0/dso shows is never below the latest ' +
      'aggregated (closed) round round-of-latest-data answered before the dso was requested (a round is aggregated only ' +
      `after it closed, and rounds open in order). ${SCAN_FACTS}`,
  ),
] as const;
