/**
 * The image installs `npm ci --omit=dev`: every package the tool imports at run time (all code but the
 * self-tests, benchmarks and scripts) must be a production dependency, or the CLI fails in the container.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUNTIME_FOLDERS = [
  'bin',
  'checks',
  'cli',
  'client',
  'config',
  'generators',
  'harness',
  'load',
  'provision',
  'reference',
  'reports',
  'specification',
  'suites',
];
const IMPORT =
  /(?:^|\n)\s*(import|export)(\s+type)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return undefined;
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
}

describe('production dependencies', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  const imports = new Map<string, string>();
  for (const file of RUNTIME_FOLDERS.flatMap(sources)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[2] !== undefined) continue; // `import type`: erased at run time
      const name = packageOf(match[3] ?? match[4] ?? match[5] ?? '');
      if (name !== undefined && !imports.has(name)) imports.set(name, file);
    }
  }

  it('finds the imports (guards the scan itself)', () => {
    expect([...imports.keys()]).toEqual(expect.arrayContaining(['tsx', 'commander', 'undici', 'vitest', 'fast-check', 'yaml']));
  });

  it('every package imported at run time is a production dependency', () => {
    const missing = [...imports].filter(([name]) => manifest.dependencies[name] === undefined).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
