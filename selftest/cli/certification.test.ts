/**
 * The certification workflow end to end, through the CLI as a user runs it:
 * - the expectation cycle with the reference's injectable faults (record, known, regression, unexpectedly passing);
 * - `--require certified` turning an incomplete verdict into exit 8;
 * - the certificate against a remote target answering /v2/version, and `report verify` failing an edited report;
 * - the hints the tool prints (curl with `token`, replay) running as printed;
 * - a second run into a report folder in use being refused.
 * Narrow --include selections keep each run to a few seconds.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../config/load.js';
import type { ReferenceTargetConfig } from '../../config/types.js';
import type { RunReport } from '../../harness/runner/run-report.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { blocksAfter, cli, shell } from '../support/cli-process.js';
import { LOCK_FILE } from '../../reports/lock.js';

const root = process.cwd();

const report = (directory: string): RunReport => JSON.parse(readFileSync(join(directory, 'report.json'), 'utf8')) as RunReport;

describe('expectation files through the CLI', () => {
  const directory = mkdtempSync(join(tmpdir(), 'cert-cycle-'));
  const expectations = join(directory, 'known.yaml');

  it('records one fault, then: known (exit 0), a second fault (exit 1, only its clauses), the first fixed (unexpectedly passing)', async () => {
    const recorded = await cli([
      'run',
      '--include',
      'readyz',
      '--inject-fault',
      'readyz-json',
      '--report-dir',
      join(directory, 'r1'),
      '--update-expectations',
      expectations,
    ]);
    expect(recorded.code, recorded.stderr).toBe(1);
    const file = parse(readFileSync(expectations, 'utf8')) as { clauses: Record<string, { reason: string }> };
    const firstFaultClauses = Object.keys(file.clauses);
    expect(firstFaultClauses).toEqual(['readyz.response.text-plain']);
    // A reviewer writes the real reason; --update-expectations keeps it.
    writeFileSync(expectations, readFileSync(expectations, 'utf8').replace(/reason: .*/, 'reason: our proxy rewrites the content type'));
    const updated = join(directory, 'updated.yaml');
    copyFileSync(expectations, updated);

    const results = await Promise.all([
      cli([
        'run',
        '--include',
        'readyz',
        '--inject-fault',
        'readyz-json',
        '--report-dir',
        join(directory, 'r2'),
        '--expectations',
        expectations,
      ]),
      cli([
        'run',
        '--include',
        'readyz,auth::authenticated-user',
        '--inject-fault',
        'readyz-json,auth-expired-token-accepted',
        '--report-dir',
        join(directory, 'r3'),
        '--expectations',
        expectations,
        '--update-expectations',
        updated,
      ]),
      cli(['run', '--include', 'readyz', '--report-dir', join(directory, 'r4'), '--expectations', expectations, '--require', 'certified']),
      cli([
        'run',
        '--include',
        'readyz',
        '--inject-fault',
        'readyz-json',
        '--report-dir',
        join(directory, 'r5'),
        '--expectations',
        expectations,
        '--require',
        'certified',
      ]),
    ]);

    const [known, regression, fixed, required] = results;
    expect(known.code, known.stdout + known.stderr).toBe(0);
    expect(known.stdout).toContain('with known.yaml: not certified: 1 known failure, none new'.replace('known.yaml', expectations));
    const summary = readFileSync(join(directory, 'r2', 'summary.md'), 'utf8');
    expect(summary).toContain('known failure: our proxy rewrites the content type');
    const junit = readFileSync(join(directory, 'r2', 'junit.xml'), 'utf8');
    expect(junit).toContain('<skipped message="known failure');
    // Known failures only: the gate passes (exit 0), but no report calls the run certified.
    const html = readFileSync(join(directory, 'r2', 'report.html'), 'utf8');
    expect(summary).toMatch(/^## ⚠️ NOT CERTIFIED: 1 known failure, none new for the `spec` profile$/m);
    expect(html).toContain('<header class="banner verdict-known-failures">');
    expect(html).toContain('<p class="verdict">NOT CERTIFIED: 1 known failure, none new</p>');
    expect(report(join(directory, 'r2')).verdict).toBe('not-certified');
    expect(report(join(directory, 'r2')).expectations!.verdict).toBe('not-certified');
    expect(junit).toContain('<property name="verdict with known failures" value="not-certified"/>');
    for (const text of [summary, html, junit, readFileSync(join(directory, 'r2', 'report.json'), 'utf8')]) {
      expect(text).not.toMatch(/"verdict": "certified"|value="certified"|✅|verdict-certified"|>CERTIFIED/);
    }
    // --require certified fails it.
    expect(required.code, required.stdout + required.stderr).toBe(8);
    expect(required.stderr).toContain(
      'the verdict is not certified: 1 known failure, none new; --require certified accepts only certified (exit code 8)',
    );

    expect(regression.code, regression.stdout + regression.stderr).toBe(1);
    const regressed = report(join(directory, 'r3')).expectations!;
    const unexpectedClauses = regressed.unexpected.map((entry) => entry.clause);
    expect(unexpectedClauses.length).toBeGreaterThan(0);
    expect(unexpectedClauses.every((clause) => clause !== undefined && !firstFaultClauses.includes(clause))).toBe(true);
    expect(unexpectedClauses).toContain('authenticated-user.auth.required');
    expect(regressed.known.map((entry) => entry.id)).toEqual(firstFaultClauses);
    expect(regression.stdout).toMatch(/not certified: \d+ unexpected failures? \(regressions\) in authenticated-user.auth.required/);
    const rewritten = parse(readFileSync(updated, 'utf8')) as { clauses: Record<string, { reason: string }> };
    expect(rewritten.clauses['readyz.response.text-plain']?.reason).toBe('our proxy rewrites the content type');
    expect(Object.keys(rewritten.clauses)).toContain('authenticated-user.auth.required');

    // The first fault fixed: its clause is unexpectedly passing. The narrow run is incomplete, which
    // --require certified turns into exit 8 (without it, exit 0).
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(8);
    expect(report(join(directory, 'r4')).expectations!.unexpectedlyPassing).toEqual([
      { kind: 'clause', id: 'readyz.response.text-plain', reason: 'our proxy rewrites the content type' },
    ]);
    expect(fixed.stdout).toContain('unexpectedly passing');

    expect(report(join(directory, 'r4')).expectations!.verdict).toBe('incomplete');
    expect(fixed.stderr).toContain('the verdict is incomplete; --require certified accepts only certified (exit code 8)');
    expect(known.code).toBe(0); // the same known-failure run without --require passes its gate
  }, 300_000); // five CLI runs, four side by side: on a busy shared machine they take a while

  it('refuses a second run into a report folder in use, naming who holds it', async () => {
    const busy = join(directory, 'busy');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(busy, { recursive: true });
    writeFileSync(
      join(busy, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'now', command: 'run --report-dir busy' }),
    );
    const refused = await cli(['run', '--include', 'readyz', '--report-dir', busy]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(`is in use by another run (pid ${process.pid}`);
    expect(refused.stderr).toContain('choose another folder with --report-dir');
  }, 60_000);
});

describe('certificate and printed hints against a remote target', () => {
  let reference: ReferenceHandle;
  const directory = mkdtempSync(join(tmpdir(), 'cert-remote-'));
  const configPath = join(directory, 'remote.yaml');

  beforeAll(async () => {
    const defaults = await loadConfig();
    const target = defaults.target as ReferenceTargetConfig;
    // A "remote" node: the reference on loopback, with a fault so there is a failure to reproduce.
    reference = await startReference({ target, faults: ['error-without-category'] });
    const features = Object.entries(target.features)
      .filter(([name]) => name !== 'writes')
      .map(([name, value]) => `      ${name}: ${JSON.stringify(value)}`)
      .join('\n');
    writeFileSync(
      configPath,
      [
        'target: remote',
        'targets:',
        '  remote:',
        '    kind: remote',
        `    participant: ${reference.participantUrl}`,
        `    scan: ${reference.scanUrl}`,
        `    fixtures: ${join(root, 'config/fixtures/reference.yaml')}`,
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
  });

  it('fills the certificate, verifies the digest, fails an edited report, and its curl and replay hints run as printed', async () => {
    const reports = join(directory, 'reports');
    const run = await cli(['run', '--config', configPath, '--include', 'auth::a user token stands', '--report-dir', reports]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const written = report(reports);
    const certificate = written.certificate!;
    expect(certificate.node.url).toBe(`${reference.participantUrl}/v2/version`);
    expect(certificate.node.version).toBe('3.5.0-reference');
    expect(certificate.scan?.url).toBe(`${reference.scanUrl}/version`);
    expect(certificate.features.userManagement).toBe(true);
    expect(certificate.profile).toBe('spec');
    expect(certificate.tool.commit).toMatch(/^([0-9a-f]{40}|unknown)/);
    expect(certificate.clauseRegistryDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(certificate.configDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(certificate.configFile).toBe(configPath);
    expect(JSON.stringify(certificate)).not.toContain('not-safe-for-production');
    expect(certificate.seed).toBe(written.seed);

    const verified = await cli(['report', 'verify', join(reports, 'report.json')]);
    expect(verified.code, verified.stderr).toBe(0);
    const editedPath = join(directory, 'edited.json');
    writeFileSync(
      editedPath,
      readFileSync(join(reports, 'report.json'), 'utf8').replace('"verdict": "not-certified"', '"verdict": "certified"'),
    );
    const edited = await cli(['report', 'verify', editedPath]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('it was edited after the run');

    const summary = readFileSync(join(reports, 'summary.md'), 'utf8');
    const [reproduce] = blocksAfter(summary, 'Reproduce');
    expect(reproduce).toMatch(
      /^TOKEN=\$\(npx ledger-conformance token --user bank-user --config \S+ --target remote --fixtures \S+\)\n# sends the run's \S+ again, as the test repeated it on purpose[^\n]*\ncurl /,
    );
    const curl = await shell(reproduce!);
    expect(curl.code, curl.stderr).toBe(0);
    // The token worked (not 401/403) and the fault is reproduced: a Canton error without errorCategory.
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(curl.stdout)?.[1]);
    expect(status).toBeGreaterThanOrEqual(400);
    expect([401, 403]).not.toContain(status);
    expect(curl.stdout).toContain('"code"');
    expect(curl.stdout).not.toContain('errorCategory');

    const [replay] = blocksAfter(summary, 'Replay');
    expect(replay).toContain(`--report ${join(reports, 'report.json')}`);
    const replayed = await shell(replay!);
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(1);
    expect(replayed.stdout).toContain(`replaying auth::a user token stands`);
    expect(replayed.stdout).toMatch(/^FAILED auth::a user token stands/m);
  }, 120_000);
});
