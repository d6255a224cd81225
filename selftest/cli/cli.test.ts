import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = join(process.cwd(), 'bin/ledger-conformance.mjs');

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('ledger-conformance CLI', () => {
  it('has help on every command', async () => {
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
    ];
    const outputs = await Promise.all(commands.map((command) => cli([...command, '--help'])));
    outputs.forEach((output, index) => {
      expect(output.code, `${commands[index]!.join(' ')} --help`).toBe(0);
      expect(output.stdout).toMatch(/^Usage: ledger-conformance/);
    });
    expect(outputs[1]!.stdout).toContain('--read-only');
    expect(outputs[3]!.stdout).toContain('--threshold');
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

describe('--include', () => {
  it('a prefix that matches no test is a usage error, not an empty successful run', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cli-include-'));
    const result = await cli(['run', '--include', 'readyz,no-such-endpoint', '--report-dir', directory]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"no-such-endpoint" matched no test');
  });
});

describe('errors a user can fix, without a stack trace', () => {
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
