/**
 * Mistakes said plainly, once, with the setting to change and a distinct exit code (README "Exit codes"):
 * - a port in use names the flag (or config key) that chose it: exit 3, not Node's raw `listen EADDRINUSE`;
 * - a target or auth without `kind` is one line (what, where, how to fix), not four contradictory ones;
 * - `report verify` tells an edited report (1) from no report to check (2);
 * - `token` refuses a user the fixtures do not name, listing theirs, unless `--allow-unknown`.
 * Each runs the CLI's `main` in this process (no CLI start per case).
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { sealReport } from '../../reports/digest.js';
import type { RunReport } from '../../harness/runner/run-report.js';

/** `main(argv)` with what it writes to stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const writeOut = process.stdout.write.bind(process.stdout);
  const writeErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await main([process.execPath, 'ledger-conformance', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}

const work = mkdtempSync(join(tmpdir(), 'clear-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a port in use', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((ready) => busy.listen(0, '127.0.0.1', ready));
    port = (busy.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((closed) => busy.close(() => closed())));

  it('names the flag that chose it, says what to do, and exits 3', async () => {
    for (const flag of ['--port', '--scan-port']) {
      const outcome = await cli(['reference', 'serve', flag, String(port)]);
      expect(outcome.code, outcome.stderr).toBe(3);
      expect(outcome.stderr).toContain(
        `${flag}: the reference ${flag === '--port' ? 'participant' : 'scan'} cannot listen on 127.0.0.1:${port}`,
      );
      expect(outcome.stderr).toContain(`port ${port} is in use by another process`);
      expect(outcome.stderr).toContain(`or 0 for any free one (${flag} 0)`);
      expect(outcome.stderr).not.toMatch(/listen EADDRINUSE/);
    }
  });

  it('names the config key when the config chose it', async () => {
    const config = join(work, 'port.yaml');
    writeFileSync(config, `target: reference\ntargets:\n  reference:\n    kind: reference\n    port: ${port}\n`);
    const outcome = await cli(['reference', 'serve', '--config', config]);
    expect(outcome.code, outcome.stderr).toBe(3);
    expect(outcome.stderr).toContain(`Invalid configuration in ${config}`);
    expect(outcome.stderr).toContain(`targets.reference.port: the reference participant cannot listen on 127.0.0.1:${port}`);
  });
});

describe('a missing kind', () => {
  it('is one line for a target: what, where, the values to choose', async () => {
    const config = join(work, 'no-kind.yaml');
    writeFileSync(config, 'target: mynode\ntargets:\n  mynode:\n    participant: http://127.0.0.1:1\n');
    const outcome = await cli(['config', 'check', '--config', config]);
    expect(outcome.code).toBe(3);
    const issues = outcome.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(issues).toEqual([
      '  - targets.mynode.kind: missing; add `kind: <reference | remote>` under targets.mynode (see README "Configuration")',
    ]);
  });

  it('is one line for an auth block', async () => {
    const config = join(work, 'no-auth-kind.yaml');
    writeFileSync(
      config,
      'target: mynode\ntargets:\n  mynode:\n    kind: remote\n    participant: http://127.0.0.1:1\n    auth:\n      secret: x\n',
    );
    const outcome = await cli(['config', 'check', '--config', config]);
    expect(outcome.code).toBe(3);
    expect(outcome.stderr.split('\n').filter((line) => line.startsWith('  - '))).toEqual([
      '  - targets.mynode.auth.kind: missing; add `kind: <none | static | hs256 | rs256 | es256 | oauth2>` under targets.mynode.auth (see README "Configuration")',
    ]);
  });
});

describe('report verify', () => {
  const sealed = sealReport({ tool: { name: 'ledger-conformance', version: 'x' }, verdict: 'certified' } as unknown as RunReport);

  it('exits 0 for an intact report, 1 for an edited one, 2 when there is no report to check', async () => {
    const intact = join(work, 'report.json');
    writeFileSync(intact, JSON.stringify(sealed));
    expect((await cli(['report', 'verify', intact])).code).toBe(0);
    const edited = join(work, 'edited.json');
    writeFileSync(edited, readFileSync(intact, 'utf8').replace('"certified"', '"not-certified"'));
    const editedOutcome = await cli(['report', 'verify', edited]);
    expect(editedOutcome.code).toBe(1);
    expect(editedOutcome.stderr).toContain('it was edited after the run');

    const missing = await cli(['report', 'verify', join(work, 'nowhere.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('the file does not exist');
    const notJson = join(work, 'cut.json');
    writeFileSync(notJson, '{"tool":');
    expect((await cli(['report', 'verify', notJson])).code).toBe(2);
    expect((await cli(['report', 'verify', work])).code).toBe(2); // a folder
  });
});

describe('token', () => {
  it('refuses a user the fixtures do not name, listing theirs', async () => {
    const outcome = await cli(['token', '--user', 'alice-usr']);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/no user "alice-usr" in the fixtures of reference \(\S+reference\.yaml\); its users: .*alice-user/);
    expect(outcome.stderr).toContain('add --allow-unknown');
  });

  it('signs one with --allow-unknown, with a warning; a known user gets one without a word', async () => {
    const unknown = await cli(['token', '--user', 'someone-else', '--allow-unknown']);
    expect(unknown.code).toBe(0);
    expect(unknown.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(unknown.stderr).toContain('warning: "someone-else" is not a user of the fixtures of reference');
    const known = await cli(['token', '--user', 'alice-user']);
    expect(known.code).toBe(0);
    expect(known.stderr).toBe('');
  });
});
