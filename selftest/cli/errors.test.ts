/**
 * One error type, one mapping to exit codes: every user-facing error class of the tool is walked to the exit code
 * the CLI's top-level handler gives it, every code of the mapping is raised by some class, every `extends Error`
 * outside the reference target is a `ToolError` or an internal error named here with its reason, and the README's
 * "Exit codes" table lists exactly the exit codes the tool has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportError } from '../../cli/report-error.js';
import { AuthProviderError } from '../../client/auth.js';
import { acceptsConnection, probeTarget, TargetUnreachableError, TransportFault, TRANSPORT_FAULT_KINDS } from '../../client/http.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConfigError,
  CouldNotRunError,
  ExitCode,
  exitCodeByErrorCode,
  foreignErrorCodes,
  ToolError,
  UsageError,
  type ExitCodeValue,
} from '../../config/tool-errors.js';
import { PreflightAuthError } from '../../harness/runner/preflight.js';
import { ScenarioSetupError } from '../../load/actors.js';
import { ThresholdParseError } from '../../load/gate.js';
import { LoadOptionError } from '../../load/limits.js';
import { MergeError } from '../../load/merge.js';
import { BaselineMismatchError, ResultPathError } from '../../load/preflight.js';
import { LoadResultError } from '../../load/result.js';
import { StagesParseError } from '../../load/schedule.js';
import { ShardSpecError } from '../../load/shard.js';
import { ProvisionError } from '../../provision/provision-error.js';
import { ScanFixtureError } from '../../reference/scan/index.js';
import { ReportDirectoryInUseError } from '../../reports/lock.js';
import { ReportReadError } from '../../reports/write.js';

const root = join(import.meta.dirname, '..', '..');
const request = { method: 'GET', url: 'http://127.0.0.1:1/readyz', headers: {} };

/** Every user-facing error class, one instance each, with the exit code README "Exit codes" gives it. */
const walk: [string, Error, ExitCodeValue][] = [
  ['UsageError', new UsageError('--x: bad'), 2],
  ['ReportReadError', new ReportReadError('/tmp/report.json', 'missing'), 2],
  ['LoadOptionError', new LoadOptionError('--rate out of range'), 2],
  ['ShardSpecError', new ShardSpecError('--shard "x"'), 2],
  ['ThresholdParseError', new ThresholdParseError('threshold "x"'), 2],
  ['StagesParseError', new StagesParseError('stage "x"'), 2],
  ['LoadResultError', new LoadResultError('not a result'), 2],
  ['MergeError', new MergeError('load merge: none'), 2],
  ['ResultPathError (--result)', new ResultPathError('cannot write', '--result'), 2],
  ['ConfigError', new ConfigError('config.yaml', ['run.cases: found 0']), 3],
  ['ResultPathError (load.resultDir)', new ResultPathError('cannot write', 'load.resultDir'), 3],
  ['BaselineMismatchError', new BaselineMismatchError('another scenario'), 3],
  ['ScanFixtureError (reference, by code)', new ScanFixtureError('members.unknown', 'is known'), 3],
  ['CouldNotRunError', new CouldNotRunError('the test no longer exists'), 4],
  ['TargetUnreachableError', new TargetUnreachableError('http://127.0.0.1:1', new Error('ECONNREFUSED')), 4],
  ...TRANSPORT_FAULT_KINDS.map((kind): [string, Error, ExitCodeValue] => [
    `TransportFault ${kind}`,
    new TransportFault(kind, request, 5, kind),
    4,
  ]),
  ['AuthProviderError', new AuthProviderError('token endpoint answered 500'), 4],
  ['PreflightAuthError', new PreflightAuthError('user alice refused'), 4],
  ['ReportDirectoryInUseError', new ReportDirectoryInUseError('in use by pid 1'), 4],
  ['ProvisionError', new ProvisionError('POST /v2/parties answered 500'), 4],
  ['ScenarioSetupError', new ScenarioSetupError('no actor'), 4],
  ['EADDRINUSE (Node, by code)', Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), 3],
  ['an Error without a code', new Error('bug'), 70],
  ['TypeError', new TypeError('x is undefined'), 70],
];

/** `extends Error` outside reference/ that is no user-facing error, each with the reason. */
const internalErrors: Record<string, string> = {
  'harness/library/property-runner.ts TestSkip': 'ends a test as skipped',
  'harness/library/conformance-test.ts SuiteHang': 'ends a test as a suite error',
  'harness/library/property-runner.ts PropertyFailure': "carries a property's counterexample to the test's outcome",
  'harness/library/environment.ts FixtureGapError': 'ends a test as skipped with the fixture it lacks',
  'checks/assertion.ts CheckFailure': 'a failed clause: the outcome of a test',
  'checks/assertion.ts SwitchedOffCheckStop': 'ends a test whose switched-off check did not hold',
  'checks/assertion.ts SuiteBug': 'a suite error: the outcome of a test',
  'specification/json.ts JsonParseError': 'a body that is not JSON: judged by the checks',
  'specification/json.ts DuplicateJsonKeyError': 'a body with a key twice: judged by the checks',
  'load/http1-response-parser.ts ResponseParseError': 'an answer that is no HTTP/1.x response: counted as a load error',
};

function stderrOf(action: () => number): { code: number; text: string } {
  const written: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((text: string) => {
    written.push(text);
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: action(), text: written.join('') };
  } finally {
    process.stderr.write = original;
  }
}

function productFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('one error type, one mapping to exit codes', () => {
  it.each(walk)('%s exits with its code through the CLI handler', (_name, error, expected) => {
    const { code, text } = stderrOf(() => reportError(error));
    expect(code).toBe(expected);
    if (expected === ExitCode.internal) expect(text).toContain('internal error');
    else expect(text).toMatch(/^error: /);
    if (expected === ExitCode.usage) expect(text).toContain('Run with --help');
    if (error instanceof ToolError) expect(error.exitCode).toBe(expected);
  });

  it('every code of the mapping is raised by a class walked above, and every foreign code', () => {
    const raised = new Set(walk.map(([, error]) => (error as { code?: string }).code));
    expect(Object.keys(exitCodeByErrorCode).filter((code) => !raised.has(code))).toEqual([]);
    expect(Object.keys(foreignErrorCodes).filter((code) => !raised.has(code))).toEqual([]);
  });

  it('every error class outside the reference target is a ToolError, or internal with a reason', () => {
    const walked = new Set(walk.map(([, error]) => error.constructor.name));
    const found: string[] = [];
    const folders = [
      'config',
      'specification',
      'client',
      'generators',
      'checks',
      'harness',
      'suites',
      'reports',
      'load',
      'provision',
      'cli',
    ];
    for (const file of folders.flatMap(productFiles)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/class (\w+) extends (\w+)/g)) {
        const [, name, base] = match as unknown as [string, string, string];
        if (!/Error$|^Error$/.test(base) && base !== 'TargetUnreachableError' && base !== 'ToolError') continue;
        const key = `${relative(root, file)} ${name}`;
        if (internalErrors[key] !== undefined) continue;
        found.push(key);
        expect(walked.has(name) || name === 'ToolError', `${key} (extends ${base}) is not walked to an exit code`).toBe(true);
      }
    }
    expect(found.length).toBeGreaterThan(15);
  });

  it("README's Exit codes table lists exactly the tool's exit codes", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.split('\n## Exit codes\n')[1]!.split('\n## ')[0]!;
    const documented = [...section.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(documented).toEqual([...new Set(Object.values(ExitCode))].sort((a, b) => a - b));
  });
});

describe('one probe of a target', () => {
  const listen = async (): Promise<{ server: Server; url: string }> => {
    const server = createServer((request, response) => response.writeHead(request.url === '/readyz' ? 503 : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  it('any HTTP answer proves the target reachable; a refused connection is TARGET_UNREACHABLE (exit 4) naming the keys', async () => {
    const { server, url } = await listen();
    await expect(probeTarget(url, 'participant')).resolves.toBeUndefined();
    expect(await acceptsConnection(url)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    const refused = await probeTarget(url, 'participant').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TargetUnreachableError);
    expect(refused).toMatchObject({ code: 'TARGET_UNREACHABLE', exitCode: 4, url: `${url}/readyz` });
    expect((refused as Error).message).toMatch(/the participant at .*\/readyz cannot be reached: .*LEDGER_BASE_URL/);
    expect(await acceptsConnection(url, 500)).toBe(false);
  });
});
