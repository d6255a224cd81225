/**
 * The static checks run with the self-tests, so `npm test` (and CI) fails on them with a count like any
 * other test: the type check (typed clause ids, check names and endpoint names reject a typo), ESLint
 * (including the layering rules of eslint.config.js) and Prettier's formatting check.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const execute = promisify(execFile);

async function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [join(root, 'node_modules', command), ...args], {
      cwd: root,
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

// Independent processes: two at a time (maxConcurrency), so that both cores work while this file runs.
describe.concurrent('static checks', () => {
  it('tsc --noEmit finds no type error', async () => {
    const { code, output } = await run('typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);

  it('eslint (with the layering rules) finds no problem', async () => {
    const { code, output } = await run('eslint/bin/eslint.js', ['--max-warnings', '0', '.']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);

  it('prettier finds every file formatted', async () => {
    const { code, output } = await run('prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', '.']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);
});

describe('the layering rules catch a violation (and suites assert only through registered checks)', () => {
  const cases: [file: string, source: string, rule: string][] = [
    [
      'reference/ledger/sneaky.ts',
      "import { clauses } from '../../specification/clauses.js';\nexport const n = clauses.length;\n",
      'architecture/layering',
    ],
    [
      'reference/ledger/sneaky.ts',
      "import { loadConfig } from '../../config/load.js';\nexport const f = loadConfig;\n",
      '@typescript-eslint/no-restricted-imports',
    ],
    [
      'checks/sneaky.ts',
      "import { conformanceTest } from '../harness/library/conformance-test.js';\nexport const f = conformanceTest;\n",
      'architecture/layering',
    ],
    [
      'generators/sneaky.ts',
      "import { authEnforcement } from '../checks/auth.js';\nexport const f = authEnforcement;\n",
      'architecture/layering',
    ],
    [
      'suites/sneaky.ts',
      "import { startReference } from '../reference/index.js';\nexport const f = startReference;\n",
      'architecture/layering',
    ],
    ['harness/sneaky.ts', "import { Faults } from '../reference/faults.js';\nexport const f = Faults;\n", 'architecture/layering'],
    [
      'harness/library/sneaky.ts',
      "import { runConformance } from '../runner/runner.js';\nexport const f = runConformance;\n",
      'architecture/layering',
    ],
    [
      'harness/library/sneaky.ts',
      "import type { Certificate } from '../runner/certificate.js';\nexport type F = Certificate;\n",
      'architecture/layering',
    ],
    [
      'harness/runner/sneaky.ts',
      "import { Faults } from '../../reference/faults.js';\nexport const f = Faults;\n",
      'architecture/layering',
    ],
    [
      'suites/flows/sneaky.suite.ts',
      "import { runConformance } from '../../harness/runner/runner.js';\nexport const f = runConformance;\n",
      'architecture/layering',
    ],
    [
      'suites/participant/sneaky.ts',
      "import { assertClause } from '../../checks/assertion.js';\nexport const f = assertClause;\n",
      '@typescript-eslint/no-restricted-imports',
    ],
    [
      'suites/participant/sneaky.suite.ts',
      "import { submit } from '../flows/semantics-commands.suite.js';\nexport const f = submit;\n",
      'architecture/rooms',
    ],
    ['suites/scan/sneaky.ts', "import { getScan } from '../support/scan-requests.js';\nexport const f = getScan;\n", 'architecture/rooms'],
    ['suites/support/sneaky.ts', "import { x } from '../participant/auth-tokens.suite.js';\nexport const f = x;\n", 'architecture/rooms'],
  ];
  it.each(cases)(
    '%s importing across the line (or a helper outside suites/support/) is an error',
    async (file, source, rule) => {
      const { ESLint } = await import('eslint');
      const eslint = new ESLint({ cwd: root });
      const [result] = await eslint.lintText(source, { filePath: join(root, file) });
      expect(result!.messages.map((message) => message.ruleId)).toContain(rule);
    },
    60_000,
  );

  it('a suite calling a response-level check by hand is an error (architecture/no-response-check-calls), an expectation is not', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: root });
    const handCalls =
      "import { contentTypeConformance } from '../../checks/basic.js';\n" +
      "import * as errors from '../../checks/error-body.js';\n" +
      'export const f = (r: never) => {\n' +
      "  contentTypeConformance(r, 'json', 'format.json-bodies');\n" +
      "  errors.errorBodyConformance(r, r, 'execute.errors.default-body');\n" +
      '};\n';
    const [result] = await eslint.lintText(handCalls, { filePath: join(root, 'suites/participant/sneaky.suite.ts') });
    const fired = result!.messages.filter((message) => message.ruleId === 'architecture/no-response-check-calls');
    expect(fired.map((message) => message.line)).toEqual([1, 4, 5]);
    expect(fired[0]!.message).toContain('contentTypeConformance is a response-level check the check engine applies');
    const expectation =
      "import { expectContentType } from '../../checks/basic.js';\n" +
      "import { expectError } from '../../checks/error-body.js';\n" +
      "export const f = (r: never) => [expectContentType(r, 'text', 'errors.400-text-plain'), expectError(r, r, 'execute.errors.default-body')];\n";
    const [fine] = await eslint.lintText(expectation, { filePath: join(root, 'suites/participant/fine.suite.ts') });
    expect(fine!.messages.map((message) => message.ruleId)).not.toContain('architecture/no-response-check-calls');
    // Outside suites/ (the checks' own self-tests) the checks are called freely.
    const [selftest] = await eslint.lintText(handCalls, { filePath: join(root, 'selftest/checks/sneaky.test.ts') });
    expect(selftest!.messages.map((message) => message.ruleId)).not.toContain('architecture/no-response-check-calls');
  }, 60_000);

  it('the rule names every check function the engine applies (checks/response-checks.ts imports)', async () => {
    const { RESPONSE_LEVEL_CHECKS } = (await import(join(root, 'eslint.config.js'))) as { RESPONSE_LEVEL_CHECKS: string[] };
    const engine = readFileSync(join(root, 'checks/response-checks.ts'), 'utf8');
    const applied = [...engine.matchAll(/^import \{([^}]*)\} from '\.\/(?:basic|error-body|scan|schema)\.js';$/gm)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type ')),
    );
    expect(applied.length).toBeGreaterThan(3);
    expect(RESPONSE_LEVEL_CHECKS).toEqual(expect.arrayContaining(applied));
  });

  it('a suite importing suites/support/ and lower layers is within its room', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: root });
    const source =
      "import { submit } from '../support/ledger.js';\nimport { acceptedWith } from '../../checks/basic.js';\nexport const f = [submit, acceptedWith];\n";
    const [result] = await eslint.lintText(source, { filePath: join(root, 'suites/scan/fine.suite.ts') });
    expect(result!.messages.map((message) => message.ruleId)).not.toContain('architecture/rooms');
  }, 60_000);
});
