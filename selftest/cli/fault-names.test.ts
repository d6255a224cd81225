/**
 * `run --inject-fault NAME` checks its names against the reference's fault catalogue without loading the reference
 * target (issue 28): the modules `run` loads up front (its static imports, followed through) reach reference/ only at
 * reference/faults.ts, and that file imports nothing. The target itself is imported on demand when a run starts it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaults } from '../../cli/fault-names.js';
import { UsageError } from '../../cli/report-error.js';
import { faultNames } from '../../reference/faults.js';

const root = process.cwd();

/** Imports a module's evaluation loads: static imports and re-exports, not `import type`, not `import()`. */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/g;

/** Every project module loading `start` loads (paths relative to the repository). */
function staticGraph(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(root, start)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      queue.push(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    }
  }
  return seen;
}

describe('--inject-fault names', () => {
  it('are parsed against the catalogue: known names pass, an unknown one is a usage error listing the known', () => {
    expect(parseFaults(['readyz-json', 'dedup-ignored'])).toEqual(['readyz-json', 'dedup-ignored']);
    expect(parseFaults(undefined)).toEqual([]);
    expect(() => parseFaults(['no-such-fault'])).toThrow(UsageError);
    expect(() => parseFaults(['no-such-fault'])).toThrow(new RegExp(`unknown fault "no-such-fault"; known faults: ${faultNames[0]}, `));
  });

  it('are read without loading the reference target: run reaches reference/ only at its fault catalogue', () => {
    const loaded = [...staticGraph('cli/commands/run.ts')];
    expect(loaded).toContain('cli/fault-names.ts');
    expect(loaded.filter((file) => file.startsWith(`reference${'/'}`))).toEqual(['reference/faults.ts']);
    expect(readFileSync(join(root, 'reference/faults.ts'), 'utf8')).not.toMatch(/^\s*import\s/m);
  });
});
