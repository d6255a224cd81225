/**
 * The resolved configuration: what `loadConfig` returns after YAML, .env, environment and CLI flags are
 * merged, secrets resolved and everything validated. Every module downstream reads these types only.
 * `Features`, `RunConfig` and `LoadConfig` are derived from the config's JSON Schema (config/schema.ts), so a new
 * key is written once, there.
 */
import type { featuresSchema, loadSchema, runSchema } from './schema.js';
import type { FromSchema } from './schema-types.js';

export type ProfileName = RunConfig['profile'];
export type LedgerApiVersion = Features['ledgerApiVersion'];
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

/** What the target has (`targets.<name>.features` of the config schema), and whether it tolerates writes. */
export type Features = FromSchema<typeof featuresSchema> & {
  /** The target tolerates writes (commands, DAR uploads). `--read-only` turns this off. */
  writes: boolean;
};

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

/** `run` of the config schema (config/schema.ts `runSchema`), defaults filled in. */
export type RunConfig = FromSchema<typeof runSchema>;

/** `load` of the config schema (config/schema.ts `loadSchema`), defaults filled in. */
export type LoadConfig = FromSchema<typeof loadSchema>;

export interface ResolvedConfig {
  /** The file the config was read from (for messages). */
  source: string;
  target: TargetConfig;
  run: RunConfig;
  load: LoadConfig;
}
