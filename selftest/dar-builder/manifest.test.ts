import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatManifest } from '../../generators/dar/manifest.js';
import { parseManifest } from '../../specification/dar.js';

describe('formatManifest', () => {
  it('keeps short attributes on one line each, with a trailing newline', () => {
    expect(
      formatManifest([
        ['Manifest-Version', '1.0'],
        ['Format', 'daml-lf'],
      ]),
    ).toBe('Manifest-Version: 1.0\nFormat: daml-lf\n');
    expect(formatManifest([['Format', 'daml-lf']], '\r\n')).toBe('Format: daml-lf\r\n');
  });

  it('wraps at 72 bytes with single-space continuation lines', () => {
    const value = 'x'.repeat(200);
    const lines = formatManifest([['Dalfs', value]])
      .split('\n')
      .slice(0, -1);
    expect(lines[0]).toHaveLength(72);
    for (const line of lines.slice(1)) {
      expect(line.startsWith(' ')).toBe(true);
      expect(line.startsWith('  ')).toBe(false);
    }
    expect(parseManifest(lines.join('\n')).get('Dalfs')).toBe(value);
  });

  it('never exceeds 72 bytes per line nor splits a UTF-8 character, and reads back', () => {
    const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/);
    const value = fc
      .string({ unit: 'grapheme', minLength: 40, maxLength: 300 })
      .filter((text) => !/[\r\n]/.test(text) && !text.startsWith(' '));
    fc.assert(
      fc.property(key, value, fc.constantFrom('\n' as const, '\r\n' as const), (name, text, lineEnding) => {
        const formatted = formatManifest([[name, text]], lineEnding);
        expect(formatted.endsWith(lineEnding)).toBe(true);
        for (const line of formatted.split(lineEnding).slice(0, -1)) {
          expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(72);
          expect(line).not.toContain('\uFFFD');
        }
        expect(parseManifest(formatted).get(name)).toBe(text);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
