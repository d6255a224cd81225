/**
 * The resolved configuration: what `loadConfig` returns after YAML, .env, environment and CLI flags are
 * merged, secrets resolved and everything validated. Every module downstream reads these types only.
 */

export type ProfileName = 'spec' | 'canton';
export type LedgerApiVersion = '3.4' | '3.5';
export type ParticipantPermission =
  'PARTICIPANT_PERMISSION_SUBMISSION' | 'PARTICIPANT_PERMISSION_CONFIRMATION' | 'PARTICIPANT_PERMISSION_OBSERVATION';

export interface ExternalPartyKey {
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKey: string;
  /** PKCS#8 DER Ed25519 private key, base64. Needed by the suites to sign; never by the target. */
  privateKey?: string;
  /**
   * Canton's fingerprint of the key, the `signedBy` of this party's signatures: "1220" + hex(SHA-256(int32
   * big-endian 12 ‖ raw public key)), 12 being the hash purpose PublicKeyFingerprint.
   */
  fingerprint: string;
}

export interface PartyFixture {
  alias: string;
  id: string;
  /** Participants hosting the party, when it is hosted on more than this one. */
  hostedOn?: { participantId: string; permission: ParticipantPermission }[];
  external?: ExternalPartyKey;
}

export interface UserRightsFixture {
  /** Party aliases. */
  actAs: string[];
  readAs: string[];
  executeAs: string[];
  admin: boolean;
  /** Canton's CanReadAsAnyParty right (reading with `filtersForAnyParty`); participant_admin does not imply it. */
  readAsAnyParty: boolean;
}

export interface UserFixture {
  id: string;
  /** Party alias. */
  primaryParty?: string;
  isDeactivated: boolean;
  rights: UserRightsFixture;
  metadata: { annotations: Record<string, string> };
  identityProviderId: string;
  /** Static bearer token of this user (auth kind `static`), when tokens cannot be minted. */
  token?: string;
  /** OAuth2 client credentials of this user (auth kind `oauth2`). */
  clientId?: string;
  clientSecret?: string;
}

export interface TemplateFixture {
  templateId: string;
  signatories?: string[];
  createArguments: Record<string, unknown>;
  key?: Record<string, unknown>;
  choices?: Record<string, Record<string, unknown>>;
}

export interface InterfaceFixture {
  interfaceId: string;
  view: Record<string, string>;
}

export interface Fixtures {
  participantId: string;
  synchronizerId: string;
  parties: PartyFixture[];
  users: UserFixture[];
  package: { name: string; id: string };
  templates: {
    iou: TemplateFixture;
    getCash: TemplateFixture;
    /**
     * A template with a contract key, and an interface Iou implements. Canton's own CantonExamples (Daml-LF 2.1)
     * has neither: the tests that need them are skipped when the fixtures leave them out.
     */
    keyedAccount?: TemplateFixture;
    assetInterface?: InterfaceFixture;
    /** A template with an `Optional Int64` field (CantonExamples' TrailingNone), for the Daml-LF Int64 encoding. */
    trailingNone?: TemplateFixture;
    /**
     * Optional, not in CantonExamples: a template whose argument carries every Daml value type the JSON API encodes
     * (Date, Timestamp, TextMap, a variant, Int64, Numeric, Text, Bool, Optional, List, a nested record), with a choice
     * taking them again. Its Daml source is in the README ("Optional fixture templates"); without it the value-type
     * tests skip with the reason.
     */
    allTypes?: TemplateFixture;
    /** CantonExamples' `Swap:Swap` (its `Accept` asserts): for a failing Daml assert. `iou1` is filled in by the test. */
    swap?: TemplateFixture;
  };
  /** Absolute path of a valid DAR file. */
  dar: string;
  trafficAccount?: { accountId: string; party: string; balance: number };
  seededUpdates: {
    topologyOffset?: number;
    transactionOffset?: number;
    reassignmentOffset?: number;
    checkpointOffset?: number;
  };
  scan: {
    synchronizerId: string;
    members: { topUpInProgress?: string; topUpComplete?: string; unknown: string };
    parties: { singleHosted: string; multiHosted?: string; unknown: string };
  };
}

export type AuthConfig =
  | { kind: 'none' }
  | { kind: 'static'; token?: string }
  | {
      kind: 'hs256';
      secret: string;
      audience?: string;
      scope?: string;
      tokenLifetimeSeconds: number;
    }
  | {
      kind: 'rs256' | 'es256';
      privateKey: string;
      keyId?: string;
      audience?: string;
      scope?: string;
      tokenLifetimeSeconds: number;
    }
  | {
      kind: 'oauth2';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      audience?: string;
      scope?: string;
    };

export interface Features {
  ledgerApiVersion: LedgerApiVersion;
  /** `GET /v2/traffic/accounts/{account-id}` is exposed (traffic-enforcement enabled). */
  trafficAccounts: boolean;
  interactiveSubmission: boolean;
  /** Ledger API authorization is enabled (tokens are checked). */
  authorization: boolean;
  /** Splice version of the scan, e.g. "0.7.5"; decides which removed scan endpoints must answer 404. */
  scanVersion: string;
  /** The fixtures name a seeded reassignment the suites may look up. */
  reassignmentFixture: boolean;
  /** A fixture party is hosted on several participants. */
  multiHostedParty: boolean;
  /** The target tolerates writes (commands, DAR uploads). `--read-only` turns this off. */
  writes: boolean;
  /**
   * The target accepts the synthetic DARs the suite builds itself (generators/dar/builder.ts). Only the
   * embedded reference target does: a real node decodes and type-checks the Daml-LF of every DALF.
   */
  syntheticDars: boolean;
  /**
   * How many synchronizers the participant is connected to (default 1). Canton auto-detects the synchronizer of
   * `dars/validate` (and of vetting uploads) only when it is connected to exactly one. The embedded reference
   * answers as Canton does with 0 or 2+ (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER).
   */
  connectedSynchronizers: number;
  /**
   * The user-management routes of Canton's JSON API (`/v2/users`, `/v2/users/{id}`, rights) may be used by
   * the suites: they create users with generated ids and annotations, and delete them again. Needs a
   * participant_admin user in the fixtures.
   */
  userManagement: boolean;
}

export interface ReferenceTargetConfig {
  kind: 'reference';
  name: string;
  /** Port of the participant interface when served standalone; 0 = any free port. */
  port: number;
  scanPort: number;
  auth: AuthConfig;
  features: Features;
  fixtures: Fixtures;
}

export interface RemoteTargetConfig {
  kind: 'remote';
  name: string;
  /** Base URL of the participant JSON API (paths /v2/... and /readyz below it). */
  participant: string;
  /** Base URL of scan, already including its path prefix (e.g. https://host/api/scan). */
  scan?: string;
  auth: AuthConfig;
  features: Features;
  fixtures: Fixtures;
}

export type TargetConfig = ReferenceTargetConfig | RemoteTargetConfig;

export interface RunConfig {
  profile: ProfileName;
  /** fast-check runs per property. */
  cases: number;
  /** Fixed seed; when absent a seed is drawn once per run and printed. */
  seed?: number;
  concurrency: number;
  timeoutScale: number;
  /** Per-request timeout before scaling, in ms (raised for a node whose measured latency needs more). */
  requestTimeoutMs: number;
  /** Requests in flight at most in each suite worker (the run: at most `concurrency` × `inFlight`). */
  inFlight: number;
  /** Idempotent reads (GET) sent again up to this many times after a transport fault (0: never); never writes. */
  retryTransport: number;
  /** The run stops (exit 4) when every request to the node has been refused for this many seconds. */
  deadNodeSeconds: number;
  reportDir: string;
  include: string[];
  exclude: string[];
  readOnly: boolean;
  /** Check the tool's own set-up against the node before any test (harness/preflight.ts); `--no-preflight` skips it. */
  preflight: boolean;
  /** Checks to run (check names); empty: every check. Validated against the check registry by the runner. */
  checks: string[];
  /** Checks switched off. */
  excludeChecks: string[];
  /** `certified`: a run whose verdict is anything else exits non-zero (exit code 8), like `--require certified`. */
  require?: 'certified';
}

export interface LoadConfig {
  resultDir: string;
  /** Thresholds like `p99 < 250ms`, `errors < 1%`, `rps > 500`. */
  thresholds: string[];
  /** Relative tolerance for baseline comparison (0.1 = 10%). */
  baselineTolerance: number;
  /** Open model: sending threads per process; absent = every core of the machine. */
  workers?: number;
  scenarios: Record<string, Record<string, unknown>>;
}

export interface ResolvedConfig {
  /** The file the config was read from (for messages). */
  source: string;
  target: TargetConfig;
  run: RunConfig;
  load: LoadConfig;
}
