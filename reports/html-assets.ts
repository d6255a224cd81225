/** report.html's inline style and script (nothing is loaded from elsewhere: the page is self-contained). */

export const REPORT_STYLE = `
:root {
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --stripe: #f6f8fa; --code-bg: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9; --skip: #9a6700; --skip-bg: #fff8c5;
  --open: #8250df; --open-bg: #fbefff; --quiet: #59636e; --quiet-bg: #eff2f5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --stripe: #151b23; --code-bg: #161b22;
    --pass: #3fb950; --pass-bg: #12261e; --fail: #f85149; --fail-bg: #2d1214; --skip: #d29922; --skip-bg: #272115;
    --open: #ab7df8; --open-bg: #231a34; --quiet: #9198a1; --quiet-bg: #212830;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main, footer { max-width: 1200px; margin: 0 auto; padding: 0 1.5rem; }
footer { color: var(--muted); padding-bottom: 2rem; font-size: 0.85rem; }
h2 { border-bottom: 1px solid var(--border); padding-bottom: 0.3rem; margin-top: 2.5rem; }
h4 { margin: 1rem 0 0.3rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85em; }
code { background: var(--code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
pre { background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem; overflow: auto; max-height: 28rem; white-space: pre-wrap; word-break: break-all; margin: 0; }
.banner { padding: 1.5rem; text-align: center; border-bottom: 4px solid; }
.banner p { margin: 0.25rem 0; }
.banner .verdict { font-size: 2.5rem; font-weight: 800; letter-spacing: 0.05em; }
.verdict-certified { background: var(--pass-bg); border-color: var(--pass); }
.verdict-certified .verdict { color: var(--pass); }
.verdict-not-certified { background: var(--fail-bg); border-color: var(--fail); }
.verdict-not-certified .verdict { color: var(--fail); }
.verdict-incomplete, .verdict-suite-error, .verdict-known-failures, .verdict-stopped { background: var(--skip-bg); border-color: var(--skip); }
.verdict-incomplete .verdict, .verdict-suite-error .verdict, .verdict-known-failures .verdict, .verdict-stopped .verdict { color: var(--skip); }
.interrupted { font-weight: 700; }
.tiles { display: flex; flex-wrap: wrap; gap: 0.75rem; }
.tile { border: 1px solid var(--border); border-radius: 8px; padding: 0.6rem 1rem; min-width: 7rem; display: flex; flex-direction: column; }
.tile-value { font-size: 1.6rem; font-weight: 700; }
.tile-label { color: var(--muted); font-size: 0.85rem; }
.tone-passed .tile-value { color: var(--pass); }
.tone-failed .tile-value { color: var(--fail); }
.tone-skipped .tile-value { color: var(--skip); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; word-break: break-all; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { border: 1px solid var(--border); padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; overflow-wrap: break-word; }
table.fixed { table-layout: fixed; }
table.fixed td { overflow-wrap: anywhere; }
table.fixed code { word-break: break-all; }
.verbatim { color: var(--muted); font-size: 0.8rem; margin-top: 0.2rem; }
.failed-clauses { display: inline-block; text-align: left; margin: 0.5rem auto; }
.failure-group { border-left: 4px solid var(--fail); padding-left: 1rem; margin: 1.5rem 0; }
.failure-group h3 { margin: 0.5rem 0; word-break: break-all; }
a.to-failures { color: var(--fail); font-weight: 600; font-size: 0.85rem; white-space: nowrap; }
tr.clause:target td, .failure-group:target { outline: 3px solid var(--open); }
thead th { background: var(--stripe); position: sticky; top: 0; }
tbody tr.clause:nth-child(odd) td { background: var(--stripe); }
tr.group th { background: var(--quiet-bg); font-size: 1rem; }
tr.has-failures td { color: var(--fail); font-weight: 600; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.sentence { color: var(--muted); font-size: 0.85rem; margin-top: 0.2rem; }
.section { color: var(--muted); font-size: 0.85rem; }
ul.tests { margin: 0; padding-left: 1rem; font-size: 0.85rem; }
.badge { display: inline-block; border-radius: 999px; padding: 0 0.55rem; font-size: 0.8rem; font-weight: 600; white-space: nowrap; }
.status-passed { color: var(--pass); background: var(--pass-bg); }
.status-failed { color: var(--fail); background: var(--fail-bg); }
.status-skipped { color: var(--skip); background: var(--skip-bg); }
.status-not-covered, .status-not-reached, .status-inconclusive { color: var(--open); background: var(--open-bg); }
.status-deviation { color: var(--quiet); background: var(--pass-bg); }
.status-not-testable, .status-not-shown, .status-not-in-profile { color: var(--quiet); background: var(--quiet-bg); }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 0.5rem 0; }
.filters input, .filters select { font: inherit; padding: 0.2rem 0.4rem; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 4px; }
.filters input { width: 22rem; max-width: 100%; }
#filter-count { color: var(--muted); }
details.failure { border: 1px solid var(--fail); border-radius: 8px; padding: 0.5rem 1rem; margin: 0.75rem 0; }
details.failure summary { cursor: pointer; font-weight: 600; word-break: break-all; }
blockquote { margin: 0.75rem 0; padding: 0.25rem 0.75rem; border-left: 4px solid var(--border); }
.copyable { position: relative; }
.copyable button { position: absolute; top: 0.4rem; right: 0.4rem; font: inherit; font-size: 0.8rem; cursor: pointer; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 4px; }
`;

/** Filters the clause table by status and text, and copies a command block to the clipboard. */
export const REPORT_SCRIPT = `
(function () {
  var statusFilter = document.getElementById('status-filter');
  var textFilter = document.getElementById('text-filter');
  var count = document.getElementById('filter-count');
  function applyFilter() {
    var status = statusFilter.value;
    var text = textFilter.value.trim().toLowerCase();
    var shown = 0;
    document.querySelectorAll('#clause-table tbody').forEach(function (group) {
      var visible = 0;
      group.querySelectorAll('tr.clause').forEach(function (row) {
        var match = (!status || row.dataset.status === status) && (!text || row.textContent.toLowerCase().indexOf(text) >= 0);
        row.hidden = !match;
        if (match) visible += 1;
      });
      group.hidden = visible === 0;
      shown += visible;
    });
    count.textContent = shown + ' clause(s) shown';
  }
  if (statusFilter && textFilter) {
    statusFilter.addEventListener('change', applyFilter);
    textFilter.addEventListener('input', applyFilter);
    applyFilter();
  }
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    button.addEventListener('click', function () {
      var block = document.getElementById(button.dataset.copy);
      var done = function () { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard) {
        navigator.clipboard.writeText(block.textContent).then(done, function () { selectText(block); });
      } else {
        selectText(block);
      }
    });
  });
  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();
`;
