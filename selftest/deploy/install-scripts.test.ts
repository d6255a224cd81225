/**
 * `npm ci` (npm 11) lists every dependency whose install scripts `allowScripts` of package.json does not cover
 * ("1 package has install scripts not yet covered by allowScripts"). The ones this project needs are approved
 * there, the supported way (`npm install-scripts approve <pkg>`); a new dependency with an install script fails
 * this test until it is reviewed and approved (or denied) the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

const root = process.cwd();
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** A package's name from its lockfile key (`node_modules/a/node_modules/@s/b` → `@s/b`). */
const nameOf = (key: string): string => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  it('every dependency with an install script is reviewed in allowScripts of package.json', () => {
    const allow = packageJson.allowScripts ?? {};
    const covered = (name: string, version: string | undefined): boolean =>
      Object.keys(allow).some((entry) => entry === name || entry === `${name}@${version}`);
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript === true)
      // An optional package for another platform is never installed, so its scripts never run (npm does not list it).
      .filter(([key, entry]) => !entry.optional || existsSync(join(root, key)))
      .map(([key, entry]) => ({ name: nameOf(key), version: entry.version }));
    expect(withScripts.map((entry) => entry.name)).toContain('esbuild');
    expect(withScripts.filter((entry) => !covered(entry.name, entry.version)).map((entry) => `${entry.name}@${entry.version}`)).toEqual([]);
  });
});
