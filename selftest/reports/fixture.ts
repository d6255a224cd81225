/**
 * A crafted run report exercising every corner the writers must handle: a passed, a failed (full details,
 * hostile body), a skipped test; clauses that are covered, not covered, not testable, not shown, and
 * canton-only; and hostile text (`</script>`, `]]>`, quotes, control characters, pipes, backticks).
 */
import type { Clause } from '../../specification/clauses/types.js';
import { computeClauseCoverage, computeVerdict, rejectionCounts } from '../../harness/runner/coverage.js';
import { toCurl } from '../../client/curl.js';
import type { TestResult } from '../../harness/library/results.js';
import type { RunReport } from '../../harness/runner/run-report.js';

export const SECRET_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.s1gnature-SECRET';
export const HOSTILE_BODY =
  '{"error":"</script><script>alert(\'x\')</script>","cdata":"]]>","quote":"\\"q\\" & \'a\'","tick":"```","ctl":"\u0001\u0008"}';
export const FAILED_TEST_ID = "submit-and-wait::rejects an empty actAs (it's 400)";

export const fixtureClauses: Clause[] = [
  {
    id: 'submit-and-wait.actAs.non-empty',
    text: 'actAs | string[] | yes | must be non-empty <b>bold</b>',
    section: 'Endpoints > POST {base_url}/v2/commands/submit-and-wait',
    endpoint: 'submit-and-wait',
    level: 'spec',
    kind: 'endpoint',
    testable: true,
  },
  {
    id: 'submit-and-wait.returns-update-id',
    text: 'returns `updateId` and `completionOffset`',
    section: 'Endpoints > POST {base_url}/v2/commands/submit-and-wait',
    endpoint: 'submit-and-wait',
    level: 'spec',
    kind: 'endpoint',
    testable: true,
  },
  {
    id: 'traffic.balance.required',
    text: 'Traffic account state: `accountId` (string, required), `balance` (int64, required).',
    section: 'Resources and their fields > Other records',
    endpoint: 'traffic-account',
    level: 'spec',
    kind: 'resource',
    testable: true,
    features: ['trafficAccounts'],
  },
  {
    id: 'readyz.text',
    text: 'GET /readyz answers 200 with a plain text body',
    section: 'Endpoints > GET /readyz',
    endpoint: 'readyz',
    level: 'spec',
    kind: 'endpoint',
    testable: true,
  },
  {
    id: 'user.primaryParty.clients-should-set',
    text: 'clients SHOULD set it',
    section: 'Resources and their fields > User',
    level: 'spec',
    kind: 'resource',
    testable: false,
    untestableReason: 'SHOULD advice to clients; nothing a server must do',
  },
  {
    id: 'upload-dar-file-response.fields.not-shown',
    text: 'UploadDarFileResponse: sent when an upload succeeded; fields not shown.',
    section: 'Resources and their fields > Other records',
    level: 'not-shown',
    kind: 'resource',
    testable: false,
    untestableReason: 'the spec states explicitly that this is not shown; recorded, never checked',
  },
  {
    id: 'canton.error.400-text-plain',
    text: 'a malformed body is answered 400 text/plain naming the broken part',
    section: 'canton-json-api.md > Errors',
    endpoint: 'submit-and-wait',
    level: 'canton',
    kind: 'error',
    testable: true,
  },
];

const failedRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:7575/v2/commands/submit-and-wait',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET_TOKEN}` },
  body: '{"commands":{"actAs":[],"note":"it\'s $HOME `id`\nline two"}}',
};

export const fixtureTests: TestResult[] = [
  {
    id: 'submit-and-wait::returns updateId',
    suite: 'submit-and-wait',
    name: 'returns updateId',
    endpoint: 'submit-and-wait',
    clauses: ['submit-and-wait.returns-update-id'],
    checks: ['response_schema_conformance'],
    outcome: 'passed',
    durationMs: 120,
    seed: 42,
    requests: 10,
    assertions: [
      {
        clause: 'submit-and-wait.returns-update-id',
        passed: 3,
        failed: 0,
        inconclusive: 0,
        deviation: 0,
        checks: ['response_schema_conformance'],
      },
    ],
  },
  {
    id: FAILED_TEST_ID,
    suite: 'submit-and-wait',
    name: "rejects an empty actAs (it's 400)",
    endpoint: 'submit-and-wait',
    clauses: ['submit-and-wait.actAs.non-empty', 'submit-and-wait.returns-update-id'],
    checks: ['negative_data_rejection'],
    outcome: 'failed',
    durationMs: 2345,
    seed: 42,
    requests: 31,
    assertions: [
      {
        clause: 'submit-and-wait.actAs.non-empty',
        passed: 0,
        failed: 1,
        inconclusive: 0,
        deviation: 0,
        checks: ['negative_data_rejection'],
      },
    ],
    notReached: [
      { clause: 'submit-and-wait.returns-update-id', reason: 'the test stopped at the failure of submit-and-wait.actAs.non-empty' },
    ],
    failure: {
      check: 'negative_data_rejection',
      clauseId: 'submit-and-wait.actAs.non-empty',
      clauseText: 'actAs | string[] | yes | must be non-empty <b>bold</b>',
      message: 'expected 400 text/plain, got 500 "Internal" & <nothing>',
      exchange: {
        request: failedRequest,
        response: {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-weird': 'a"b<c>' },
          body: HOSTILE_BODY,
        },
        curl: toCurl(failedRequest),
      },
      seed: 42,
      path: '3:1:0',
      counterexample: { actAs: [], note: '</script>' },
      numRuns: 4,
    },
  },
  {
    id: 'traffic::balance is an int64',
    suite: 'traffic',
    name: 'balance is an int64',
    endpoint: 'traffic-accounts',
    clauses: ['traffic.balance.required'],
    checks: ['response_schema_conformance'],
    outcome: 'skipped',
    skipReason: 'the target does not offer traffic accounts (features.trafficAccounts: false)',
    durationMs: 0,
    requests: 0,
    assertions: [],
  },
];

export function fixtureReport(overrides: { interrupted?: boolean; tests?: TestResult[] } = {}): RunReport {
  const tests = overrides.tests ?? fixtureTests;
  const interrupted = overrides.interrupted ?? true;
  const clauses = computeClauseCoverage(tests, fixtureClauses, 'spec');
  const count = (outcome: TestResult['outcome']) => tests.filter((test) => test.outcome === outcome).length;
  return {
    tool: { name: 'ledger-conformance', version: '0.1.0' },
    startedAt: '2025-01-01T10:00:00.000Z',
    finishedAt: '2025-01-01T10:00:03.000Z',
    target: {
      name: 'reference',
      kind: 'reference',
      participant: 'http://127.0.0.1:7575',
      scan: 'http://127.0.0.1:5012/api/scan',
      faults: ['empty-act-as-accepted'],
    },
    profile: 'spec',
    seed: 42,
    cases: 25,
    interrupted,
    selection: { include: ['submit-and-wait'], exclude: [], readOnly: false },
    checks: {
      ran: ['negative_data_rejection', 'response_schema_conformance'],
      switchedOff: ['stateful_consistency'],
      perCheck: [
        { check: 'negative_data_rejection', tests: 1, byTest: 1, byEngine: 0 },
        { check: 'response_schema_conformance', tests: 2, byTest: 1, byEngine: 2 },
      ],
    },
    totals: {
      passed: count('passed'),
      failed: count('failed'),
      errors: count('error'),
      inconclusive: count('inconclusive'),
      skipped: count('skipped'),
      notRun: count('not-run'),
      deviations: clauses.filter((clause) => clause.status === 'deviation').length,
      requests: tests.reduce((sum, test) => sum + (test.requests ?? 0), 0),
      durationMs: 3000,
    },
    tests,
    clauses,
    rejections: rejectionCounts(tests),
    verdict: computeVerdict(tests, clauses, interrupted),
  };
}
