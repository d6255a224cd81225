/**
 * Loads a target's fixtures (a YAML file or an inline object): `${env:NAME}` references resolved, validated against the
 * fixtures schema, party aliases and external keys' fingerprints checked, `{{party:alias}}` placeholders of the
 * templates replaced by party ids, and the DAR path made absolute.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import dotenv from 'dotenv';
import { ConfigError } from './tool-errors.js';
import { cantonKeyFingerprint } from './key-fingerprint.js';
import { fixturesSchema } from './schema.js';
import { describeAjvErrors } from './schema-errors.js';
import type { Fixtures } from './types.js';
import { interpolateEnv, readYamlFile, type Environment } from './value-sources.js';

// verbose: an error carries its schema, whose known keys a misspelt key is compared with.
const validateFixturesFile = new Ajv({ allErrors: true, useDefaults: true, strict: false, verbose: true }).compile(fixturesSchema);

/** The environment with the `.env` beside a fixtures file (provision writes external parties' keys there) below it. */
export function withDotenvBeside(fixturesPath: string, env: Environment): Environment {
  const path = join(dirname(fixturesPath), '.env');
  if (!existsSync(path)) return env;
  return { ...dotenv.parse(readFileSync(path)), ...env };
}

/** Loads fixtures from a file path (relative to `baseDir`) or an inline object. */
export function loadFixtures(source: string | Record<string, unknown>, baseDir: string, env: Environment, keyPath: string): Fixtures {
  const path = typeof source === 'string' ? (isAbsolute(source) ? source : resolve(baseDir, source)) : undefined;
  const raw = path === undefined ? source : readYamlFile(path, `fixtures file (${keyPath})`);
  const where = path ?? keyPath;
  const data = interpolateEnv(raw, env, where, '') as Record<string, unknown>;
  if (!validateFixturesFile(data)) {
    throw new ConfigError(where, describeAjvErrors(validateFixturesFile.errors ?? [], data));
  }
  const fixtures = data as unknown as Fixtures;
  checkFixtureReferences(fixtures, where);
  fixtures.dar = resolve(path ? dirname(path) : baseDir, fixtures.dar);
  const partyIds = new Map(fixtures.parties.map((party) => [party.alias, party.id]));
  const { iou, getCash, keyedAccount, trailingNone, allTypes, swap, assetInterface } = fixtures.templates;
  const implementation = assetInterface?.implementation;
  for (const template of [iou, getCash, keyedAccount, trailingNone, allTypes, swap, implementation].filter(
    (entry) => entry !== undefined,
  )) {
    template.createArguments = resolvePartyPlaceholders(template.createArguments, partyIds, where) as Record<string, unknown>;
    if (template.key) template.key = resolvePartyPlaceholders(template.key, partyIds, where) as Record<string, unknown>;
    if (template.choices)
      template.choices = resolvePartyPlaceholders(template.choices, partyIds, where) as Record<string, Record<string, unknown>>;
  }
  return fixtures;
}

function checkFixtureReferences(fixtures: Fixtures, where: string): void {
  const aliases = new Set(fixtures.parties.map((party) => party.alias));
  const issues: string[] = [];
  const seen = new Set<string>();
  fixtures.parties.forEach((party, index) => {
    if (seen.has(party.alias)) issues.push(`parties: the alias "${party.alias}" is used twice (aliases must be unique)`);
    seen.add(party.alias);
    const key = party.external;
    if (key !== undefined && key.fingerprint !== cantonKeyFingerprint(key.publicKey)) {
      issues.push(
        `parties[${index}].external.fingerprint: found "${key.fingerprint}", but Canton's fingerprint of its publicKey is ` +
          `"${cantonKeyFingerprint(key.publicKey)}" ("1220" + hex(SHA-256(int32 big-endian 12 ‖ raw public key)); ` +
          'wallet-sdk keys.fingerprint computes the same)',
      );
    }
  });
  fixtures.users.forEach((user, index) => {
    const check = (alias: string, key: string): void => {
      if (!aliases.has(alias))
        issues.push(`users[${index}].${key}: found "${alias}", expected a party alias of \`parties\` (${[...aliases].join(', ')})`);
    };
    if (user.primaryParty !== undefined) check(user.primaryParty, 'primaryParty');
    for (const kind of ['actAs', 'readAs', 'executeAs'] as const)
      user.rights[kind].forEach((alias, i) => check(alias, `rights.${kind}[${i}]`));
  });
  if (fixtures.trafficAccount && !aliases.has(fixtures.trafficAccount.party)) {
    issues.push(`trafficAccount.party: found "${fixtures.trafficAccount.party}", expected a party alias of \`parties\``);
  }
  if (issues.length > 0) throw new ConfigError(where, issues);
}

const partyPlaceholder = /^\{\{party:([A-Za-z0-9_-]+)\}\}$/;

function resolvePartyPlaceholders(value: unknown, partyIds: Map<string, string>, where: string): unknown {
  if (typeof value === 'string') {
    const match = partyPlaceholder.exec(value);
    if (!match) return value;
    const id = partyIds.get(match[1]!);
    if (id === undefined)
      throw new ConfigError(where, [`templates: "${value}" names an unknown party alias (known: ${[...partyIds.keys()].join(', ')})`]);
    return id;
  }
  if (Array.isArray(value)) return value.map((item) => resolvePartyPlaceholders(item, partyIds, where));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolvePartyPlaceholders(item, partyIds, where)]));
  }
  return value;
}
