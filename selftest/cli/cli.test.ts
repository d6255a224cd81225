import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// Each test runs the CLI as its own process: the tests are independent, and run two at a time (maxConcurrency).
// A CLI process on a busy 2-core machine can take a while to start: a generous timeout, not a timed test.
const SLOW = 180_000;
const bin = join(process.cwd(), 'bin/ledger-conformance.mjs');

async function cli(
  args: string[],
  env: Record<string, string> = {},
  cwd = process.cwd(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: SLOW, cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `main(argv)` in this process, with what it writes to stdout. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string }> {
  const { main } = await import('../../cli/main.js');
  let stdout = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  }) as typeof process.stdout.write;
  try {
    const code = await main([process.execPath, bin, ...args]);
    return { code, stdout };
  } finally {
    process.stdout.write = write;
  }
}

describe.concurrent('ledger-conformance CLI', { timeout: SLOW }, () => {
  it('has help on every command', async () => {
    // In-process (the help is commander's, whatever process prints it): nine CLI processes would cost ~15 s of CPU.
    const commands = [
      [],
      ['run'],
      ['replay'],
      ['load'],
      ['load', 'merge'],
      ['reference'],
      ['reference', 'serve'],
      ['config'],
      ['config', 'check'],
      ['token'],
      ['report'],
      ['report', 'verify'],
    ];
    const outputs: { code: number; stdout: string }[] = [];
    for (const command of commands) outputs.push(await inProcess([...command, '--help']));
    outputs.forEach((output, index) => {
      expect(output.code, `${commands[index]!.join(' ')} --help`).toBe(0);
      expect(output.stdout).toMatch(/^Usage: ledger-conformance/);
    });
    expect(outputs[1]!.stdout).toContain('--read-only');
    expect(outputs[3]!.stdout).toContain('--threshold');
    // The help of the real executable, once.
    const real = await cli(['run', '--help']);
    expect(real.code).toBe(0);
    expect(real.stdout).toBe(outputs[1]!.stdout);
  });

  it('exit code 2 for a wrong command line', async () => {
    const unknownOption = await cli(['run', '--frobnicate']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("unknown option '--frobnicate'");
    const badNumber = await cli(['run', '--cases', 'many']);
    expect(badNumber.code).toBe(2);
    expect(badNumber.stderr).toContain('--cases must be a whole number');
    const badFault = await cli(['run', '--inject-fault', 'no-such-fault']);
    expect(badFault.code).toBe(2);
    expect(badFault.stderr).toContain('unknown fault "no-such-fault"');
  });

  it('exit code 3 for an invalid configuration, naming the key, without a stack trace', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cli-config-'));
    const path = join(directory, 'bad.yaml');
    writeFileSync(path, 'targets:\n  reference:\n    kind: reference\n    fixtures: /nonexistent.yaml\nrun:\n  concurrency: 0\n');
    const result = await cli(['run', '--config', path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('run.concurrency: found 0 (number), expected a number >= 1');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const missingEnv = await cli(['config', 'check', '--target', 'nope']);
    expect(missingEnv.code).toBe(3);
  });

  it('exit code 4 when a remote target cannot be reached', async () => {
    const result = await cli([
      'run',
      '--target',
      'staging',
      '--fixtures',
      'config/fixtures/reference.yaml',
      '--participant',
      'http://127.0.0.1:9',
      '--scan',
      'http://127.0.0.1:9/api/scan',
    ]);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/cannot be reached.*Check the URL/);
  });

  it('config check prints the resolved configuration with secrets redacted', async () => {
    const result = await cli(['config', 'check'], { REFERENCE_JWT_SECRET: 'very-secret-value' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('configuration is valid');
    expect(result.stdout).toContain('secret: <redacted>');
    expect(result.stdout).not.toContain('very-secret-value');
  });

  it('lists faults and load scenarios', async () => {
    const faults = await cli(['reference', 'serve', '--list-faults']);
    expect(faults.code).toBe(0);
    expect(faults.stdout).toContain('submit-empty-actas-accepted');
    const scenarios = await cli(['load', '--list']);
    expect(scenarios.code).toBe(0);
    expect(scenarios.stdout).toMatch(/submit-and-wait[\s\S]*update-by-offset[\s\S]*readyz[\s\S]*mixed/);
  });
});

/** Runs the CLI with its stdout pipe closed before it writes anything (a reader like `head -1` that went away). */
function cliIntoClosedPipe(args: string[]): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

describe.concurrent('list commands into a closed pipe (`| head -1`)', { timeout: SLOW }, () => {
  it('exit 0 quietly, with no EPIPE stack trace', async () => {
    const commands = [
      ['reference', 'serve', '--list-faults'],
      ['run', '--list-checks'],
      ['run', '--list'],
    ];
    const results = await Promise.all(commands.map((command) => cliIntoClosedPipe(command)));
    results.forEach((result, index) => {
      expect({ command: commands[index]!.join(' '), ...result }).toEqual({
        command: commands[index]!.join(' '),
        code: 0,
        signal: null,
        stderr: '',
      });
    });
  });
});

/**
 * `set -o pipefail; ledger-conformance run ... | head -N` in a shell, as a CI step that trims its log: the reader
 * goes away after N lines, the run must not. Returns the pipeline's exit code (the CLI's, under pipefail).
 */
async function runIntoHead(args: string[], lines: number): Promise<{ code: number; stdout: string }> {
  const script = `"$0" "$1" ${args.map((arg) => `'${arg}'`).join(' ')} | head -${lines}`;
  try {
    const { stdout } = await run('bash', ['-o', 'pipefail', '-c', script, process.execPath, bin], { timeout: SLOW });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe.concurrent('a run whose stdout reader goes away (`| head` under pipefail)', { timeout: SLOW }, () => {
  // Before: `| head -2` exited 0 with no report and a stale lock, `| head -1` in 3 of 6 tries.
  const cases = [
    { lines: 1, include: true },
    { lines: 1, include: true },
    { lines: 1, include: true },
    { lines: 2, include: true },
    { lines: 2, include: true },
    // A longer run (several suite files): its progress lines go on long after the reader left.
    { lines: 2, include: false },
  ];
  it.each(cases.map((entry, index) => ({ ...entry, try: index + 1 })))(
    'head -$lines (try $try, readyz only: $include): exit 1, the reports written, no lock left',
    async ({ lines, include }) => {
      const directory = mkdtempSync(join(tmpdir(), 'cli-pipe-'));
      const args = [
        'run',
        '--inject-fault',
        'readyz-json',
        '--include',
        include ? 'readyz' : 'readyz,auth,errors',
        '--report-dir',
        directory,
      ];
      const result = await runIntoHead(args, lines);
      expect(result.stdout.split('\n').filter((line) => line !== '').length).toBeLessThanOrEqual(lines);
      expect(result.code).toBe(1);
      const files = readdirSync(directory).sort();
      expect(files).toEqual(['clauses.md', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
      const report = JSON.parse(readFileSync(join(directory, 'report.json'), 'utf8')) as { verdict: string; totals: { failed: number } };
      expect(report.verdict).toBe('not-certified');
      expect(report.totals.failed).toBeGreaterThan(0);
    },
  );
});

describe.concurrent('a run with many failures', { timeout: SLOW }, () => {
  it('writes a summary.md under 64 KB (a pull-request comment), verdict first, pointing to report.html', async () => {
    // Before: 84–114 KB for failing runs (this one: 95 failures, 117 KB).
    const directory = mkdtempSync(join(tmpdir(), 'cli-many-failures-'));
    const faults =
      'error-status-ignores-category,malformed-json-500,error-without-category,auth-missing-token-accepted,readyz-json,unknown-route-200,wrong-method-404';
    const result = await cli(['run', '--inject-fault', faults, '--report-dir', directory]);
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(directory, 'report.json'), 'utf8')) as { totals: { failed: number } };
    expect(report.totals.failed).toBeGreaterThanOrEqual(60);
    const summary = readFileSync(join(directory, 'summary.md'), 'utf8');
    expect(summary.length).toBeLessThan(65_536);
    expect(summary.split('\n')[2]).toBe('## ❌ NOT CERTIFIED for the `spec` profile');
    expect(summary).toMatch(/^- … and \d+ more, see report\.html$/m);
    expect(summary).toContain('see report.html (or report.json) for every failure');
  });
});

describe.concurrent('--include', { timeout: SLOW }, () => {
  it('a prefix that matches no test is a usage error, not an empty successful run', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cli-include-'));
    const result = await cli(['run', '--include', 'readyz,no-such-endpoint', '--report-dir', directory]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"no-such-endpoint" matched no test');
  });
});

describe.concurrent('a copy of config/default.yaml in another folder', { timeout: SLOW }, () => {
  it('runs against the embedded target, from that folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cli-copied-config-'));
    copyFileSync(join(process.cwd(), 'config/default.yaml'), join(folder, 'my-config.yaml'));
    const result = await cli(
      ['run', '--config', 'my-config.yaml', '--include', 'readyz', '--concurrency', '1', '--report-dir', 'reports'],
      {},
      folder,
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^[1-9]\d* passed, 0 failed, .*verdict: /m);
    expect(result.stdout).toContain(join(folder, 'reports', 'report.json'));
  });
});

describe.concurrent('errors a user can fix, without a stack trace', { timeout: SLOW }, () => {
  it('replay of a missing report: exit 2, says where to point', async () => {
    const result = await cli(['replay', 'some test', '--report', '/nonexistent/report.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot read the conformance report');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reference serve refuses a flag it would ignore, and a scan version that is no release number', async () => {
    const ignored = await cli(['reference', 'serve', '--list-faults', '--bare', '--scan-version', '0.7.5']);
    expect(ignored.code).toBe(2);
    expect(ignored.stderr).toContain('--scan-version, --bare would be ignored');
    const malformed = await cli(['reference', 'serve', '--bare', '--scan-version', '0.7']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--scan-version: "0.7" is not a Splice release number');
  });

  it('an unwritable report directory: exit 3 before anything runs', async () => {
    const result = await cli(['run', '--include', 'readyz', '--report-dir', '/dev/null/reports']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('run.reportDir / --report-dir: cannot write reports to /dev/null/reports');
  });
});
