/**
 * JSON Schemas of the configuration file and of a fixtures file. Defaults live here (ajv `useDefaults`),
 * so a config may leave out everything but what differs from them.
 */

const httpUrl = { type: 'string', pattern: '^https?://[^\\s/$.?#].[^\\s]*$' } as const;
const partyAlias = { type: 'string', pattern: '^[A-Za-z0-9_-]+$' } as const;
const versionNumber = '^\\d+\\.\\d+\\.\\d+$';
const partyId = '^[^:]+(:[^:]+)*::[^:]+$';
const packageId = '^[0-9a-f]{64}$';

/** What each pattern of these schemas means, in words: what a user is told instead of the regular expression. */
export const patternMeanings: Record<string, string> = {
  [httpUrl.pattern]: 'an http:// or https:// URL (e.g. http://127.0.0.1:7575)',
  [partyAlias.pattern]: 'a name of letters, digits, "-" and "_"',
  [versionNumber]: 'a version MAJOR.MINOR.PATCH (e.g. 0.7.5)',
  [partyId]: 'a party id HINT::FINGERPRINT (e.g. Alice::1220…)',
  [packageId]: 'a package id: 64 lowercase hexadecimal digits',
};

const authSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { enum: ['none', 'static', 'hs256', 'rs256', 'es256', 'oauth2'] },
  },
  allOf: [
    {
      if: { required: ['kind'], properties: { kind: { const: 'static' } } },
      then: { properties: { kind: true, token: { type: 'string', minLength: 1 } }, additionalProperties: false },
    },
    {
      if: { required: ['kind'], properties: { kind: { const: 'hs256' } } },
      then: {
        required: ['secret'],
        properties: {
          kind: true,
          secret: { type: 'string', minLength: 1 },
          audience: { type: 'string', minLength: 1 },
          scope: { type: 'string', minLength: 1 },
          tokenLifetimeSeconds: { type: 'integer', minimum: 10, default: 3600 },
        },
        additionalProperties: false,
      },
    },
    {
      if: { required: ['kind'], properties: { kind: { enum: ['rs256', 'es256'] } } },
      then: {
        required: ['privateKey'],
        properties: {
          kind: true,
          privateKey: { type: 'string', minLength: 1, description: 'PEM (PKCS#8) text, or a path to a PEM file' },
          keyId: { type: 'string' },
          audience: { type: 'string', minLength: 1 },
          scope: { type: 'string', minLength: 1 },
          tokenLifetimeSeconds: { type: 'integer', minimum: 10, default: 3600 },
        },
        additionalProperties: false,
      },
    },
    {
      if: { required: ['kind'], properties: { kind: { const: 'oauth2' } } },
      then: {
        required: ['tokenUrl', 'clientId', 'clientSecret'],
        properties: {
          kind: true,
          tokenUrl: httpUrl,
          clientId: { type: 'string', minLength: 1 },
          clientSecret: { type: 'string', minLength: 1 },
          audience: { type: 'string' },
          scope: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    {
      if: { required: ['kind'], properties: { kind: { const: 'none' } } },
      then: { properties: { kind: true }, additionalProperties: false },
    },
  ],
} as const;

/** `targets.<name>.features`: what the target has; `Features` (types.ts) is its type. */
export const featuresSchema = {
  type: 'object',
  default: {},
  properties: {
    ledgerApiVersion: { enum: ['3.4', '3.5'], default: '3.5' },
    /** `GET /v2/traffic/accounts/{account-id}` is exposed (traffic-enforcement enabled). */
    trafficAccounts: { type: 'boolean', default: false },
    interactiveSubmission: { type: 'boolean', default: true },
    /** Ledger API authorization is enabled (tokens are checked). */
    authorization: { type: 'boolean', default: true },
    /** Splice version of the scan, e.g. "0.7.5"; decides which removed scan endpoints must answer 404. */
    scanVersion: { type: 'string', pattern: versionNumber, default: '0.7.5' },
    /** The fixtures name a seeded reassignment the suites may look up. */
    reassignmentFixture: { type: 'boolean', default: false },
    /** A fixture party is hosted on several participants. */
    multiHostedParty: { type: 'boolean', default: false },
    /**
     * The target accepts the synthetic DARs the suite builds itself (generators/dar/builder.ts). Only the
     * embedded reference target does: a real node decodes and type-checks the Daml-LF of every DALF.
     */
    syntheticDars: { type: 'boolean', default: false },
    /**
     * How many synchronizers the participant is connected to (default 1). Canton auto-detects the synchronizer of
     * `dars/validate` (and of vetting uploads) only when it is connected to exactly one. The embedded reference
     * answers as Canton does with 0 or 2+ (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER).
     */
    connectedSynchronizers: { type: 'integer', minimum: 0, maximum: 1000, default: 1 },
    /**
     * The user-management routes of Canton's JSON API (`/v2/users`, `/v2/users/{id}`, rights) may be used by
     * the suites: they create users with generated ids and annotations, and delete them again. Needs a
     * participant_admin user in the fixtures.
     */
    userManagement: { type: 'boolean', default: false },
  },
  additionalProperties: false,
} as const;

const targetSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { enum: ['reference', 'remote'] },
  },
  allOf: [
    {
      if: { required: ['kind'], properties: { kind: { const: 'reference' } } },
      then: {
        properties: {
          kind: true,
          port: { type: 'integer', minimum: 0, maximum: 65535, default: 0 },
          scanPort: { type: 'integer', minimum: 0, maximum: 65535, default: 0 },
          fixtures: { type: ['string', 'object'] },
          auth: { ...authSchema, default: { kind: 'none' } },
          features: featuresSchema,
        },
        additionalProperties: false,
      },
    },
    {
      if: { required: ['kind'], properties: { kind: { const: 'remote' } } },
      then: {
        required: ['participant'],
        properties: {
          kind: true,
          participant: httpUrl,
          scan: httpUrl,
          fixtures: { type: ['string', 'object'] },
          auth: { ...authSchema, default: { kind: 'none' } },
          features: featuresSchema,
        },
        additionalProperties: false,
      },
    },
  ],
} as const;

/** `run`: how the suites run; `RunConfig` (types.ts) is its type, the `run` command's flags set its keys (config/options.ts). */
export const runSchema = {
  type: 'object',
  default: {},
  properties: {
    profile: { enum: ['spec', 'canton'], default: 'spec' },
    /** fast-check runs per property. */
    cases: { type: 'integer', minimum: 1, maximum: 100000, default: 50 },
    /** Fixed seed; when absent a seed is drawn once per run and printed. */
    seed: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
    concurrency: { type: 'integer', minimum: 1, maximum: 64, default: 4 },
    timeoutScale: { type: 'number', exclusiveMinimum: 0, maximum: 100, default: 1 },
    /** Per-request timeout before scaling, in ms (raised for a node whose measured latency needs more). */
    requestTimeoutMs: { type: 'integer', minimum: 100, maximum: 600000, default: 10000 },
    /** Requests in flight at most in each suite worker (the run: at most `concurrency` × `inFlight`). */
    inFlight: { type: 'integer', minimum: 1, maximum: 256, default: 16 },
    /** Idempotent reads (GET) sent again up to this many times after a transport fault (0: never); never writes. */
    retryTransport: { type: 'integer', minimum: 0, maximum: 10, default: 0 },
    /** The run stops (exit 4) when every request to the node has been refused for this many seconds. */
    deadNodeSeconds: { type: 'integer', minimum: 1, maximum: 3600, default: 20 },
    reportDir: { type: 'string', minLength: 1, default: 'out/conformance' },
    include: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    exclude: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    readOnly: { type: 'boolean', default: false },
    /** Check the tool's own set-up against the node before any test (harness/runner/preflight.ts); `--no-preflight` skips it. */
    preflight: { type: 'boolean', default: true },
    /** Checks to run (check names); empty: every check. Validated against the check registry by the runner. */
    checks: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    /** Checks switched off. */
    excludeChecks: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    /** `certified`: a run whose verdict is anything else exits non-zero (exit code 8), like `--require certified`. */
    require: { enum: ['certified'] },
  },
  additionalProperties: false,
} as const;

/** `load`: the load harness; `LoadConfig` (types.ts) is its type. */
export const loadSchema = {
  type: 'object',
  default: {},
  properties: {
    resultDir: { type: 'string', minLength: 1, default: 'out/load' },
    /** Thresholds like `p99 < 250ms`, `errors < 1%`, `rps > 500`. */
    thresholds: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    /** Relative tolerance for baseline comparison (0.1 = 10%). */
    baselineTolerance: { type: 'number', minimum: 0, maximum: 10, default: 0.1 },
    /** Open model: sending threads per process; absent = every core of the machine. */
    workers: { type: 'integer', minimum: 1, maximum: 256 },
    scenarios: { type: 'object', additionalProperties: { type: 'object' }, default: {} },
  },
  additionalProperties: false,
} as const;

export const configFileSchema = {
  $id: 'ledger-conformance/config',
  type: 'object',
  required: ['targets'],
  properties: {
    target: { type: 'string', minLength: 1, default: 'reference' },
    targets: {
      type: 'object',
      minProperties: 1,
      additionalProperties: targetSchema,
    },
    run: runSchema,
    load: loadSchema,
  },
  additionalProperties: false,
} as const;

const permission = {
  enum: ['PARTICIPANT_PERMISSION_SUBMISSION', 'PARTICIPANT_PERMISSION_CONFIRMATION', 'PARTICIPANT_PERMISSION_OBSERVATION'],
} as const;
const templateFixture = {
  type: 'object',
  required: ['templateId', 'createArguments'],
  properties: {
    templateId: { type: 'string', minLength: 1 },
    signatories: { type: 'array', items: { type: 'string' } },
    createArguments: { type: 'object' },
    key: { type: 'object' },
    choices: { type: 'object', additionalProperties: { type: 'object' } },
  },
  additionalProperties: false,
} as const;

/** A fixtures file; `Fixtures` (types.ts) is its type. */
export const fixturesSchema = {
  $id: 'ledger-conformance/fixtures',
  type: 'object',
  required: ['participantId', 'synchronizerId', 'parties', 'users', 'package', 'templates', 'dar', 'scan'],
  properties: {
    participantId: { type: 'string', minLength: 1 },
    synchronizerId: { type: 'string', minLength: 1 },
    parties: {
      type: 'array',
      items: {
        type: 'object',
        required: ['alias', 'id'],
        properties: {
          alias: partyAlias,
          id: { type: 'string', minLength: 3, pattern: partyId },
          /** Participants hosting the party, when it is hosted on more than this one. */
          hostedOn: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['participantId', 'permission'],
              properties: { participantId: { type: 'string' }, permission },
              additionalProperties: false,
            },
          },
          external: {
            type: 'object',
            required: ['publicKey', 'fingerprint'],
            properties: {
              /** Raw 32-byte Ed25519 public key, base64. */
              publicKey: { type: 'string', minLength: 1 },
              /** PKCS#8 DER Ed25519 private key, base64. Needed by the suites to sign; never by the target. */
              privateKey: { type: 'string', minLength: 1 },
              /**
               * Canton's fingerprint of the key, the `signedBy` of this party's signatures: "1220" + hex(SHA-256(int32
               * big-endian 12 ‖ raw public key)), 12 being the hash purpose PublicKeyFingerprint.
               */
              fingerprint: { type: 'string', minLength: 1 },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
    users: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 128 },
          /** Party alias. */
          primaryParty: partyAlias,
          isDeactivated: { type: 'boolean', default: false },
          rights: {
            type: 'object',
            default: {},
            properties: {
              actAs: { type: 'array', items: partyAlias, default: [] },
              readAs: { type: 'array', items: partyAlias, default: [] },
              executeAs: { type: 'array', items: partyAlias, default: [] },
              admin: { type: 'boolean', default: false },
              /** Canton's CanReadAsAnyParty right (reading with `filtersForAnyParty`); participant_admin does not imply it. */
              readAsAnyParty: { type: 'boolean', default: false },
            },
            additionalProperties: false,
          },
          metadata: {
            type: 'object',
            default: {},
            properties: { annotations: { type: 'object', additionalProperties: { type: 'string' }, default: {} } },
            additionalProperties: false,
          },
          identityProviderId: { type: 'string', default: '' },
          /** Static bearer token of this user (auth kind `static`), when tokens cannot be minted. */
          token: { type: 'string', minLength: 1 },
          /** OAuth2 client credentials of this user (auth kind `oauth2`). */
          clientId: { type: 'string', minLength: 1 },
          clientSecret: { type: 'string', minLength: 1 },
        },
        additionalProperties: false,
      },
    },
    package: {
      type: 'object',
      required: ['name', 'id'],
      properties: { name: { type: 'string', minLength: 1 }, id: { type: 'string', pattern: packageId } },
      additionalProperties: false,
    },
    templates: {
      type: 'object',
      required: ['iou', 'getCash'],
      properties: {
        iou: templateFixture,
        getCash: templateFixture,
        /**
         * A template with a contract key, and an interface Iou implements. Canton's own CantonExamples (Daml-LF 2.1)
         * has neither: the tests that need them are skipped when the fixtures leave them out.
         */
        keyedAccount: templateFixture,
        /** A template with an `Optional Int64` field (CantonExamples' TrailingNone), for the Daml-LF Int64 encoding. */
        trailingNone: templateFixture,
        allTypes: templateFixture,
        swap: templateFixture,
        assetInterface: {
          type: 'object',
          required: ['interfaceId', 'view'],
          properties: {
            interfaceId: { type: 'string', minLength: 1 },
            view: { type: 'object', additionalProperties: { type: 'string' } },
            /**
             * A template implementing the interface, when the model's Iou does not (the suite's conformance-interfaces:
             * Asset:Token): `signatories` names its signatory field; its `owner` field is the view's owner.
             */
            implementation: templateFixture,
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    /** Path of a valid DAR file (absolute once loaded). */
    dar: { type: 'string', minLength: 1 },
    /**
     * The suite's own DARs (daml/dars/, type-checked by Canton's Daml-LF tools) the node has, by model name, as
     * `provision` uploaded them: package id, name, version, and the qualified names of their templates and interfaces.
     */
    suitePackages: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['id', 'name', 'version'],
        properties: {
          id: { type: 'string', pattern: packageId },
          name: { type: 'string', minLength: 1 },
          version: { type: 'string', minLength: 1 },
          templates: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
          interfaces: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
        },
        additionalProperties: false,
      },
    },
    trafficAccount: {
      type: 'object',
      required: ['accountId', 'party', 'balance'],
      properties: { accountId: { type: 'string', minLength: 1 }, party: partyAlias, balance: { type: 'integer' } },
      additionalProperties: false,
    },
    seededUpdates: {
      type: 'object',
      default: {},
      properties: {
        topologyOffset: { type: 'integer', minimum: 1 },
        transactionOffset: { type: 'integer', minimum: 1 },
        reassignmentOffset: { type: 'integer', minimum: 1 },
        checkpointOffset: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    scan: {
      type: 'object',
      required: ['synchronizerId', 'members', 'parties'],
      properties: {
        synchronizerId: { type: 'string', minLength: 1 },
        members: {
          type: 'object',
          required: ['unknown'],
          properties: {
            topUpInProgress: { type: 'string' },
            topUpComplete: { type: 'string' },
            unknown: { type: 'string' },
          },
          additionalProperties: false,
        },
        parties: {
          type: 'object',
          required: ['singleHosted', 'unknown'],
          properties: {
            singleHosted: { type: 'string' },
            multiHosted: { type: 'string' },
            unknown: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
