/**
 * Expectation files: the failures a team already knows about, so a run fails only on new ones (as Test262
 * runners and wptrunner's expectation metadata do, and as Canton's own battery keeps version-ranged exclusions).
 *
 * ```yaml
 * clauses:
 *   readyz.response.text-plain:
 *     outcome: failed
 *     reason: our proxy rewrites the content type (TICKET-12)
 *     versions: ['3.4']        # optional: node versions (from /v2/version) it applies to; a prefix or a * pattern
 * tests:
 *   'readyz::answers 200 text/plain when ready':
 *     outcome: failed
 *     reason: …
 * ```
 *
 * A failed test is expected when its test id, or the clause it failed on, is listed. A listed clause or test that
 * now passes is "unexpectedly passing" (tighten the file). A listed one that did not run this time is left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { ConfigError } from '../../config/tool-errors.js';
import type {
  ClauseStatus,
  ExpectationSummary,
  KnownFailure,
  RunReport,
  UnexpectedFailure,
  UnexpectedPass,
  Verdict,
} from './run-report.js';

export type { ExpectationSummary, KnownFailure, UnexpectedFailure, UnexpectedPass } from './run-report.js';

export interface Expectation {
  outcome: 'failed';
  reason: string;
  /** Node versions it applies to; absent: every version. */
  versions?: string[];
}

export interface ExpectationFile {
  clauses: Record<string, Expectation>;
  tests: Record<string, Expectation>;
}

const EMPTY: ExpectationFile = { clauses: {}, tests: {} };

export function readExpectations(path: string, options: { missingIsEmpty?: boolean } = {}): ExpectationFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (options.missingIsEmpty && (error as NodeJS.ErrnoException).code === 'ENOENT') return { clauses: {}, tests: {} };
    throw new ConfigError(`--expectations ${path}`, [
      `cannot read the expectation file (${(error as Error).message}); write one with \`run --update-expectations ${path}\``,
    ]);
  }
  return parseExpectations(text, path);
}

export function parseExpectations(text: string, source: string): ExpectationFile {
  let parsed: unknown;
  try {
    parsed = parse(text) ?? {};
  } catch (error) {
    throw new ConfigError(`--expectations ${source}`, [`not valid YAML: ${(error as Error).message}`]);
  }
  const issues: string[] = [];
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`--expectations ${source}`, ['the top level must be a mapping with `clauses:` and/or `tests:`']);
  }
  const top = parsed as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if (key !== 'clauses' && key !== 'tests') issues.push(`${key}: unknown key; expected \`clauses\` or \`tests\``);
  }
  const section = (name: 'clauses' | 'tests'): Record<string, Expectation> => {
    const value = top[name];
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      issues.push(`${name}: expected a mapping from ${name === 'clauses' ? 'clause id' : 'test id'} to {outcome, reason, versions}`);
      return {};
    }
    const entries: Record<string, Expectation> = {};
    for (const [id, raw] of Object.entries(value as Record<string, unknown>)) {
      const where = `${name}.${id}`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        issues.push(`${where}: expected {outcome: failed, reason: "...", versions: [...]}`);
        continue;
      }
      const entry = raw as Record<string, unknown>;
      for (const key of Object.keys(entry)) {
        if (!['outcome', 'reason', 'versions'].includes(key))
          issues.push(`${where}.${key}: unknown key; expected outcome, reason or versions`);
      }
      if (entry.outcome !== 'failed') issues.push(`${where}.outcome: found ${JSON.stringify(entry.outcome)}, expected "failed"`);
      if (typeof entry.reason !== 'string' || entry.reason.trim() === '') {
        issues.push(`${where}.reason: every known failure needs a reason (why it fails, a ticket)`);
      }
      const versions = entry.versions;
      if (versions !== undefined && (!Array.isArray(versions) || !versions.every((item) => typeof item === 'string' && item !== ''))) {
        issues.push(`${where}.versions: expected a list of node versions such as ['3.4', '3.5.0-*']`);
      }
      entries[id] = {
        outcome: 'failed',
        reason: String(entry.reason ?? ''),
        ...(Array.isArray(versions) ? { versions: versions.map(String) } : {}),
      };
    }
    return entries;
  };
  const file = { clauses: section('clauses'), tests: section('tests') };
  if (issues.length > 0) throw new ConfigError(`--expectations ${source}`, issues);
  return file;
}

/** A version pattern: `3.4` matches 3.4 and 3.4.x; `*` matches any run of characters. */
export function versionApplies(patterns: readonly string[] | undefined, nodeVersion: string): boolean {
  if (patterns === undefined) return true;
  return patterns.some((pattern) => {
    if (pattern.includes('*')) {
      const expression = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
      return expression.test(nodeVersion);
    }
    return nodeVersion === pattern || nodeVersion.startsWith(`${pattern}.`) || nodeVersion.startsWith(`${pattern}-`);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const firstLine = (text: string | undefined): string => (text ?? '').split('\n')[0] ?? '';

/** Sorts a run's failures into known and unexpected, and finds listed failures that now pass. */
export function applyExpectations(report: RunReport, expectations: ExpectationFile, file: string): ExpectationSummary {
  const nodeVersion = report.certificate?.node.version ?? 'unknown';
  const notApplicable: string[] = [];
  const applicable = (kind: 'clauses' | 'tests'): Map<string, Expectation> => {
    const entries = new Map<string, Expectation>();
    for (const [id, entry] of Object.entries(expectations[kind])) {
      if (versionApplies(entry.versions, nodeVersion)) entries.set(id, entry);
      else
        notApplicable.push(`${kind === 'clauses' ? 'clause' : 'test'} ${id} (versions ${entry.versions?.join(', ')}; node ${nodeVersion})`);
    }
    return entries;
  };
  const clauseEntries = applicable('clauses');
  const testEntries = applicable('tests');
  const failed = report.tests.filter((test) => test.outcome === 'failed');
  const known = new Map<string, KnownFailure>();
  const unexpectedByClause = new Map<string, UnexpectedFailure>();
  const knownTests = new Set<string>();
  for (const test of failed) {
    const clause = test.failure?.clauseId;
    const byTest = testEntries.get(test.id);
    const byClause = clause === undefined ? undefined : clauseEntries.get(clause);
    if (byTest !== undefined) {
      known.set(`test ${test.id}`, { kind: 'test', id: test.id, reason: byTest.reason, tests: [test.id] });
      knownTests.add(test.id);
    } else if (byClause !== undefined && clause !== undefined) {
      const entry = known.get(`clause ${clause}`) ?? { kind: 'clause', id: clause, reason: byClause.reason, tests: [] };
      entry.tests.push(test.id);
      known.set(`clause ${clause}`, entry);
      knownTests.add(test.id);
    } else {
      const key = clause ?? `(no clause) ${test.id}`;
      const entry = unexpectedByClause.get(key) ?? {
        ...(clause !== undefined ? { clause } : {}),
        tests: [],
        message: firstLine(test.failure?.message),
      };
      entry.tests.push(test.id);
      unexpectedByClause.set(key, entry);
    }
  }
  // A clause can fail without its test failing on it first (several assertions failing in one test): it is
  // unexpected unless listed, or unless every test that asserted it is a known failure.
  for (const clause of report.clauses.filter((entry) => entry.status === 'failed')) {
    if (clauseEntries.has(clause.id) || unexpectedByClause.has(clause.id)) continue;
    const failing = clause.assertedBy.filter((id) => failed.some((test) => test.id === id));
    if (failing.length > 0 && failing.every((id) => knownTests.has(id))) continue;
    unexpectedByClause.set(clause.id, { clause: clause.id, tests: clause.assertedBy, message: 'an assertion of this clause failed' });
  }
  const unexpectedlyPassing: UnexpectedPass[] = [];
  const statusOf = new Map(report.clauses.map((clause) => [clause.id, clause.status]));
  const passing: readonly ClauseStatus[] = ['passed', 'deviation'];
  for (const [id, entry] of clauseEntries) {
    const status = statusOf.get(id);
    if (status !== undefined && passing.includes(status)) unexpectedlyPassing.push({ kind: 'clause', id, reason: entry.reason });
  }
  const outcomeOf = new Map(report.tests.map((test) => [test.id, test.outcome]));
  for (const [id, entry] of testEntries) {
    if (outcomeOf.get(id) === 'passed') unexpectedlyPassing.push({ kind: 'test', id, reason: entry.reason });
  }
  const behindKnownFailures = report.clauses
    .filter((clause) => clause.status === 'not-reached')
    .filter((clause) => {
      const stoppedBy = report.tests.filter((test) => test.notReached?.some((entry) => entry.clause === clause.id));
      return stoppedBy.length > 0 && stoppedBy.every((test) => knownTests.has(test.id));
    })
    .map((clause) => clause.id);
  const unexpected = [...unexpectedByClause.values()].sort((left, right) => right.tests.length - left.tests.length);
  const withoutKnown = verdictWithoutKnownFailures(report, unexpected.length, new Set(behindKnownFailures));
  return {
    file,
    nodeVersion,
    known: [...known.values()].sort((left, right) => right.tests.length - left.tests.length),
    unexpected,
    unexpectedlyPassing,
    notApplicable,
    behindKnownFailures,
    // Known failures are failures: the run is not certified, it only passes the gate (exit 0) when none is new.
    verdict: unexpected.length > 0 || known.size > 0 ? 'not-certified' : withoutKnown,
    withoutKnown,
  };
}

/** computeVerdict with the known failures set aside, and the clauses only they stopped counted as behind them. */
function verdictWithoutKnownFailures(report: RunReport, unexpected: number, behind: Set<string>): Verdict {
  if (unexpected > 0) return 'not-certified';
  if (report.tests.some((test) => test.outcome === 'error')) return 'suite-error';
  if (report.interrupted) return 'incomplete';
  const open: ClauseStatus[] = ['not-covered', 'not-reached', 'inconclusive'];
  if (report.clauses.some((clause) => open.includes(clause.status) && !behind.has(clause.id))) return 'incomplete';
  return 'certified';
}

/**
 * The expectation file a run's outcomes call for: every failure listed (at clause level, or at test level where
 * the file already listed the test), reasons kept from the old file, entries that now pass dropped, entries for
 * clauses and tests that did not run this time kept as they were.
 */
export function updatedExpectations(report: RunReport, previous: ExpectationFile = EMPTY): ExpectationFile {
  const ran = new Set(report.tests.filter((test) => test.outcome !== 'skipped' && test.outcome !== 'not-run').map((test) => test.id));
  const clauseStatus = new Map(report.clauses.map((clause) => [clause.id, clause.status]));
  const clauses: Record<string, Expectation> = {};
  const tests: Record<string, Expectation> = {};
  const failed = report.tests.filter((test) => test.outcome === 'failed');
  for (const test of failed) {
    const old = previous.tests[test.id];
    if (old !== undefined) {
      tests[test.id] = old;
      continue;
    }
    const clause = test.failure?.clauseId;
    if (clause === undefined) {
      tests[test.id] = { outcome: 'failed', reason: `observed: ${firstLine(test.failure?.message)}` };
      continue;
    }
    clauses[clause] ??= previous.clauses[clause] ?? { outcome: 'failed', reason: `observed: ${firstLine(test.failure?.message)}` };
  }
  for (const clause of report.clauses.filter((entry) => entry.status === 'failed')) {
    if (clauses[clause.id] !== undefined || clause.assertedBy.some((id) => tests[id] !== undefined)) continue;
    clauses[clause.id] = previous.clauses[clause.id] ?? { outcome: 'failed', reason: 'observed: an assertion of this clause failed' };
  }
  // What this run did not try keeps its entry: a narrow --include must not wipe the rest of the file.
  for (const [id, entry] of Object.entries(previous.clauses)) {
    const status = clauseStatus.get(id);
    const tried = status === 'passed' || status === 'deviation' || status === 'failed';
    if (!tried && clauses[id] === undefined) clauses[id] = entry;
  }
  for (const [id, entry] of Object.entries(previous.tests)) {
    if (!ran.has(id) && tests[id] === undefined) tests[id] = entry;
  }
  return { clauses: sortRecord(clauses), tests: sortRecord(tests) };
}

function sortRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([left], [right]) => left.localeCompare(right)));
}

export function writeExpectations(path: string, file: ExpectationFile, report: RunReport): void {
  const header = [
    `# Known failures of ${report.target.name} (profile ${report.profile}), for \`ledger-conformance run --expectations ${path}\`.`,
    `# Written by --update-expectations from the run of ${report.startedAt}; reasons already in the file were kept.`,
    '# A run fails only on a failure not listed here. Each entry: outcome (failed), reason, and optionally',
    "# versions: the node versions (/v2/version) it applies to, e.g. ['3.4', '3.5.0-*'].",
  ].join('\n');
  const body: Record<string, unknown> = {};
  if (Object.keys(file.clauses).length > 0) body.clauses = file.clauses;
  if (Object.keys(file.tests).length > 0) body.tests = file.tests;
  writeFileSync(path, `${header}\n${Object.keys(body).length > 0 ? stringify(body, { lineWidth: 0 }) : 'clauses: {}\n'}`, 'utf8');
}

/** How many failed tests an expectation file knew about (every test of every known entry). */
export function knownFailureCount(summary: ExpectationSummary): number {
  return summary.known.reduce((sum, entry) => sum + entry.tests.length, 0);
}

/** How many failed tests it did not know about. */
export function unexpectedFailureCount(summary: ExpectationSummary): number {
  return summary.unexpected.reduce((sum, entry) => sum + entry.tests.length, 0);
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The run read against its expectation file, in one sentence that never says certified over a failure:
 * "not certified: 3 known failures, none new", "not certified: 2 unexpected failures (regressions) in a, b; 3 known",
 * else the verdict ("certified", "incomplete").
 */
export function expectationVerdict(summary: ExpectationSummary): string {
  const knownCount = knownFailureCount(summary);
  const unexpectedCount = unexpectedFailureCount(summary);
  return summary.unexpected.length > 0
    ? `not certified: ${plural(unexpectedCount, 'unexpected failure')} (regressions) in ${summary.unexpected
        .map((entry) => entry.clause ?? entry.tests.join(', '))
        .join(', ')}${knownCount > 0 ? `; ${knownCount} known` : ''}`
    : knownCount > 0
      ? `not certified: ${plural(knownCount, 'known failure')}, none new`
      : summary.verdict;
}

/** expectationVerdict, and the listed failures that now pass (tighten the file). */
export function expectationVerdictLine(summary: ExpectationSummary): string {
  const passing =
    summary.unexpectedlyPassing.length > 0
      ? `; unexpectedly passing (remove from ${summary.file}): ${summary.unexpectedlyPassing.map((entry) => entry.id).join(', ')}`
      : '';
  return `${expectationVerdict(summary)}${passing}`;
}
