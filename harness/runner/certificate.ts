/**
 * The certificate of a run: what a certifier asks first. Which node and version was tested (its `/v2/version`
 * answer, the scan's `/version`), which features were declared, which build of this tool ran with which clause
 * registry, a digest of the configuration (secrets left out), the seed and the times.
 *
 * Everything here is read at the start of a run; a field that cannot be known says so ("unknown", or the
 * error of the request) instead of being left out or breaking the run.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TransportFault, resolveRequest, type TargetClient } from '../../client/http.js';
import { defaultConfigPath } from '../../config/load.js';
import type { Features, ProfileName, ResolvedConfig } from '../../config/types.js';
import type { Clause } from '../../specification/clauses.js';
import { endpointLabel } from '../../specification/endpoints.js';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What one version request answered: the parsed body, or why there is none. */
export interface VersionAnswer {
  url: string;
  /** HTTP status, absent when no answer came. */
  status?: number;
  /** The answer's JSON body (or its text when not JSON). */
  body?: unknown;
  /** `version` field of the answer, when it has one. */
  version?: string;
  /** Why no usable answer came (connection error, HTTP status). */
  problem?: string;
}

export interface Certificate {
  node: VersionAnswer;
  scan?: VersionAnswer;
  /** The features the configuration declares for the target (they decide skips). */
  features: Features;
  profile: ProfileName;
  tool: { name: string; version: string; commit: string };
  /** sha256 of the clause registry (ids, texts, levels, testability) this build checks against. */
  clauseRegistryDigest: string;
  clauseCount: number;
  /** sha256 of the resolved configuration with every secret removed (see `configurationForDigest`). */
  configDigest: string;
  /** The configuration file the run read ("default": the tool's config/default.yaml). */
  configFile: string;
  seed: number;
  startedAt: string;
  finishedAt: string;
}

/** sha256:<hex> of a value's canonical JSON (object keys sorted, so the same value always gives the same digest). */
export function digestOf(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function clauseRegistryDigest(clauses: readonly Clause[]): string {
  return digestOf(
    clauses.map((clause) => ({
      id: clause.id,
      text: clause.text,
      section: clause.section,
      level: clause.level,
      testable: clause.testable,
      endpoint: clause.endpoint === undefined ? undefined : endpointLabel(clause.endpoint),
    })),
  );
}

const SECRET_KEYS = new Set(['secret', 'privateKey', 'clientSecret', 'token']);

/** The configuration as the digest sees it: secrets dropped (not redacted: their length would leak too). */
function configurationForDigest(config: ResolvedConfig): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !SECRET_KEYS.has(key))
          .map(([key, item]) => [key, strip(item)]),
      );
    }
    return value;
  };
  // The source path, the fixtures' path and the report folder say where the run was made, not what was tested.
  const { source: _source, fixturesFile: _fixturesFile, ...rest } = config;
  const stripped = strip(rest) as { run?: Record<string, unknown> };
  if (stripped.run) {
    const { reportDir: _reportDir, seed: _seed, ...run } = stripped.run;
    stripped.run = run;
  }
  return stripped;
}

const commitCache = new Map<string, string>();

/**
 * The git commit of this build, "unknown" outside a git checkout (a tarball, a container image without .git,
 * no git installed). A build without .git may say its commit in LEDGER_CONFORMANCE_COMMIT.
 */
export function toolCommit(root = repositoryRoot): string {
  const cached = commitCache.get(root);
  if (cached !== undefined) return cached;
  const commit = readCommit(root);
  commitCache.set(root, commit);
  return commit;
}

function readCommit(root: string): string {
  const fromEnvironment = process.env.LEDGER_CONFORMANCE_COMMIT;
  if (fromEnvironment !== undefined && /^[0-9a-f]{7,40}$/.test(fromEnvironment)) return fromEnvironment;
  try {
    // Only a checkout whose top level is this tool's own folder: a tarball unpacked inside another repository is not.
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    if (resolve(top) !== resolve(root)) return 'unknown';
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    return /^[0-9a-f]{40}$/.test(commit) ? `${commit}${dirty === '' ? '' : ' (with uncommitted changes)'}` : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** GET a version endpoint once through the run's client, with `token` when the target needs one. */
async function askVersion(client: TargetClient, endpoint: 'version' | 'scan.version', token: string | undefined): Promise<VersionAnswer> {
  const { api, path } = resolveRequest({ endpoint });
  const url = client.url(api, path);
  try {
    const response = await client.send({ endpoint, headers: { accept: 'application/json' }, ...(token ? { token } : {}) });
    let body: unknown = response.text;
    try {
      body = JSON.parse(response.text);
    } catch {
      // not JSON: kept as text
    }
    const answer: VersionAnswer = { url, status: response.status, body };
    const version = (body as { version?: unknown } | null)?.version;
    if (typeof version === 'string') answer.version = version;
    if (response.status !== 200) answer.problem = `answered HTTP ${response.status}`;
    return answer;
  } catch (error) {
    const fault = error instanceof TransportFault ? error : undefined;
    if (fault?.received !== undefined) {
      // An HTML error page in place of the answer: its status is what came.
      return { url, status: fault.received.status, body: fault.received.text, problem: `answered HTTP ${fault.received.status}` };
    }
    return { url, problem: `no answer: ${(error as Error).message}` };
  }
}

export function buildCertificate(
  config: ResolvedConfig,
  clauses: readonly Clause[],
  run: {
    versions: { node: VersionAnswer; scan?: VersionAnswer };
    toolVersion: string;
    seed: number;
    startedAt: string;
    finishedAt: string;
  },
): Certificate {
  const source = config.source;
  return {
    node: run.versions.node,
    ...(run.versions.scan !== undefined ? { scan: run.versions.scan } : {}),
    features: config.target.features,
    profile: config.run.profile,
    tool: { name: 'ledger-conformance', version: run.toolVersion, commit: toolCommit() },
    clauseRegistryDigest: clauseRegistryDigest(clauses),
    clauseCount: clauses.length,
    configDigest: digestOf(configurationForDigest(config)),
    configFile: source !== defaultConfigPath ? source : 'default',
    seed: run.seed,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

/** The node's and the scan's version answers, asked once before the suites run, through the run's client. */
export async function readTargetVersions(
  config: ResolvedConfig,
  client: TargetClient,
): Promise<{ node: VersionAnswer; scan?: VersionAnswer }> {
  let token: string | undefined;
  try {
    const user = config.target.fixtures.users.find((candidate) => !candidate.isDeactivated);
    if (user !== undefined) token = await client.tokens.tokenFor(user.id);
  } catch {
    // Canton's version service needs no token; a failing token provider must not hide the answer.
  }
  const node = await askVersion(client, 'version', token);
  if (client.endpoints.scan === undefined) return { node };
  return { node, scan: await askVersion(client, 'scan.version', undefined) };
}
