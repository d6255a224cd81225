/** Shared helpers of the reference HTTP self-tests: config, servers on port 0, tokens, requests, DARs. */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { SignJWT } from 'jose';
import protobuf from 'protobufjs';
import { request } from 'undici';
import { loadConfig } from '../../config/load.js';
import type { ReferenceTargetConfig } from '../../config/types.js';
import { Faults, type FaultName } from '../../reference/faults.js';
import { startParticipant, type ParticipantServer } from '../../reference/participant/participant.js';
import type { Route } from '../../reference/http/types.js';

/** The committed default reference target (fixtures/reference.yaml), independent of the environment. */
export async function referenceTarget(): Promise<ReferenceTargetConfig> {
  const config = await loadConfig({ env: {}, dotenvPath: false });
  if (config.target.kind !== 'reference') throw new Error('the default config must target the reference');
  return config.target;
}

export async function startTestParticipant(
  options: { faults?: FaultName[]; target?: ReferenceTargetConfig; extraRoutes?: Route[] } = {},
): Promise<ParticipantServer> {
  return startParticipant({
    target: options.target ?? (await referenceTarget()),
    faults: new Faults(options.faults ?? []),
    extraRoutes: options.extraRoutes,
  });
}

/** Runs `run` against a fresh participant, closed afterwards whatever happens. */
export async function withParticipant(
  options: { faults?: FaultName[]; target?: ReferenceTargetConfig },
  run: (server: ParticipantServer) => Promise<void>,
): Promise<void> {
  const server = await startTestParticipant(options);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

export const SECRET = 'not-safe-for-production';
export const AUDIENCE = 'https://daml.com/jwt/aud/participant/participant1';

/** An HS256 user token as the default config's auth would mint it; claims can be overridden. */
export async function userToken(
  userId: string,
  options: { secret?: string; audience?: string | string[]; expiresInSeconds?: number; scope?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({ ...(options.scope === undefined ? {} : { scope: options.scope }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 3600));
  if (options.audience !== undefined || !('audience' in options)) jwt.setAudience(options.audience ?? AUDIENCE);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  json(): any;
}

export async function call(
  baseUrl: string,
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    token?: string;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await request(baseUrl + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body,
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    text,
    json: () => JSON.parse(text),
  };
}

/** Expect the redacted JsCantonError of a security-sensitive error. */
export function isRedacted(answer: Answer, grpcCodeValue: number): boolean {
  const body = answer.json();
  return body.code === 'NA' && body.errorCategory === -1 && body.grpcCodeValue === grpcCodeValue;
}

// --- DARs, built here independently of generators/ ---

const root = protobuf.parse(
  `syntax = "proto3";
   message Archive { int32 hash_function = 1; bytes payload = 3; string hash = 4; }
   message ArchivePayload { string minor = 3; int32 patch = 5; oneof Sum { bytes daml_lf_1 = 2; bytes daml_lf_2 = 4; } }
   message Flags { bool forbid_party_literals = 1; bool dont_divulge = 2; bool dont_disclose = 3; }
   message Module { int32 name_interned_dname = 1; Flags flags = 2; }
   message DottedName { repeated int32 segments_interned_str = 1; }
   message Metadata { int32 name_interned_str = 1; int32 version_interned_str = 2; }
   message Package { repeated Module modules = 1; repeated string interned_strings = 2; repeated DottedName interned_dotted_names = 3; Metadata metadata = 4; int32 not_a_package_field = 99; }
   message Lf1Module { oneof name { int32 name_interned_dname = 8; } Flags flags = 4; }
   message Lf1Package { repeated Lf1Module modules = 1; repeated string interned_strings = 2; repeated DottedName interned_dotted_names = 3; Metadata metadata = 4; }`,
  { keepCase: true },
).root;
const ArchiveType = root.lookupType('Archive');
const PayloadType = root.lookupType('ArchivePayload');
const PackageType = root.lookupType('Package');
const Lf1PackageType = root.lookupType('Lf1Package');

export interface DalfOptions {
  /** Distinguishes packages: different content, different package id. */
  content?: string;
  /** The package's name and version (its Daml-LF metadata). */
  name?: string;
  version?: string;
  lf?: 1 | 2 | 'none';
  /** Puts English text where the Daml-LF package belongs. */
  text?: boolean;
  /**
   * Breaks the package in one way: no metadata, module feature flags off, an unknown field (Daml-LF 2 only), or
   * a module without a name (Daml-LF 1 only: its name is a oneof, so an index 0 is on the wire unless left out).
   */
  broken?: 'no-metadata' | 'flags-off' | 'unknown-field' | 'unnamed-module';
  /** Overrides the declared hash (a mismatching hash). */
  hash?: string;
}

/** A minimal Daml-LF package: one module `Main`, metadata, and `content` as an interned string nothing uses. */
function packageBytes(options: DalfOptions): Uint8Array {
  if (options.text) return new TextEncoder().encode(`This is English text, not a Daml-LF package: ${options.content ?? ''}`);
  const strings = [options.name ?? 'selftest-package', options.version ?? '1.0.0', 'Main', options.content ?? 'package'];
  const common = {
    interned_strings: strings,
    interned_dotted_names: [{ segments_interned_str: [2] }],
    ...(options.broken === 'no-metadata' ? {} : { metadata: { name_interned_str: 0, version_interned_str: 1 } }),
  };
  const on = options.broken !== 'flags-off';
  const flags = { forbid_party_literals: on, dont_divulge: on, dont_disclose: on };
  if (options.lf === 1) {
    const module = options.broken === 'unnamed-module' ? { flags } : { name_interned_dname: 0, flags };
    return Lf1PackageType.encode(Lf1PackageType.fromObject({ ...common, modules: [module] })).finish();
  }
  return PackageType.encode(
    PackageType.create({
      ...common,
      modules: [{ name_interned_dname: 0, flags }],
      ...(options.broken === 'unknown-field' ? { not_a_package_field: 1 } : {}),
    }),
  ).finish();
}

export function dalf(options: DalfOptions = {}): { bytes: Uint8Array; packageId: string } {
  const lf = options.lf ?? 2;
  const packageContent = packageBytes(options);
  const payload = PayloadType.encode(
    PayloadType.create({
      minor: lf === 1 ? '14' : '1',
      ...(lf === 1 ? { daml_lf_1: packageContent } : lf === 2 ? { daml_lf_2: packageContent } : {}),
    }),
  ).finish();
  const packageId = createHash('sha256').update(payload).digest('hex');
  const bytes = ArchiveType.encode(ArchiveType.create({ hash_function: 0, payload, hash: options.hash ?? packageId })).finish();
  return { bytes, packageId };
}

/** A Java manifest with 72-byte lines continued by a leading space. */
export function manifest(attributes: Record<string, string>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    let line = `${key}: ${value}`;
    lines.push(line.slice(0, 72));
    for (line = line.slice(72); line.length > 0; line = line.slice(71)) lines.push(' ' + line.slice(0, 71));
  }
  return lines.join('\r\n') + '\r\n\r\n';
}

export function darZip(files: Record<string, Uint8Array | string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(entries);
}

/** A valid DAR with a main package and one dependency. */
export function validDar(options: { name?: string; content?: string } = {}): {
  bytes: Uint8Array;
  mainPackageId: string;
  dependencyId: string;
} {
  const [, name = 'conformance-test', version = '1.0.0'] = /^(.+)-(\d+(?:\.\d+)*)$/.exec(options.name ?? 'conformance-test-1.0.0') ?? [];
  const main = dalf({ content: options.content ?? 'main package', name, version });
  const dependency = dalf({ content: 'dependency package', name: `${name}-dep`, version });
  const mainPath = 'conformance-test-1.0.0-abc/conformance-test-1.0.0-abc.dalf';
  const depPath = 'conformance-test-1.0.0-abc/daml-prim-def.dalf';
  const bytes = darZip({
    'META-INF/MANIFEST.MF': manifest({
      'Manifest-Version': '1.0',
      'Created-By': 'ledger-conformance selftest',
      Name: options.name ?? 'conformance-test-1.0.0',
      'Main-Dalf': mainPath,
      Dalfs: `${mainPath}, ${depPath}`,
      Format: 'daml-lf',
      Encryption: 'non-encrypted',
    }),
    [mainPath]: main.bytes,
    [depPath]: dependency.bytes,
  });
  return { bytes, mainPackageId: main.packageId, dependencyId: dependency.packageId };
}
