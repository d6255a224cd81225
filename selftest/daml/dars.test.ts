/**
 * daml/build.sh rebuilds every committed DAR from its Daml-LF source with Canton's own Daml-LF tools, byte for byte:
 * Canton's encoder type-checks each package (Validation.checkPackage), the build reads each written DAR back with
 * Canton's DarDecoder and checks it again (Validation.checkPackages), and runs Canton's upgrade check
 * (TypecheckUpgrades) on the upgrade pairs of daml/models.txt, which must pass (v1 -> v2) or be refused (v3).
 *
 * Needs Java and either Maven with the com.daml libraries resolvable or DAML_LF_CLASSPATH; where they are missing
 * (daml/build.sh exit 3) the test is skipped with the build's own reason. One build for all the DARs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { renamedSuiteDar } from '../../generators/dar/suite-dars.js';
import type { SuiteDarName } from '../../specification/suite-dars.js';

const daml = fileURLToPath(new URL('../../daml/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'conformance-dars-'));
const out = join(work, 'dars');
const renamed = join(work, 'renamed');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The renamed DARs the vetting tests send (generators/dar/suite-dars.ts), checked by Canton's tools in the same run. */
const RENAMED: [SuiteDarName, string][] = [
  ['conformance-upgrade-v1', 'a-v1.dar'],
  ['conformance-upgrade-v2', 'b-v2.dar'],
  ['conformance-upgrade-v3-invalid', 'c-v3-invalid.dar'],
  ['conformance-keys', 'keys.dar'],
];

describe("the suite's DARs rebuilt with Canton's Daml-LF tools (daml/build.sh)", () => {
  it(
    "are byte-identical to the committed ones, each passes Canton's validator, and the upgrade pairs go as expected",
    { timeout: 300_000 },
    (context) => {
      const started = Date.now();
      mkdirSync(renamed);
      for (const [name, file] of RENAMED) {
        writeFileSync(join(renamed, file), renamedSuiteDar(name, name === 'conformance-keys' ? 'renamed-keys' : 'renamed-upgrade').bytes);
      }
      const build = spawnSync('bash', [join(daml, 'build.sh'), out], {
        encoding: 'utf8',
        env: { ...process.env, DARS_ALSO_CHECK: renamed },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (build.error !== undefined && (build.error as NodeJS.ErrnoException).code === 'ENOENT') context.skip('bash is not installed');
      if (build.status === 3) context.skip(`the Daml-LF toolchain is missing: ${build.stderr.trim().split('\n')[0] ?? ''}`);
      // Exit 1 names the model or upgrade whose expectation failed (an encoder or validator refusal, an upgrade outcome).
      expect(build.stderr.split('\n').filter((line) => line.startsWith('FAILED'))).toEqual([]);
      expect(build.status, `daml/build.sh failed after ${seconds} s:\n${build.stderr}`).toBe(0);

      const committed = readdirSync(join(daml, 'dars')).sort();
      expect(readdirSync(out).sort()).toEqual(committed);
      for (const file of committed) {
        expect(readFileSync(join(out, file)).equals(readFileSync(join(daml, 'dars', file))), `${file} differs from the rebuilt one`).toBe(
          true,
        );
      }
      const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as {
        upgrades: { past: string; present: string; passed: boolean; reason: string | null }[];
      };
      expect(index.upgrades.map((u) => [u.past, u.present, u.passed])).toEqual([
        ['conformance-upgrade-v1', 'conformance-upgrade-v2', true],
        ['conformance-upgrade-v1', 'conformance-upgrade-v3-invalid', false],
        ['conformance-upgrade-v2', 'conformance-upgrade-v3-invalid', false],
      ]);
      // The renamed packages are as well-typed as their originals, and the renamed lineage upgrades as the original does.
      const checked = build.stdout.split('\n').filter((line) => line.startsWith('checked '));
      expect(checked.filter((line) => line.endsWith(' valid')).map((line) => line.split(' ')[1])).toEqual(
        RENAMED.map(([, file]) => file).sort(),
      );
      expect(checked.filter((line) => line.startsWith('checked upgrade ')).map((line) => line.replace(/: .*/, ''))).toEqual([
        'checked upgrade a-v1.dar -> b-v2.dar passed',
        'checked upgrade b-v2.dar -> c-v3-invalid.dar refused',
      ]);
      // TypecheckUpgrades' own reasons: the changed field type against 1.0.0, the dropped module against 2.0.0.
      expect(index.upgrades.filter((u) => !u.passed).map((u) => u.reason)).toEqual([
        'validation error: The upgraded template Asset has changed the types of some of its original fields.',
        'validation error: Module Note appears in package that is being upgraded, but does not appear in the upgrading package.',
      ]);
    },
  );
});
