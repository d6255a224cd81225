import { describe, expect, it } from 'vitest';
import { SUMMARY_LIMIT_CHARS, writeClausesMarkdown, writeSummaryMarkdown } from '../../reports/summary-md.js';
import { writeReportHtml } from '../../reports/html.js';
import type { TestResult } from '../../harness/library/results.js';
import { FAILED_TEST_ID, SECRET_TOKEN, fixtureReport, fixtureTests } from './fixture.js';

function codeBlocks(markdown: string): { language: string; content: string }[] {
  return [...markdown.matchAll(/^(`{3,})(\w*)\n([\s\S]*?)\n\1$/gm)].map((match) => ({ language: match[2] ?? '', content: match[3] ?? '' }));
}

/** Consecutive lines starting with `|`, outside code blocks. */
function tables(markdown: string): string[][] {
  const withoutCode = markdown.replace(/^(`{3,})\w*\n[\s\S]*?\n\1$/gm, '');
  const found: string[][] = [];
  let current: string[] = [];
  for (const line of withoutCode.split('\n')) {
    if (line.startsWith('|')) {
      current.push(line);
    } else if (current.length > 0) {
      found.push(current);
      current = [];
    }
  }
  if (current.length > 0) found.push(current);
  return found;
}

const cellBreaks = (row: string) => row.match(/(?<!\\)\|/g)?.length ?? 0;

describe('writeSummaryMarkdown', () => {
  const report = fixtureReport();
  const markdown = writeSummaryMarkdown(report);
  const clausesMarkdown = writeClausesMarkdown(report);

  it('leads with the verdict, the run facts and the totals', () => {
    // The fixture run was interrupted: that comes first, then what the tests that ran came to.
    expect(markdown).toMatch(
      /^# Conformance report: reference\n\n## ⏹️ STOPPED EARLY: interrupted \(Ctrl-C\) after 3 of 3 tests for the `spec` profile\n\n> \*\*The run could not finish, interrupted \(Ctrl-C\): 3 of 3 tests ran, and the other 0 are listed as not run\. What ran came to: NOT CERTIFIED\.\*\*/,
    );
    expect(markdown).toContain('| Seed | 42 ');
    expect(markdown).toContain('| Faults injected | empty-act-as-accepted |');
    expect(markdown).toContain('**Tests:** 1 passed · 1 failed · 0 suite errors · 0 inconclusive · 1 skipped · 41 requests · 3.0 s');
    expect(markdown).toContain(
      '**Clauses:** 1 passed · 1 failed · 1 skipped · 1 not covered · 1 not testable · 1 not shown · 1 not in profile',
    );
  });

  it("shows each check with the tests it ran on: by the test's own calls and by the harness", () => {
    expect(markdown).toContain('Switched off (--checks / --exclude-checks): `stateful_consistency`.');
    expect(markdown).toContain('| check | tests | by the test | by the harness |');
    expect(markdown).toContain('| `response_schema_conformance` | 2 | 1 | 2 |');
  });

  it('keeps every table rectangular, even with pipes in clause sentences', () => {
    const found = [...tables(markdown), ...tables(clausesMarkdown)];
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const table of found) {
      const widths = new Set(table.map(cellBreaks));
      expect(widths.size, table.join('\n')).toBe(1);
    }
  });

  it('has the endpoint table, the clauses needing attention, and the per-clause table grouped by endpoint in clauses.md', () => {
    expect(markdown).toContain('| submit-and-wait | 1 | **1** | 0 | 0 | 0 | 0 / 0 | 2 |');
    expect(markdown).toContain('| traffic-accounts | 0 | 0 | 0 | 0 | 1 | 0 / 0 | 1 |');
    expect(markdown).toContain('| `readyz.text` | not covered | no test declares or asserts it |');
    const clauses = clausesMarkdown;
    expect(clauses).toContain('### POST /v2/commands/submit-and-wait\n\n1 passed · 1 failed');
    expect(clauses).toMatch(/\| `readyz.text`<br>GET \/readyz answers 200 with a plain text body \| spec \| \*\*not covered\*\* \|/);
    expect(clauses).toContain('| skipped | 0 / 0 / 0 |  | the target does not offer traffic accounts');
    expect(clauses).toContain('| not testable | 0 / 0 / 0 |  | SHOULD advice to clients; nothing a server must do |');
    expect(clauses).toContain('must be non-empty &lt;b&gt;bold&lt;/b&gt;');
    expect(clauses).toContain('1 clause(s) of real Canton/Splice behaviour are checked by the `canton` profile only');
    expect(clauses).not.toContain('| `canton.error.400-text-plain`');
  });

  it('lists the not-shown clauses apart', () => {
    expect(clausesMarkdown).toContain(
      '## Not shown by the spec (deliberately not checked)\n\n- `upload-dar-file-response.fields.not-shown`',
    );
  });

  it('shows each failure with its clause, exchange, property facts, curl and replay command', () => {
    const failure = markdown.slice(markdown.indexOf('## Failures by clause'), markdown.indexOf('## Run and certificate'));
    expect(failure).toContain('### `submit-and-wait.actAs.non-empty`: 1 failure\n\n> actAs \\| string\\[\\] \\| yes \\| must be non-empty');
    expect(failure).toContain(`#### 1. ${FAILED_TEST_ID}`);
    expect(failure).toContain('**Property:** seed `42` · path `3:1:0` · 4 runs');
    const blocks = codeBlocks(failure);
    expect(blocks.map((block) => block.language)).toEqual(['text', 'http', 'http', 'json', 'sh', 'sh']);
    expect(blocks[0]?.content).toBe('expected 400 text/plain, got 500 "Internal" & <nothing>');
    expect(blocks[1]?.content).toMatch(
      /^POST http:\/\/127\.0\.0\.1:7575\/v2\/commands\/submit-and-wait\ncontent-type: application\/json\nauthorization: Bearer <redacted>\n\n\{"commands"/,
    );
    // The response body holds ``` itself: its block must use a longer fence and still come out whole.
    const response = fixtureTests[1]?.failure?.exchange?.response;
    expect(blocks[2]?.content).toBe(`HTTP 500\ncontent-type: application/json\nx-weird: a"b<c>\n\n${response?.body}`);
    expect(JSON.parse(blocks[3]?.content ?? '')).toEqual({ actAs: [], note: '</script>' });
    expect(blocks[4]?.content.endsWith(fixtureTests[1]?.failure?.exchange?.curl ?? '?')).toBe(true);
    expect(blocks[5]?.content).toBe("npx ledger-conformance replay 'submit-and-wait::rejects an empty actAs (it'\\''s 400)'");
    expect(markdown).not.toContain(SECRET_TOKEN);
  });

  it('says CERTIFIED, with no failures section, when every testable clause passed or was skipped', () => {
    const allCovered = fixtureTests
      .filter((test) => test.outcome !== 'failed')
      .concat([
        {
          ...fixtureTests[0]!,
          id: 'more::covers the rest',
          clauses: ['submit-and-wait.actAs.non-empty', 'readyz.text'],
          assertions: ['submit-and-wait.actAs.non-empty', 'readyz.text'].map((clause) => ({
            clause,
            passed: 1,
            failed: 0,
            inconclusive: 0,
            deviation: 0,
            checks: ['status_code_conformance'],
          })),
        },
      ]);
    const certified = writeSummaryMarkdown(fixtureReport({ tests: allCovered, interrupted: false }));
    expect(certified).toContain('## ✅ CERTIFIED for the `spec` profile');
    expect(certified).toContain('Nothing failed, and every testable clause of the spec profile was asserted and passed or was skipped');
    expect(certified).not.toContain('## Failures');
    expect(certified).not.toContain('interrupted');
  });

  it('says INCOMPLETE and why when nothing failed but clauses were not covered', () => {
    const incomplete = writeSummaryMarkdown(
      fixtureReport({ tests: fixtureTests.filter((test) => test.outcome !== 'failed'), interrupted: false }),
    );
    expect(incomplete).toContain('## ⚠️ INCOMPLETE for the `spec` profile');
    expect(incomplete).toContain('2 testable clause(s) of the spec profile were not covered by any assertion');
  });

  it('details one failure per clause and lists a few more one line each, then "… and N more"', () => {
    const failed = fixtureTests[1]!;
    const many = Array.from({ length: 53 }, (_, index) => ({ ...failed, id: `bulk::failure ${index}` }));
    const summary = writeSummaryMarkdown(fixtureReport({ tests: many }));
    expect(summary).toContain('### `submit-and-wait.actAs.non-empty`: 53 failures');
    expect(summary.match(/^#### \d+\. bulk::failure/gm)).toHaveLength(1);
    expect(summary).toContain(
      '- bulk::failure 3: expected 400 text/plain, got 500 "Internal" &amp; &lt;nothing&gt; (replay: `npx ledger-conformance replay \'bulk::failure 3\'`)',
    );
    expect(summary).not.toContain('bulk::failure 4:');
    expect(summary).toContain('- … and 49 more, see report.html');
    expect(summary.length).toBeLessThan(SUMMARY_LIMIT_CHARS);
  });

  /** `count` failures over `clauses` clauses, each with a large request and response body and a long message. */
  function failingRun(count: number, clauses: number, bodyChars: number) {
    const failed = fixtureTests[1]!;
    const exchange = failed.failure!.exchange!;
    const tests = Array.from({ length: count }, (_, index) => ({
      ...failed,
      id: `bulk::failure ${index} ${'of a long test name '.repeat(5)}`,
      failure: {
        ...failed.failure!,
        clauseId: `clause.number-${index % clauses}`,
        clauseText: `Clause ${index % clauses}: ${'a long clause sentence '.repeat(40)}`,
        message: `expected 400, got 500: ${'a long message '.repeat(200)}`,
        exchange: {
          ...exchange,
          request: { ...exchange.request, body: 'q'.repeat(bodyChars) },
          ...(exchange.response ? { response: { ...exchange.response, body: 'r'.repeat(bodyChars) } } : {}),
          curl: `curl -sS --data-raw '${'c'.repeat(bodyChars)}'`,
        },
      },
    }));
    return fixtureReport({ interrupted: false, tests });
  }

  it('stays under 64 KB for any run: verdict first, failures grouped by clause, capped, pointing to report.html', () => {
    // Before: 60 failures wrote 84–114 KB (details up to a 40 KB budget checked only before each one was added,
    // every other failure on a line, every clause in the header).
    for (const [count, clauses, bodyChars] of [
      [60, 12, 4_000],
      [60, 60, 20_000],
      [60, 1, 100_000],
      [600, 300, 4_000],
    ] as const) {
      const summary = writeSummaryMarkdown(failingRun(count, clauses, bodyChars));
      const where = `${count} failures over ${clauses} clauses, bodies of ${bodyChars}`;
      expect(summary.length, where).toBeLessThan(SUMMARY_LIMIT_CHARS);
      expect(summary.split('\n')[2], where).toMatch(/^## ❌ NOT CERTIFIED for the `spec` profile$/);
      expect(summary, where).toContain(`**Tests:** 0 passed · ${count} failed`);
      expect(summary, where).toContain('## Failures by clause');
      expect(summary, where).toContain('see report.html (or report.json) for every failure');
      expect(summary, where).toMatch(/… and \d+ more/);
    }
    // Clauses past the budget are named in one closing line; the header lists the first 25 and counts the rest.
    const wide = writeSummaryMarkdown(failingRun(600, 300, 4_000));
    expect(wide).toMatch(/_… and \d+ more failed clauses with \d+ failures, see report\.html: `clause\.number-/);
    expect(wide).toContain('**Failed clauses** (1, most failures first):');
    expect(wide).toMatch(/^- … and \d+ more, see report\.html$/m);
  });

  it('"failing N clauses" and the lists of failed clauses are one figure (a clause that failed beside another counts once, listed)', () => {
    // Before: the headline counted the clause table's failed clauses (22) and the lists showed the clauses tests
    // failed on first (21): a clause whose assertion failed after the test's first failure was counted, not listed.
    const failed = fixtureTests[1]!;
    const beside = {
      ...failed,
      id: 'traffic::fails on two clauses',
      assertions: [
        ...failed.assertions,
        {
          clause: 'traffic.balance.required',
          passed: 0,
          failed: 1,
          inconclusive: 0,
          deviation: 0,
          checks: ['response_schema_conformance'],
        },
      ],
    } as TestResult;
    const report = fixtureReport({ interrupted: false, tests: [failed, beside] });
    expect(report.clauses.filter((clause) => clause.status === 'failed').map((clause) => clause.id)).toEqual([
      'submit-and-wait.actAs.non-empty',
      'traffic.balance.required',
    ]);
    const summary = writeSummaryMarkdown(report);
    expect(summary).toContain('failing 2 clause(s): submit-and-wait.actAs.non-empty, traffic.balance.required.');
    expect(summary).toContain(
      '**Failed clauses** (2, most failures first):\n\n- `submit-and-wait.actAs.non-empty`: 2 failures\n- `traffic.balance.required`: 1 failure, beside another clause (shown under that clause)\n',
    );
    const html = writeReportHtml(report);
    expect(html).toContain('failing 2 clause(s)');
    expect(html.match(/<ol class="failed-clauses">(.*?)<\/ol>/)?.[1]?.match(/<li>/g)).toHaveLength(2);
  });

  it('names the failed clauses in the headline, most failures first', () => {
    const failed = fixtureTests[1]!;
    const other = { ...failed, id: 'other::fails', failure: { ...failed.failure!, clauseId: 'readyz.text' } };
    const tests = [...Array.from({ length: 3 }, (_, index) => ({ ...failed, id: `bulk::failure ${index}` })), other];
    const summary = writeSummaryMarkdown(fixtureReport({ tests }));
    expect(summary).toContain(
      '**Failed clauses** (1, most failures first):\n\n- `submit-and-wait.actAs.non-empty`: 3 failures\n- also failed on `readyz.text` (not covered): 1 failure',
    );
    expect(summary.indexOf('### `submit-and-wait.actAs.non-empty`: 3 failures')).toBeLessThan(
      summary.indexOf('### `readyz.text`: 1 failure'),
    );
  });
});
