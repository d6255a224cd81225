import { describe, expect, it } from 'vitest';
import { writeReportHtml } from '../../reports/html.js';
import { SECRET_TOKEN, fixtureReport, fixtureTests } from './fixture.js';

function unescapeHtml(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

describe('writeReportHtml', () => {
  const html = writeReportHtml(fixtureReport());

  it('runs no script but its own, whatever the data holds', () => {
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toMatch(/\son\w+=/i);
  });

  it('is self-contained: loads nothing from elsewhere', () => {
    expect(html).not.toMatch(/\ssrc=|<link|@import|url\(|href="http/i);
  });

  it('has a valid inline script', () => {
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain("getElementById('status-filter')");
    expect(() => new Function(script)).not.toThrow();
  });

  it('shows the verdict banner, totals, endpoint table and clause table with a filter', () => {
    expect(html).toContain(
      '<header class="banner verdict-stopped">\n<p class="verdict">STOPPED EARLY: interrupted (Ctrl-C) after 3 of 3 tests</p>',
    );
    expect(html).toContain('<p class="interrupted">The run could not finish, interrupted (Ctrl-C): 3 of 3 tests ran');
    expect(html).toContain('<span class="tile-value">1</span><span class="tile-label">failed</span>');
    expect(html).toContain('<tr class="has-failures"><td>submit-and-wait</td><td class="number">1</td><td class="number">1</td>');
    expect(html).toContain('<input type="search" id="text-filter"');
    const statuses = [...html.matchAll(/<tr class="clause" id="[^"]+" data-status="([^"]+)"/g)].map((match) => match[1]);
    // Credit by assertion: the passed test asserted returns-update-id, so the failure elsewhere does not fail it.
    expect(statuses).toEqual(['failed', 'passed', 'skipped', 'not-covered', 'not-testable']);
    expect(html).toContain('<option value="not-covered">not covered</option>');
    expect(html).toContain('<code>upload-dar-file-response.fields.not-shown</code>');
  });

  it('shows failures with the clause, exchange and a copyable curl, never the token', () => {
    expect(html).toContain('<details class="failure" open>');
    // Grouped under their clause, which links to its row in the clause table, and the row back to them.
    expect(html).toContain(
      '<div class="failure-group" id="failures-submit-and-wait.actAs.non-empty">\n<h3><a href="#clause-submit-and-wait.actAs.non-empty" title="the clause in the clause table"><code>submit-and-wait.actAs.non-empty</code></a>: 1 failure</h3>',
    );
    expect(html).toMatch(
      /<tr class="clause" id="clause-submit-and-wait.actAs.non-empty" data-status="failed"><td><code>submit-and-wait.actAs.non-empty<\/code> <a class="to-failures" href="#failures-submit-and-wait.actAs.non-empty">1 failure ↓<\/a>/,
    );
    expect(html).toContain('<blockquote>actAs | string[] | yes | must be non-empty &lt;b&gt;bold&lt;/b&gt;</blockquote>');
    expect(html).toContain('authorization: Bearer &lt;redacted&gt;');
    const curl = /<pre id="curl-0">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
    expect(unescapeHtml(curl).endsWith(fixtureTests[1]?.failure?.exchange?.curl ?? '?')).toBe(true);
    expect(html).toContain('<button type="button" data-copy="curl-0">Copy</button>');
    expect(html).toContain('path <code>3:1:0</code>');
    expect(html).not.toContain(SECRET_TOKEN);
  });

  it('folds long test lists of a clause', () => {
    const many = Array.from({ length: 8 }, (_, index) => ({ ...fixtureTests[0]!, id: `bulk::case ${index}`, clauses: ['readyz.text'] }));
    const folded = writeReportHtml(fixtureReport({ tests: many, interrupted: false }));
    expect(folded).toContain('<details><summary>+3 more</summary>');
    expect(folded).toContain('<p class="verdict">INCOMPLETE</p>');
  });
});
