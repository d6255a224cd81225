/**
 * Reproductions that reproduce on a live node, through the CLI as a user runs them, against a "remote" node (the
 * reference on loopback, with a fault so there is a failing write):
 * - the printed curl of the failing write sends a fresh command id on every paste: pasted twice, the node answers
 *   the fault both times, never 409 DUPLICATE_COMMAND (the run already sent the recorded id);
 * - `replay` of a run made with `--fixtures` reads the fixtures the run read (report.json names them), does not
 *   stop at preflight, and says its writes carry fresh ids; `--fixtures` overrides.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import type { ReferenceTargetConfig } from '../../config/types.js';
import type { RunReport } from '../../harness/runner/run-report.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { blocksAfter, cli, shell } from '../support/cli-process.js';

const root = process.cwd();
const TEST = 'auth::submit-and-wait for a party the user cannot act as is denied';

describe('reproductions against a remote node', () => {
  let reference: ReferenceHandle;
  const directory = mkdtempSync(join(tmpdir(), 'reproduce-'));
  const configPath = join(directory, 'remote.yaml');
  // The fixtures live only where --fixtures names them: the target's default (out/fixtures/<target>.yaml) has none.
  const fixtures = join(directory, 'elsewhere', 'node-fixtures.yaml');
  const targetName = `remote-${process.pid}`;

  beforeAll(async () => {
    const defaults = await loadConfig();
    const target = defaults.target as ReferenceTargetConfig;
    // A node that does not check act-as rights: the failing write is accepted (200), and a repeat would be a 409.
    reference = await startReference({ target, faults: ['auth-act-as-not-checked'] });
    mkdirSync(join(directory, 'elsewhere'));
    copyFileSync(join(root, 'config/fixtures/reference.yaml'), fixtures);
    copyFileSync(join(root, 'config/fixtures/conformance-test.dar'), join(directory, 'elsewhere', 'conformance-test.dar'));
    const features = Object.entries(target.features)
      .filter(([name]) => name !== 'writes')
      .map(([name, value]) => `      ${name}: ${JSON.stringify(value)}`)
      .join('\n');
    writeFileSync(
      configPath,
      [
        `target: ${targetName}`,
        'targets:',
        `  ${targetName}:`,
        '    kind: remote',
        `    participant: ${reference.participantUrl}`,
        `    scan: ${reference.scanUrl}`,
        '    auth:',
        '      kind: hs256',
        '      secret: not-safe-for-production',
        '      audience: https://daml.com/jwt/aud/participant/participant1',
        '    features:',
        features,
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await reference?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('a failing write: its curl sends a fresh command id on every paste, and replay reads the run’s fixtures', async () => {
    const reports = join(directory, 'reports');
    const run = await cli(['run', '--config', configPath, '--fixtures', fixtures, '--include', TEST, '--report-dir', reports]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const written = JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8')) as RunReport;
    expect(written.target.fixtures).toBe(fixtures);
    const failed = written.tests.find((test) => test.id === TEST)!;
    expect(failed.outcome).toBe('failed');
    const recordedBody = JSON.parse(failed.failure!.exchange!.request.body!) as { commandId: string };

    const summary = readFileSync(join(reports, 'summary.md'), 'utf8');
    const [reproduce] = blocksAfter(summary, 'Reproduce');
    expect(reproduce).toContain(`# fresh ids on every paste, not the run's ${recordedBody.commandId}`);
    expect(reproduce).toMatch(/^COMMAND_ID="auth-act-as-\$\(od /m);
    // Pasted twice: the node accepts the write it should deny both times (the fault, reproduced), never a 409.
    for (const paste of [1, 2]) {
      const curl = await shell(reproduce!);
      expect(curl.code, curl.stderr).toBe(0);
      expect(curl.stdout, `paste ${paste}`).toMatch(/^HTTP\/1\.1 200/);
      expect(curl.stdout).not.toContain('DUPLICATE_COMMAND');
    }
    // The recorded command, as it was sent before this change, is refused by the same node.
    const resent = await shell(reproduce!.replace(/"\$COMMAND_ID"/g, recordedBody.commandId));
    expect(resent.stdout).toMatch(/^HTTP\/1\.1 409/);
    expect(resent.stdout).toContain('DUPLICATE_COMMAND');

    // replay as printed: the run's config, fixtures and URLs; it reproduces the failure (exit 1), not exit 3.
    const [replay] = blocksAfter(summary, 'Replay');
    expect(replay).not.toContain('--fixtures');
    const replayed = await shell(replay!);
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(1);
    expect(replayed.stdout).toContain(`fixtures ${fixtures}`);
    expect(replayed.stdout).toContain('writes carry fresh command and submission ids');
    expect(replayed.stdout).toMatch(new RegExp(`^FAILED ${TEST}`, 'm'));

    // --fixtures overrides the run's: a file that is not there is named as the flag's.
    const overridden = await shell(`${replay!} --fixtures ${join(directory, 'nowhere.yaml')}`);
    expect(overridden.code).toBe(3);
    expect(overridden.stderr).toContain('named by the command-line flag --fixtures');
    // The run's fixtures gone: replay says where it took their path from.
    rmSync(fixtures);
    const gone = await shell(replay!);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('target.fixtures: the run');
  }, 180_000);
});
