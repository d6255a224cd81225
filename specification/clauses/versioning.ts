/** Clauses of the Versioning section, one per bullet (split where a bullet states several facts). */
import { clauseGroup, notShownGroup } from './define.js';
import { endpointRequirements, removalRequirements } from '../endpoints.js';

const versioning = clauseGroup({ section: 'Versioning' });
const versioningNotShown = notShownGroup({ section: 'Versioning' });

const PATHS =
  'Area A paths carry the prefix `/v2`; readiness is unversioned (`/readyz`). Scan paths carry `/v0` or `/v1`; `/v1` participant-id lookup (added 0.5.17) supersedes the `/v0` one by supporting several hosting participants.';
const RELEASE_3_5 =
  'Ledger interface release 3.5: `GET /v2/traffic/accounts/{account-id}` and `GET /readyz` added; the execute, update-by-offset, authenticated-user, submit-and-wait, packages, dars and dars/validate operations changed.';
const PACKAGE_ID_DEPRECATED =
  'The package-id reference format for template and interface identifiers is deprecated; support was announced to end in version 3.4. Package-name references are the alternative.';
const HASHING =
  '`hashingSchemeVersion` selects the hashing scheme: `HASHING_SCHEME_VERSION_V2` or `HASHING_SCHEME_VERSION_V3` (`HASHING_SCHEME_VERSION_UNSPECIFIED` also allowed).';
const SCAN_REMOVALS =
  'Scan: `/v0/rewards-collected` and `/v0/round-of-latest-data` deprecated in 0.5.10 and removed in 0.6.7; `/v0/top-validators-by-validator-faucets` removed in 0.6.6.';
const ANNOUNCEMENT = 'announces a deprecation; nothing observable on a target';

export const versioningClauses = [
  versioning('versioning.area-a.prefix-v2', 'versioning', PATHS),
  versioning('versioning.readyz.unversioned', 'versioning', PATHS, { endpoint: 'readyz', features: ['ledgerApi3.5'] }),
  versioning('versioning.scan.prefix-v0-v1', 'versioning', PATHS),
  versioning('versioning.scan.participant-id-v1-supersedes-v0', 'versioning', PATHS, {
    endpoint: 'scan.participant-id-v1',
    features: [...endpointRequirements('scan.participant-id-v1'), 'multiHostedParty'],
  }),
  versioning('versioning.ledger-api-3.5.traffic-account-added', 'versioning', RELEASE_3_5, {
    endpoint: 'traffic-account',
    features: ['ledgerApi3.5', 'trafficAccounts'],
  }),
  versioning('versioning.ledger-api-3.5.readyz-added', 'versioning', RELEASE_3_5, {
    endpoint: 'readyz',
    features: ['ledgerApi3.5'],
  }),
  versioning('versioning.ledger-api-3.5.operations-changed', 'versioning', RELEASE_3_5, {
    untestable: 'says the operations changed without saying how',
  }),
  versioning('versioning.package-id-format.deprecated', 'versioning', PACKAGE_ID_DEPRECATED, { untestable: ANNOUNCEMENT }),
  versioning('versioning.package-name-format.accepted', 'versioning', PACKAGE_ID_DEPRECATED, {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  versioning(
    'versioning.packages-upload.slated-for-removal',
    'versioning',
    '`POST /v2/packages` is slated for deprecation and removal in favour of `POST /v2/dars`.',
    { endpoint: 'packages-upload', untestable: ANNOUNCEMENT },
  ),
  versioning('versioning.hashingSchemeVersion.values', 'versioning', HASHING, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),
  versioning('versioning.scan.rewards-collected.removed-0.6.7', 'versioning', SCAN_REMOVALS, {
    endpoint: 'scan.rewards-collected',
    features: removalRequirements('scan.rewards-collected'),
  }),
  versioning('versioning.scan.round-of-latest-data.removed-0.6.7', 'versioning', SCAN_REMOVALS, {
    endpoint: 'scan.round-of-latest-data',
    features: removalRequirements('scan.round-of-latest-data'),
  }),
  versioning('versioning.scan.top-validators.removed-0.6.6', 'versioning', SCAN_REMOVALS, {
    endpoint: 'scan.top-validators',
    features: removalRequirements('scan.top-validators'),
  }),
  versioning('versioning.scan.deprecated-0.5.10', 'versioning', SCAN_REMOVALS, { untestable: ANNOUNCEMENT }),
  versioningNotShown('versioning.selection.not-shown', 'versioning', 'Selection of a version by header or parameter: not shown.'),
];
