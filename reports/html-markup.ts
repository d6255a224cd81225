/**
 * The markup report.html's sections share: escaping, a sentence's `code` spans, a command to copy, the anchor of a
 * failure group.
 */
import { anchorOf } from './tables.js';

export function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

export /** Our own sentence with its `code` spans as <code>. */
function codeMarked(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`') ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part),
    )
    .join('');
}

export function copyable(id: string, text: string): string {
  return `<div class="copyable"><button type="button" data-copy="${id}">Copy</button><pre id="${id}">${escape(text)}</pre></div>`;
}

/** The anchor of a clause's failure group (known failures apart). */
export function groupAnchor(clauseId: string | undefined, known: boolean): string {
  return anchorOf(known ? 'known-failures' : 'failures', clauseId ?? '(none)');
}
