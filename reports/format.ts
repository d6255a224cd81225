/**
 * Small text helpers every report writer shares, so the four reports say the same thing the same way.
 */
import { redactHeaders, shellWord } from '../client/curl.js';
import type { ClauseStatus, RunReport, TestResult, Verdict } from '../harness/results.js';

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
  incomplete: 'INCOMPLETE',
};

export function verdictExplanation(report: RunReport): string {
  const profile = `the ${report.profile} profile`;
  switch (report.verdict) {
    case 'certified':
      return `Nothing failed, and every testable clause of ${profile} passed or was skipped for a declared missing feature.`;
    case 'not-certified':
      return `${report.totals.failed} test(s) failed against ${profile}.`;
    case 'incomplete': {
      const notCovered = report.clauses.filter((clause) => clause.status === 'not-covered').length;
      const causes = [
        report.interrupted ? 'the run was interrupted, so the report covers only what ran' : '',
        notCovered > 0 ? `${notCovered} testable clause(s) of ${profile} were not covered by any test` : '',
      ].filter((cause) => cause !== '');
      return `Nothing failed, but ${causes.join(', and ')}.`;
    }
  }
}

/** The order statuses are counted and offered in, best first. */
export const STATUS_ORDER: ClauseStatus[] = ['passed', 'failed', 'skipped', 'not-covered', 'not-testable', 'not-shown', 'not-in-profile'];

export const STATUS_LABEL: Record<ClauseStatus, string> = {
  passed: 'passed',
  failed: 'failed',
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
  const lines = [`${failure.clauseId}: ${failure.clauseText}`, `check: ${failure.check}`, failure.message];
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
