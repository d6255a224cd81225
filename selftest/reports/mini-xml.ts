/**
 * A strict little XML 1.0 reader for the self-tests (the project has no XML parser dependency): it throws
 * on anything not well-formed — unbalanced or crossed tags, unquoted attributes, a raw `<` or stray `&`,
 * `]]>` in text, characters XML cannot carry, a second root — and returns the element tree, entities decoded.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (decoded), concatenated. */
  text: string;
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseXml(source: string): XmlElement {
  const illegal = NOT_XML_CHARACTER.exec(source);
  if (illegal !== null)
    throw new Error(`character U+${illegal[0].codePointAt(0)?.toString(16)} is not allowed in XML (at ${illegal.index})`);
  let position = 0;

  const fail = (problem: string): never => {
    throw new Error(`${problem} at offset ${position}: ${JSON.stringify(source.slice(position, position + 40))}`);
  };
  const skipSpace = () => {
    while (position < source.length && /\s/.test(source[position] ?? '')) position += 1;
  };
  const readName = (): string => {
    NAME.lastIndex = position;
    const match = NAME.exec(source);
    if (match === null) return fail('expected a name');
    position += match[0].length;
    return match[0];
  };
  const decode = (raw: string): string =>
    raw.replace(/&([^;]*);?/g, (entity, body: string) => {
      if (!entity.endsWith(';')) return fail(`unterminated entity ${entity}`);
      if (body in ENTITIES) return ENTITIES[body] ?? '';
      const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body);
      if (numeric === null) return fail(`unknown entity &${body};`);
      return String.fromCodePoint(numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]));
    });
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith('<!--', position)) {
        const end = source.indexOf('-->', position);
        if (end < 0) fail('unterminated comment');
        position = end + 3;
      } else {
        return;
      }
    }
  };

  const readElement = (): XmlElement => {
    if (source[position] !== '<') fail('expected <');
    position += 1;
    const name = readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = position;
      skipSpace();
      if (source.startsWith('/>', position)) {
        position += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (source[position] === '>') {
        position += 1;
        break;
      }
      if (position === before) fail('expected whitespace before an attribute');
      const attribute = readName();
      if (attribute in attributes) fail(`duplicate attribute ${attribute}`);
      skipSpace();
      if (source[position] !== '=') fail('expected =');
      position += 1;
      skipSpace();
      const quote = source[position];
      if (quote !== '"' && quote !== "'") return fail('attribute value not quoted');
      const end = source.indexOf(quote, position + 1);
      if (end < 0) fail('unterminated attribute value');
      const raw = source.slice(position + 1, end);
      if (raw.includes('<')) fail('raw < in an attribute value');
      attributes[attribute] = decode(raw);
      position = end + 1;
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    for (;;) {
      const next = source.indexOf('<', position);
      if (next < 0) fail(`element <${name}> is never closed`);
      const raw = source.slice(position, next);
      if (raw.includes(']]>')) fail(']]> in text');
      element.text += decode(raw);
      position = next;
      if (source.startsWith('</', position)) {
        position += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        skipSpace();
        if (source[position] !== '>') fail('expected >');
        position += 1;
        return element;
      }
      if (source.startsWith('<!--', position)) {
        skipMisc();
        continue;
      }
      if (source.startsWith('<!', position) || source.startsWith('<?', position)) fail('unsupported markup');
      element.children.push(readElement());
    }
  };

  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    position = end + 2;
  }
  skipMisc();
  const root = readElement();
  skipMisc();
  if (position !== source.length) fail('content after the root element');
  return root;
}

export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}
