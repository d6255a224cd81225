/** XML 1.0 escaping for text and attribute values. */

/** Characters XML 1.0 cannot carry at all (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHARACTER, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Also keeps quotes and line breaks, which a parser would otherwise normalise to spaces inside an attribute. */
export function xmlAttribute(value: string): string {
  return xmlText(value)
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
}
