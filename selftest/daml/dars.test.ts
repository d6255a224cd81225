/**
 * daml/build.sh rebuilds every committed DAR from its Daml-LF source with Canton's own Daml-LF tools, byte for byte:
 * Canton 3.5's classes built from its vendored sources (daml/toolchain/daml-lf-toolchain.jar; their runtime
 * dependencies come from the Maven registry). Canton's encoder type-checks each package (Validation.checkPackage),
 * the build reads each written DAR back with Canton's DarDecoder and checks it again (Validation.checkPackages), and
 * runs Canton's upgrade check (TypecheckUpgrades) on the upgrade pairs of daml/models.txt, which must pass (v1 -> v2)
 * or be refused (v3). An ill-typed model (daml/lf/ill-typed.lf) must be refused by the same checker, with its reason.
 *
 * Runs wherever java and mvn are installed (CI has both); skipped, with that reason, only where one is missing. One
 * build for all the DARs: 16 to 21 s on the 2-core machine (Maven, javac of BuildDars.java, one JVM run). That the
 * committed jar is what the vendored sources compile to is checked by daml/toolchain/build.sh (npm run
 * daml:toolchain; several CPU-minutes, so not here).
 */
import { spawnSync } from 'node:child_process';
import { missingTool } from './tools.js';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renamedSuiteDar, renamedSuiteDarWithDependency } from '../../generators/dar/suite-dars.js';
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
      const missing = missingTool(['bash', 'java', 'mvn']);
      if (missing !== undefined) context.skip(`${missing} is not installed: the DAR build needs bash, a JDK 17 and Maven`);
      const started = Date.now();
      mkdirSync(renamed);
      for (const [name, file] of RENAMED) {
        writeFileSync(join(renamed, file), renamedSuiteDar(name, name === 'conformance-keys' ? 'renamed-keys' : 'renamed-upgrade').bytes);
      }
      // Both packages of the DAR with a dependency renamed, the import rewritten: type-checked together by Canton's validator.
      writeFileSync(join(renamed, 'd-with-dependency.dar'), renamedSuiteDarWithDependency('renamed-holder', 'renamed-dependency').bytes);
      const build = spawnSync('bash', [join(daml, 'build.sh'), out], {
        encoding: 'utf8',
        env: { ...process.env, DARS_ALSO_CHECK: renamed },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // With java and mvn present the build must run: exit 3 (e.g. dependencies that do not resolve) fails here.
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
        dars: { name: string; file: string; packageId: string }[];
        upgrades: { past: string; present: string; passed: boolean; reason: string | null }[];
        refusals: { name: string; refused: boolean; reason: string | null }[];
      };
      // Every model passed Canton's validator twice: the encoder's check and the read-back DAR's (a `built` line).
      const models = readFileSync(join(daml, 'models.txt'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('model ') || line.startsWith('dependent '))
        .map((line) => line.split(/\s+/)[1]);
      expect(models).toHaveLength(15);
      expect(build.stdout.split('\n').filter((line) => line.startsWith('built '))).toEqual(
        index.dars.map((dar) => `built ${dar.file} ${dar.packageId}`),
      );
      expect(index.dars.map((dar) => dar.name)).toEqual(models);
      // The checker is live: it refuses the ill-typed model, for the type error it holds (a stable part of its sentence).
      expect(index.refusals.map((r) => [r.name, r.refused])).toEqual([['conformance-ill-typed', true]]);
      expect(index.refusals[0]?.reason).toMatch(/^validation error in template .*IllTyped:Asset: .*field amount with type Int64/);
      expect(index.upgrades.map((u) => [u.past, u.present, u.passed])).toEqual([
        ['conformance-upgrade-v1', 'conformance-upgrade-v2', true],
        ['conformance-upgrade-v1', 'conformance-upgrade-v3-invalid', false],
        ['conformance-upgrade-v2', 'conformance-upgrade-v3-invalid', false],
      ]);
      // The renamed packages are as well-typed as their originals, and the renamed lineage upgrades as the original does.
      const checked = build.stdout.split('\n').filter((line) => line.startsWith('checked '));
      expect(checked.filter((line) => line.endsWith(' valid')).map((line) => line.split(' ')[1])).toEqual(
        [...RENAMED.map(([, file]) => file), 'd-with-dependency.dar'].sort(),
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
