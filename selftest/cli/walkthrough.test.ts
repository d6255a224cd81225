/**
 * The README's "Try it on this machine" block of "Testing a real deployment", run as written: read from README.md,
 * each command executed in order in a directory that looks like a fresh clone (its `config/` is the repository's,
 * no `.env`, no `out/`, no LEDGER_* variables), the URLs exported as `reference serve --bare` prints them. It must
 * end certified. One departure, to keep the self-test lean: the run line gets `--cases 5`. Its report then holds up the
 * battery's real-node figure: every case counted on a real node passed there.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { batteryCaseKey, batteryCases } from '../../specification/battery/index.js';

const execute = promisify(execFile);
const root = process.cwd();
const bin = join(root, 'bin/ledger-conformance.mjs');
let server: ChildProcess | undefined;

afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGINT');
  await exited;
});

/** The shell lines of the fenced block after the README's "Try it on this machine". */
function walkthrough(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('**Try it on this machine**');
  expect(start).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

describe('the README walkthrough against reference serve --bare', () => {
  it('runs as written and ends certified', async () => {
    const work = mkdtempSync(join(tmpdir(), 'walkthrough-'));
    symlinkSync(join(root, 'config'), join(work, 'config'));
    const env: Record<string, string> = { CI: 'true' };
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(LEDGER_|SCAN_|REFERENCE_|FIXTURE_)/.test(name)) env[name] = value;
    }
    let served = '';
    const lines = walkthrough();
    expect(
      lines.map((line) =>
        line
          .split(/[\s=]+/)
          .slice(0, 3)
          .join(' '),
      ),
    ).toEqual([
      'npx ledger-conformance reference',
      'export LEDGER_BASE_URL http://127.0.0.1:<participant',
      'export SCAN_BASE_URL http://127.0.0.1:<scan',
      'export LEDGER_JWT_SECRET not-safe-for-production',
      'npx ledger-conformance provision',
      'npx ledger-conformance run',
    ]);
    let last = { stdout: '', stderr: '' };
    let nextHint: string | undefined;
    for (const line of lines) {
      const exported = /^export ([A-Z_]+)=(.*)$/.exec(line);
      if (exported) {
        const participantPort = /participant:\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(served)![1]!;
        const scanPort = /scan:\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(served)![1]!;
        env[exported[1]!] = exported[2]!.replace('<participant port>', participantPort).replace('<scan port>', scanPort);
        continue;
      }
      const args = line.replace(/&$/, '').trim().split(/\s+/);
      expect(args.slice(0, 2)).toEqual(['npx', 'ledger-conformance']);
      const command = args.slice(2);
      if (line.endsWith('&')) {
        server = spawn(process.execPath, [bin, ...command], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
        server.stdout!.on('data', (chunk: Buffer) => {
          served += chunk.toString();
        });
        const started = Date.now();
        while (!/participant_admin\s+eyJ/.test(served)) {
          if (Date.now() - started > 60_000 || server.exitCode !== null) throw new Error(`${line} did not start:\n${served}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(served).toMatch(/scan version: 0\.7\.5/);
        continue;
      }
      if (command[0] === 'run') command.push('--cases', '5');
      last = await execute(process.execPath, [bin, ...command], { cwd: work, env, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 }).catch(
        (error: { code: number; stdout: string; stderr: string }) => {
          throw new Error(`${line} exited ${error.code}:\n${error.stdout}\n${error.stderr}`);
        },
      );
      if (command[0] === 'provision') nextHint = /^next: (.*)$/m.exec(last.stdout)?.[1];
    }
    expect(last.stdout).toMatch(/verdict: certified/);
    // The battery's real-node figure is honest: every case the map counts on a real node provisioned with the suite's
    // DARs (covered, no needsFixture or referenceOnly mark) has every clause it names passed on this bare walkthrough.
    const report = JSON.parse(readFileSync(join(work, 'out/conformance/report.json'), 'utf8')) as {
      clauses: { id: string; status: string }[];
    };
    const status = new Map(report.clauses.map((entry) => [entry.id, entry.status]));
    const notOnThisNode = batteryCases
      .filter((entry) => entry.coverage === 'covered' && entry.needsFixture === undefined && entry.referenceOnly === undefined)
      .filter((entry) => !entry.clauses.every((id) => status.get(id) === 'passed'))
      .map(batteryCaseKey);
    expect(notOnThisNode).toEqual([]);
    // provision's printed next step runs as printed too (with fewer cases, as the README's run line above).
    expect(nextHint, 'provision prints its next step').toMatch(/^npx ledger-conformance run /);
    const hinted = await execute(process.execPath, [bin, ...nextHint!.split(/\s+/).slice(2), '--cases', '5'], {
      cwd: work,
      env,
      timeout: 240_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(hinted.stdout).toMatch(/verdict: certified/);
  }, 300_000);
});
