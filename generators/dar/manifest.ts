/**
 * A Java JAR manifest (`META-INF/MANIFEST.MF`): `Key: value` lines of at most 72 bytes, longer ones
 * continued on lines starting with a single space, every line ended by a newline.
 */

export type ManifestLineEnding = '\n' | '\r\n';

const MAX_LINE_BYTES = 72;

function wrapLine(line: string): string[] {
  const bytes = Buffer.from(line, 'utf8');
  const lines: string[] = [];
  let start = 0;
  let budget = MAX_LINE_BYTES;
  while (start < bytes.length) {
    let end = Math.min(start + budget, bytes.length);
    // Never split a multi-byte UTF-8 character: back off past continuation bytes (10xxxxxx).
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    lines.push((lines.length === 0 ? '' : ' ') + bytes.subarray(start, end).toString('utf8'));
    start = end;
    budget = MAX_LINE_BYTES - 1;
  }
  return lines;
}

export function formatManifest(attributes: [string, string][], lineEnding: ManifestLineEnding = '\n'): string {
  return attributes
    .flatMap(([key, value]) => wrapLine(`${key}: ${value}`))
    .map((line) => line + lineEnding)
    .join('');
}
