/**
 * The files `provision` writes: the fixtures (YAML, no secret in it) and, beside it, `.env` with the
 * external parties' private keys, which the YAML names as `${env:NAME}`. The `.env` keeps the lines of
 * other targets; a `.gitignore` beside it keeps it out of git.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import dotenv from 'dotenv';
import { parse, stringify } from 'yaml';

export interface PreviousRun {
  /** The fixtures an earlier run wrote, as YAML data (env references left unresolved). */
  fixtures?: Record<string, unknown>;
  /** Values of the `.env` beside them. */
  env: Record<string, string>;
}

function envPathOf(fixturesPath: string): string {
  return join(dirname(fixturesPath), '.env');
}

/** The environment variable holding an external party's private key, e.g. LEDGER_CONFORMANCE_STAGING_DANA_PRIVATE_KEY. */
export function privateKeyVariable(targetName: string, alias: string): string {
  const upper = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `LEDGER_CONFORMANCE_${upper(targetName)}_${upper(alias)}_PRIVATE_KEY`;
}

export function readPreviousRun(fixturesPath: string): PreviousRun {
  const envPath = envPathOf(fixturesPath);
  const env = existsSync(envPath) ? dotenv.parse(readFileSync(envPath)) : {};
  if (!existsSync(fixturesPath)) return { env };
  const fixtures = parse(readFileSync(fixturesPath, 'utf8')) as unknown;
  return { env, ...(fixtures !== null && typeof fixtures === 'object' ? { fixtures: fixtures as Record<string, unknown> } : {}) };
}

const HEADER = [
  '# Fixtures written by `ledger-conformance provision`: the parties, users, package, templates, seeded',
  '# updates and scan ids of this target. Provision again to bring them up to date (it reuses what exists).',
  "# The external parties' private keys are not in this file: `${env:...}` names them in the .env beside it.",
  '',
].join('\n');

/** Writes the fixtures (only when they changed) and the keys; returns which files changed. */
export function writeFixtures(fixturesPath: string, fixtures: Record<string, unknown>, secrets: Record<string, string>): string[] {
  mkdirSync(dirname(fixturesPath), { recursive: true });
  const changed: string[] = [];
  const text = `${HEADER}${stringify(fixtures, { lineWidth: 0 })}`;
  if (!existsSync(fixturesPath) || readFileSync(fixturesPath, 'utf8') !== text) {
    writeFileSync(fixturesPath, text);
    changed.push(fixturesPath);
  }
  const envPath = saveSecrets(fixturesPath, secrets);
  if (envPath !== undefined) changed.push(envPath);
  return changed;
}

/**
 * Writes `secrets` into the .env beside the fixtures (keeping other lines) and a .gitignore that keeps it out
 * of git; returns the .env path when it changed. Called for each new key before it is used, so that a run that
 * stops midway never loses the key of a party it created (a party cannot be deleted, nor its key recovered).
 */
export function saveSecrets(fixturesPath: string, secrets: Record<string, string>): string | undefined {
  mkdirSync(dirname(fixturesPath), { recursive: true });
  const ignore = join(dirname(fixturesPath), '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '# Private keys of external parties written by `ledger-conformance provision`.\n.env\n');
  const envPath = envPathOf(fixturesPath);
  const existing = existsSync(envPath) ? readFileSync(envPath, 'utf8') : '';
  const kept = existing
    .split('\n')
    .filter((line) => line.trim() !== '' && !Object.keys(secrets).some((name) => line.startsWith(`${name}=`)));
  const envText = `${[...kept, ...Object.entries(secrets).map(([name, value]) => `${name}=${value}`)].join('\n')}\n`;
  if (envText === existing) return undefined;
  writeFileSync(envPath, envText, { mode: 0o600 });
  return envPath;
}
