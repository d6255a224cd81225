/**
 * Small text helpers every report writer shares, so the four reports say the same thing the same way.
 */
import { redactHeaders, shellWord } from '../client/curl.js';
import { CLAUSE_STATUSES, type ClauseStatus, type RunReport, type TestResult, type Verdict } from '../harness/results.js';

/** A response or request body longer than this is cut in the human-readable reports (report.json keeps it whole). */
export const BODY_DISPLAY_CHARS = 4_000;
/** A curl command longer than this (a DAR upload) is not repeated in the human-readable reports. */
export const CURL_DISPLAY_CHARS = 64 * 1024;

/** JSON.stringify that writes bigints as decimal strings instead of throwing. */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), indent) ?? 'undefined';
}

export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n… (${text.length - limit} more characters; the full text is in report.json)`;
}

export function curlForDisplay(curl: string): string {
  if (curl.length <= CURL_DISPLAY_CHARS) return curl;
  return `# the curl command is ${curl.length} characters long (a large body); take it from report.json`;
}

export function replayCommand(testId: string): string {
  return `ledger-conformance replay ${shellWord(testId)}`;
}

export function seconds(durationMs: number): string {
  return (durationMs / 1000).toFixed(3);
}

export function humanDuration(durationMs: number): string {
  if (durationMs < 1000) return `${Math.round(durationMs)} ms`;
  if (durationMs < 60_000) return `${(durationMs / 1000).toFixed(1)} s`;
  const minutes = Math.floor(durationMs / 60_000);
  return `${minutes} min ${Math.round((durationMs % 60_000) / 1000)} s`;
}

export const VERDICT_TITLE: Record<Verdict, string> = {
  certified: 'CERTIFIED',
  'not-certified': 'NOT CERTIFIED',
  'suite-error': 'SUITE ERROR',
  incomplete: 'INCOMPLETE',
};

/** "… with N deviation(s) from the spec, as Canton 3.5 does" (empty when there are none). */
export function deviationsNote(report: RunReport): string {
  const count = report.totals.deviations;
  if (count === 0) return '';
  return ` The target deviates from the spec as Canton 3.5 does in ${count} clause(s) (listed apart; not failures).`;
}

export function verdictExplanation(report: RunReport): string {
  const profile = `the ${report.profile} profile`;
  switch (report.verdict) {
    case 'certified':
      return `Nothing failed, and every testable clause of ${profile} was asserted and passed or was skipped for a declared missing feature.${deviationsNote(report)}`;
    case 'not-certified': {
      const failedClauses = report.clauses.filter((clause) => clause.status === 'failed').length;
      const errors =
        report.totals.errors > 0
          ? ` The suite also broke in ${report.totals.errors} test(s) (suite errors, not the target's failures).`
          : '';
      return `${report.totals.failed} test(s) failed against ${profile}, failing ${failedClauses} clause(s).${errors}${deviationsNote(report)}`;
    }
    case 'suite-error':
      return `The target failed nothing, but the suite itself broke in ${report.totals.errors} test(s): their clauses were not reached. This is a bug of ledger-conformance or of its configuration, not a failure of the target.`;
    case 'incomplete': {
      const count = (status: ClauseStatus) => report.clauses.filter((clause) => clause.status === status).length;
      const causes = [
        report.interrupted ? 'the run was interrupted, so the report covers only what ran' : '',
        count('not-covered') > 0 ? `${count('not-covered')} testable clause(s) of ${profile} were not covered by any assertion` : '',
        count('not-reached') > 0 ? `${count('not-reached')} clause(s) were not reached` : '',
        count('inconclusive') > 0 ? `${count('inconclusive')} clause(s) had only inconclusive evidence` : '',
      ].filter((cause) => cause !== '');
      return `Nothing failed, but ${causes.join(', and ')}.${deviationsNote(report)}`;
    }
  }
}

/** The order statuses are counted and offered in, best first. */
export const STATUS_ORDER: readonly ClauseStatus[] = CLAUSE_STATUSES;

export const STATUS_LABEL: Record<ClauseStatus, string> = {
  passed: 'passed',
  failed: 'failed',
  deviation: 'deviates as Canton does',
  inconclusive: 'inconclusive',
  'not-reached': 'not reached',
  skipped: 'skipped',
  'not-covered': 'not covered',
  'not-testable': 'not testable',
  'not-shown': 'not shown',
  'not-in-profile': 'not in profile',
};

export const NO_RESPONSE = 'none (no answer before the timeout, or the connection failed)';

/** A request or response as HTTP/1.1 shows it: start line, headers (tokens redacted), blank line, body (cut). */
export function httpMessage(startLine: string, headers: Record<string, string>, body: string | undefined): string {
  const lines = [startLine, ...Object.entries(redactHeaders(headers)).map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined && body !== '') lines.push('', truncate(body, BODY_DISPLAY_CHARS));
  return lines.join('\n');
}

/** The whole story of one failure as plain text (JUnit failure body; the other reports lay it out richer). */
export function failureText(test: TestResult): string {
  const failure = test.failure;
  if (failure === undefined) return `${test.id} failed (no details were recorded)`;
  const lines = [
    failure.clauseId === undefined
      ? 'the suite itself broke (not a failure of the target)'
      : `${failure.clauseId}: ${failure.clauseText ?? ''}`,
    `check: ${failure.check}`,
    failure.message,
  ];
  const exchange = failure.exchange;
  if (exchange !== undefined) {
    const { request, response } = exchange;
    lines.push('', '--- request', httpMessage(`${request.method} ${request.url}`, request.headers, request.body));
    lines.push('', '--- response');
    lines.push(response === undefined ? NO_RESPONSE : httpMessage(`HTTP ${response.status}`, response.headers, response.body));
  }
  const facts = propertyFacts(test);
  lines.push('');
  if (facts.seed !== undefined) lines.push(`seed: ${facts.seed}`);
  if (facts.path !== undefined) lines.push(`path: ${facts.path}`);
  if (facts.runs !== undefined) lines.push(`runs: ${facts.runs}`);
  if (facts.counterexample !== undefined) lines.push(`counterexample: ${facts.counterexample}`);
  if (exchange !== undefined) lines.push('', '--- reproduce (set TOKEN first)', curlForDisplay(exchange.curl));
  lines.push('', `--- replay: ${replayCommand(test.id)}`);
  return lines.join('\n');
}

export interface PropertyFacts {
  seed?: number;
  path?: string;
  runs?: number;
  /** The shrunk counterexample as (truncated) pretty JSON. */
  counterexample?: string;
}

/** fast-check's seed, path and shrunk counterexample of a failed property. */
export function propertyFacts(test: TestResult): PropertyFacts {
  const failure = test.failure;
  const facts: PropertyFacts = {};
  const seed = failure?.seed ?? test.seed;
  if (seed !== undefined) facts.seed = seed;
  if (failure?.path !== undefined) facts.path = failure.path;
  if (failure?.numRuns !== undefined) facts.runs = failure.numRuns;
  if (failure?.counterexample !== undefined) facts.counterexample = truncate(jsonText(failure.counterexample), BODY_DISPLAY_CHARS);
  return facts;
}
