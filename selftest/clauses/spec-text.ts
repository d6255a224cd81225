/**
 * Reads the embedded copy of the spec (specification/spec-text/interfaces.md) into the units a clause can quote:
 * table rows and prose sentences, each with the heading path it sits under; and into its tables, cell by cell.
 * Used by the self-tests only; the product never parses the spec at run time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = fileURLToPath(new URL('../../specification/spec-text/interfaces.md', import.meta.url));

export interface SpecUnit {
  kind: 'row' | 'sentence';
  /** Heading path without the document title, e.g. `Resources and their fields > Duration`; the title itself for the introduction. */
  section: string;
  text: string;
  line: number;
}

/** One markdown table: its header cells and its rows' cells (an escaped `\|` stays inside its cell). */
export interface SpecTable {
  section: string;
  header: string[];
  rows: { cells: string[]; text: string; line: number }[];
  line: number;
}

export interface ParsedSpec {
  source: string;
  title: string;
  /** Every heading path a clause may name as its section. */
  sectionPaths: Set<string>;
  /** Text of each top-level section (H2 with its H3s; the title's introduction for the title). */
  topLevelText: Map<string, string>;
  units: SpecUnit[];
  tables: SpecTable[];
}

const SENTENCE_BREAK = /(?<=\.)\s+(?=[A-Z`])/;
const CELL_BREAK = /(?<!\\)\|/;

const cellsOf = (row: string): string[] =>
  row
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(CELL_BREAK)
    .map((cell) => cell.trim());

export function parseSpec(source = readFileSync(SPEC_PATH, 'utf8')): ParsedSpec {
  const lines = source.split('\n');
  let title = '';
  let h2 = '';
  let h3 = '';
  const sectionPaths = new Set<string>();
  const topLevelText = new Map<string, string>();
  const units: SpecUnit[] = [];
  const tables: SpecTable[] = [];
  let table: SpecTable | undefined;
  const currentPath = () => (h2 === '' ? title : h3 === '' ? h2 : `${h2} > ${h3}`);
  const topLevel = () => (h2 === '' ? title : h2);

  lines.forEach((raw, index) => {
    const line = raw.trim();
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading !== null) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      if (level === 1) title = text;
      if (level === 2) [h2, h3] = [text, ''];
      if (level === 3) h3 = text;
      sectionPaths.add(currentPath());
    }
    topLevelText.set(topLevel(), `${topLevelText.get(topLevel()) ?? ''}${raw}\n`);
    if (!line.startsWith('|')) table = undefined;
    if (heading !== null || line === '') return;

    if (line.startsWith('|')) {
      const next = lines[index + 1]?.trim() ?? '';
      const isHeader = next.startsWith('|---');
      const isSeparator = line.startsWith('|---');
      if (isHeader) {
        table = { section: currentPath(), header: cellsOf(line), rows: [], line: index + 1 };
        tables.push(table);
      }
      if (!isHeader && !isSeparator) {
        units.push({ kind: 'row', section: currentPath(), text: line, line: index + 1 });
        table?.rows.push({ cells: cellsOf(line), text: line, line: index + 1 });
      }
      return;
    }
    const prose = line.replace(/^(- |\d+\. )/, '');
    for (const sentence of prose.split(SENTENCE_BREAK)) {
      units.push({ kind: 'sentence', section: currentPath(), text: sentence, line: index + 1 });
    }
  });
  return { source, title, sectionPaths, topLevelText, units, tables };
}
