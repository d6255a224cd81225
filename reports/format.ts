/**
 * Small text helpers every report writer shares, so the five reports say the same thing the same way.
 */
import { redactHeaders, shellWord } from '../client/curl.js';
import { type RecordedExchange, type TestResult } from '../harness/library/results.js';
import { CLAUSE_STATUSES, type ClauseStatus, type RunReport, type StoppedRun, type Verdict } from '../harness/runner/run-report.js';
import { failedClauseNames, failedClauses } from './tables.js';
import { expectationVerdict, knownFailureCount, unexpectedFailureCount } from '../harness/runner/expectations.js';

/** A response or request body longer than this is cut in the human-readable reports (report.json keeps it whole). */
const BODY_DISPLAY_CHARS = 4_000;
/** A curl command longer than this (a DAR upload) is not repeated in the human-readable reports. */
const CURL_DISPLAY_CHARS = 64 * 1024;

/** JSON.stringify that writes bigints as decimal strings instead of throwing. */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), indent) ?? 'undefined';
}

function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n… (${text.length - limit} more characters; the full text is in report.json)`;
}

function curlForDisplay(curl: string): string {
  if (curl.length <= CURL_DISPLAY_CHARS) return curl;
  return `# the curl command is ${curl.length} characters long (a large body); take it from report.json`;
}

/** How the tool is invoked in printed hints (from the folder ledger-conformance is installed in). */
const TOOL_COMMAND = 'npx ledger-conformance';

/**
 * `replay` as it runs when pasted: it names the report it reads (a report folder is not always the default)
 * and the configuration file the run read (a target of another file is unknown to the default one).
 */
export function replayCommand(testId: string, report?: Pick<RunReport, 'reportPath' | 'certificate'>): string {
  const reportPath = report?.reportPath;
  const configFile = report?.certificate?.configFile;
  return (
    `${TOOL_COMMAND} replay ${shellWord(testId)}${reportPath === undefined ? '' : ` --report ${shellWord(reportPath)}`}` +
    `${configFile === undefined || configFile === 'default' ? '' : ` --config ${shellWord(configFile)}`}`
  );
}

/** The options that point a printed command at the run's configuration, target and (remote) fixtures file. */
function configArguments(report: RunReport): string {
  const file = report.certificate?.configFile;
  const fixtures = report.target.kind === 'remote' ? report.target.fixtures : undefined;
  return (
    `${file !== undefined && file !== 'default' ? ` --config ${shellWord(file)}` : ''} --target ${shellWord(report.target.name)}` +
    `${fixtures !== undefined ? ` --fixtures ${shellWord(fixtures)}` : ''}`
  );
}

/**
 * The lines before a failure's curl command that make it run as printed: the token of the user the request
 * carried (`token --user`), or why it cannot run (the embedded reference stopped with the run).
 */
function reproducePreamble(exchange: RecordedExchange, report: RunReport): string[] {
  const lines: string[] = [];
  if (report.target.kind === 'reference') {
    lines.push(
      `# The embedded reference target stopped with the run: start one with \`${TOOL_COMMAND} reference serve\``,
      '# and put the participant URL it prints in place of the one below.',
    );
  }
  if (exchange.user !== undefined) {
    lines.push(`TOKEN=$(${TOOL_COMMAND} token --user ${shellWord(exchange.user)}${configArguments(report)})`);
  } else if (/\$\{?TOKEN\b/.test(exchange.curl)) {
    lines.push('# set TOKEN to the token the request carried (an unusual token the test made itself)');
  }
  return lines;
}

/** The curl command with what it needs before it (see reproducePreamble). */
export function reproduceScript(exchange: RecordedExchange, report: RunReport): string {
  return [...reproducePreamble(exchange, report), curlForDisplay(exchange.curl)].join('\n');
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

const VERDICT_TITLE: Record<Verdict, string> = {
  certified: 'CERTIFIED',
  'not-certified': 'NOT CERTIFIED',
  'suite-error': 'SUITE ERROR',
  incomplete: 'INCOMPLETE',
};

/** "… with N deviation(s) from the spec, as Canton 3.5 does" (empty when there are none). */
function deviationsNote(report: RunReport): string {
  const count = report.totals.deviations;
  if (count === 0) return '';
  return ` The target deviates from the spec as Canton 3.5 does in ${count} clause(s) (listed apart; not failures).`;
}

/**
 * The verdict's headline. With an expectation file it never says certified over a failure:
 * "NOT CERTIFIED: 3 known failures, none new", "NOT CERTIFIED: 2 unexpected failures (regressions) in a; 3 known".
 */
/** Why the run could not finish and what it ran (a report written before `stopped` existed: from `interrupted`). */
export function stoppedOf(report: RunReport): StoppedRun | undefined {
  if (report.stopped !== undefined) return report.stopped;
  if (!report.interrupted) return undefined;
  const notRun = report.tests.filter((test) => test.outcome === 'not-run').length;
  return { reason: 'interrupted (Ctrl-C)', ran: report.tests.length - notRun, planned: report.tests.length };
}

export function verdictHeadline(report: RunReport): string {
  // A run that could not finish says so first: why it stopped and what ran, before what the tests that ran found.
  const stopped = stoppedOf(report);
  if (stopped !== undefined) return stoppedHeadline(stopped);
  const expectations = report.expectations;
  if (expectations === undefined) return VERDICT_TITLE[report.verdict];
  if (knownFailureCount(expectations) === 0 && expectations.unexpected.length === 0) return VERDICT_TITLE[expectations.verdict];
  const line = expectationVerdict(expectations);
  return `${VERDICT_TITLE['not-certified']}${line.slice('not certified'.length)}`;
}

/** "STOPPED EARLY: the node stopped answering after 64 of 279 tests". */
export function stoppedHeadline(stopped: StoppedRun): string {
  return `STOPPED EARLY: ${stopped.reason} after ${stopped.ran} of ${stopped.planned} tests`;
}

/** The sentence under a stopped run's headline: what was not run, and what the tests that ran came to. */
export function stoppedExplanation(report: RunReport): string {
  const stopped = stoppedOf(report);
  if (stopped === undefined) return '';
  const notRun = stopped.planned - stopped.ran;
  const verdict = report.expectations === undefined ? VERDICT_TITLE[report.verdict] : expectationVerdict(report.expectations);
  return (
    `The run could not finish, ${stopped.reason}: ${stopped.ran} of ${stopped.planned} tests ran, and the other ${notRun} are listed as not run. ` +
    `What ran came to: ${verdict}.`
  );
}

/**
 * How the verdict is coloured: `stopped` (amber) for a run that could not finish; `known-failures` (amber) for a
 * run whose only failures are known ones, which passes its gate but is not certified; otherwise the verdict (the
 * HTML banner's class, summary.md's mark).
 */
export type VerdictTone = Verdict | 'known-failures' | 'stopped';

export function verdictTone(report: RunReport): VerdictTone {
  if (stoppedOf(report) !== undefined) return 'stopped';
  const expectations = report.expectations;
  if (expectations !== undefined && expectations.unexpected.length === 0 && knownFailureCount(expectations) > 0) return 'known-failures';
  return expectations?.verdict ?? report.verdict;
}

/** What the expectation file made of the failures (empty without one). */
export function expectationsExplanation(report: RunReport): string {
  const expectations = report.expectations;
  if (expectations === undefined) return '';
  const known = knownFailureCount(expectations);
  const parts = [
    `Expectations ${expectations.file} (node version ${expectations.nodeVersion}):`,
    expectations.unexpected.length === 0
      ? 'no unexpected failure.'
      : `${unexpectedFailureCount(expectations)} unexpected failure(s) (regressions) in ${expectations.unexpected
          .map((entry) => entry.clause ?? entry.tests.join(', '))
          .join(', ')}.`,
    known > 0
      ? `${known} known failure(s) in ${expectations.known.map((entry) => entry.id).join(', ')}: not certified` +
        (expectations.unexpected.length === 0 ? ', though the run passes its gate (exit 0; --require certified fails it).' : '.')
      : '',
    known > 0 && expectations.unexpected.length === 0 && expectations.withoutKnown !== 'certified'
      ? `With the known failures set aside the run would still be ${expectations.withoutKnown}.`
      : '',
    expectations.behindKnownFailures.length > 0
      ? `${expectations.behindKnownFailures.length} clause(s) were not reached because a known failure stopped their test first.`
      : '',
    expectations.unexpectedlyPassing.length > 0
      ? `Unexpectedly passing (tighten the file): ${expectations.unexpectedlyPassing.map((entry) => `${entry.kind} ${entry.id}`).join(', ')}.`
      : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

export function verdictExplanation(report: RunReport): string {
  const profile = `the ${report.profile} profile`;
  switch (report.verdict) {
    case 'certified':
      return `Nothing failed, and every testable clause of ${profile} was asserted and passed or was skipped for a declared missing feature.${deviationsNote(report)}`;
    case 'not-certified': {
      const failing = failedClauses(report).length;
      const errors =
        report.totals.errors > 0
          ? ` The suite also broke in ${report.totals.errors} test(s) (suite errors, not the target's failures).`
          : '';
      return `${report.totals.failed} test(s) failed against ${profile}, failing ${failing} clause(s): ${failedClauseNames(report)}.${errors}${deviationsNote(report)}`;
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
export function failureText(test: TestResult, report?: RunReport): string {
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
  if (exchange !== undefined) {
    lines.push('', '--- reproduce', report === undefined ? curlForDisplay(exchange.curl) : reproduceScript(exchange, report));
  }
  lines.push('', `--- replay: ${replayCommand(test.id, report)}`);
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

/**
 * A clause whose text is a row of one of the spec's tables (`| seconds | int64 | yes | |`) as a sentence:
 * "Field `seconds`: int64, required." Undefined when the text is not a table row (it reads as it is).
 * The reports keep the verbatim row beside it.
 */
export function clauseSentence(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return undefined;
  const cells = trimmed
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
  const [name, type, third, ...rest] = cells;
  if (name === undefined || name === '' || type === undefined) return undefined;
  const notes = (parts: (string | undefined)[]) =>
    parts
      .filter((part): part is string => part !== undefined && part !== '')
      .map((part) => part.replace(/[.\s]+$/, ''))
      .join('; ');
  const requirement = third?.toLowerCase();
  if (cells.length >= 3 && requirement !== undefined && /^(yes|no|required|optional)\b/.test(requirement)) {
    const required = requirement.startsWith('yes') || requirement.startsWith('required');
    const extra = notes([third!.replace(/^(yes|no|required|optional)\b[\s,;:]*/i, ''), ...rest]);
    return `Field \`${name}\`: ${type}, ${required ? 'required' : 'optional'}${extra === '' ? '' : ` (${extra})`}.`;
  }
  const extra = notes([third, ...rest]);
  return `\`${name}\`: ${type}${extra === '' ? '' : ` (${extra})`}.`;
}

/** The certificate as (name, value) rows, the same in summary.md and report.html. */
export function certificateRows(report: RunReport): [string, string][] {
  const certificate = report.certificate;
  const rows: [string, string][] = [];
  if (certificate === undefined) return rows;
  const versionText = (answer: NonNullable<RunReport['certificate']>['node']): string =>
    answer.version !== undefined
      ? `${answer.version}${answer.problem === undefined ? '' : ` (${answer.problem})`} — ${answer.url}`
      : `unknown (${answer.problem ?? 'the answer has no version'}) — ${answer.url}`;
  rows.push(['Node version (/v2/version)', versionText(certificate.node)]);
  if (certificate.scan !== undefined) rows.push(['Scan version (/version)', versionText(certificate.scan)]);
  const features = Object.entries(certificate.features)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(', ');
  rows.push(
    ['Declared features', features],
    ['Tool', `${certificate.tool.name} ${certificate.tool.version}, commit ${certificate.tool.commit}`],
    ['Clause registry', `${certificate.clauseCount} clauses, ${certificate.clauseRegistryDigest}`],
    [
      'Configuration',
      `${certificate.configFile === 'default' ? 'the default config' : certificate.configFile}, ${certificate.configDigest} (secrets left out)`,
    ],
  );
  if (report.digest !== undefined) {
    rows.push(['Report digest', `${report.digest} (check with \`${TOOL_COMMAND} report verify report.json\`)`]);
  }
  return rows;
}
