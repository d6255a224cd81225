/**
 * The resolved configuration: what `loadConfig` returns after YAML, .env, environment and CLI flags are
 * merged, secrets resolved and everything validated. Every module downstream reads these types only.
 * `Fixtures`, `Features`, `RunConfig` and `LoadConfig` are derived from the JSON Schemas of config/schema.ts, so a
 * new key is written once, there. `AuthConfig` and the target configs (kind-dependent `if`/`then` schemas, and fields
 * the loader resolves) are written out here.
 */
import type { featuresSchema, fixturesSchema, loadSchema, runSchema } from './schema.js';
import type { FromSchema } from './schema-types.js';

export type ProfileName = RunConfig['profile'];
export type LedgerApiVersion = Features['ledgerApiVersion'];
/** A fixtures file (config/schema.ts `fixturesSchema`), defaults filled in; `dar` made absolute by the loader. */
export type Fixtures = FromSchema<typeof fixturesSchema>;
export type PartyFixture = Fixtures['parties'][number];
export type UserFixture = Fixtures['users'][number];
export type TemplateFixture = Fixtures['templates']['iou'];

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
  /** The target's fixtures file (absolute), when they are not inline: a report names it, and `replay` reads it again. */
  fixturesFile?: string;
}
