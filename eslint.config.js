// ESLint: typescript-eslint's recommended rules, plus the project's architecture as lint rules.
//
// Data flows one way (docs/architecture.md): each stage may import only from the stages before it.
//   config → specification → client → generators → checks → harness → suites → reports → cli
// `load/` is its own pipeline after `client/`; so is `provision/` (it sets a target up and writes its fixtures,
// building on config, specification and client; only the CLI uses it). The reference target (`reference/`) is an independent
// implementation: it may import nothing but config *types*, and only the runner, the load harness, the
// CLI, the self-tests and the benchmarks may start it, through `reference/index.ts`.
// harness/ is two rooms: harness/library/ is what the suites import (conformanceTest, environment, requirements, the
// result model) and harness/runner/ runs them (runner, collector, preflight, latency, certificate, expectations, ...);
// the library never imports the runner (the run report's model is the runner's: harness/runner/run-report.ts), and
// suites import only the library.
// Suites do not call the response-level checks the check engine applies to every exchange (`architecture/no-response-check-calls`).
// Inside suites/, each area (participant/, flows/, scan/, ...) is a room of its own: it holds only `*.suite.ts`
// files, imports no other suite file, and shares helpers only through suites/support/ (`architecture/rooms`).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import architecture from './lint/architecture-rules.js';
import tseslint from 'typescript-eslint';

/**
 * The response-level checks: what the check engine (checks/response-checks.ts) applies to every exchange a test records,
 * and the composites that only repeat them. Suites never call them by hand (`architecture/no-response-check-calls`);
 * selftest/static/static-checks.test.ts holds this list against what the engine imports.
 */
export const RESPONSE_LEVEL_CHECKS = [
  'contentTypeConformance',
  'responseSchemaConformance',
  'scanResponseSchemaConformance',
  'errorBodyConformance',
  'scanErrorBodyConformance',
  'errorCodeTaxonomy',
  'redactedErrorDetails',
];

const stages = ['config', 'specification', 'client', 'generators', 'checks', 'harness', 'suites', 'reports', 'cli'];
const pipeline = 'config → specification → client → generators → checks → harness → suites → reports → cli';

/** Each stage may not import a later stage, the load harness (except cli) or the tests and benchmarks. */
const stageZones = stages.map((stage, index) => ({
  target: stage,
  from: [...stages.slice(index + 1), ...(stage === 'cli' ? [] : ['load', 'provision']), 'selftest', 'bench'],
  message: `${stage}/ is a stage of the pipeline ${pipeline}: it must not import from a later stage.`,
}));

const zones = [
  ...stageZones,
  {
    target: 'harness/library',
    from: ['harness/runner', 'reference'],
    message:
      "harness/library/ is the suites' library: it imports nothing from the runner (harness/runner/) and never starts the reference.",
  },
  {
    target: 'suites',
    from: 'harness/runner',
    message: "Suites import the suites' library (harness/library/), never the runner (harness/runner/).",
  },
  {
    target: 'load',
    from: ['generators', 'checks', 'harness', 'suites', 'reports', 'cli', 'selftest', 'bench'],
    message: 'load/ builds on config, specification and client only (and starts the reference through reference/index.ts).',
  },
  {
    target: 'provision',
    from: ['generators', 'checks', 'harness', 'suites', 'reports', 'cli', 'load', 'reference', 'selftest', 'bench'],
    message: 'provision/ builds on config, specification and client only (it talks to a target; it never starts the reference).',
  },
  {
    target: 'load',
    from: ['provision'],
    message: 'load/ and provision/ are separate pipelines: load/ does not import provision/.',
  },
  {
    target: 'reference',
    from: [...stages.filter((stage) => stage !== 'config'), 'load', 'provision', 'selftest', 'bench'],
    message: 'The reference target is an independent implementation: it imports nothing from the suite (only config types).',
  },
  {
    // Outside reference/, only its entry point may be imported...
    target: ['config', 'specification', 'client', 'generators', 'checks', 'harness', 'suites', 'reports', 'load', 'provision'],
    from: 'reference',
    except: ['index.ts'],
    message: 'Outside reference/, import the reference target only through reference/index.ts.',
  },
  {
    // ...(the CLI also its fault catalogue, reference/faults.ts: data that imports nothing, so `run` checks
    // --inject-fault names without loading the target)...
    target: 'cli',
    from: 'reference',
    except: ['index.ts', 'faults.ts'],
    message: 'Outside reference/, import the reference target only through reference/index.ts (the CLI: also reference/faults.ts).',
  },
  {
    // ...and only by the runner, the load harness, the CLI, the self-tests and the benchmarks.
    target: ['config', 'specification', 'client', 'generators', 'checks', 'suites', 'reports', 'provision'],
    from: 'reference',
    message: 'Only the runner (harness/runner/), load/, cli/, the self-tests and the benchmarks may start the reference target.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { architecture },
    rules: {
      'architecture/no-cycle': 'error',
      'architecture/layering': ['error', { zones }],
      'architecture/rooms': ['error', { folder: 'suites', shared: 'support', roomFile: '.suite.ts' }],
      'architecture/no-response-check-calls': ['error', { folder: 'suites', functions: RESPONSE_LEVEL_CHECKS }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off',
    },
  },
  {
    // reference/ may import config *types* only: no runtime code of the suite reaches the reference target.
    files: ['reference/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/config/*'], allowTypeImports: true, message: 'reference/ may import config types only (import type ...).' },
          ],
        },
      ],
    },
  },
  {
    // A suite asserts through the registered checks (checks/*.ts), never with the raw recorder: the check
    // registry is then the whole list of what can credit a clause.
    files: ['suites/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/checks/assertion.js'],
              importNames: ['assertClause', 'failUnless', 'failUnlessAll', 'recordDeviation', 'withAssertionRecorder'],
              message:
                'Suites assert through a registered check (checks/basic.ts, values.ts, stateful.ts, ...), not assertClause directly.',
            },
          ],
        },
      ],
    },
  },
  {
    // The self-tests poke at loosely typed JSON bodies.
    files: ['selftest/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
