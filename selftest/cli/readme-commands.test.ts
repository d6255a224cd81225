/**
 * Every `ledger-conformance <command> … --flag` the README shows (in code blocks and inline code) names a command
 * the CLI has and flags that command accepts: a reader who copies one gets no "unknown option" (the README said
 * `load merge --out` where the CLI takes `--result`).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.js';

const program = buildProgram(() => undefined);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The code of the README: each line of a fenced block, and each inline code span outside them. */
function codeTexts(markdown: string): string[] {
  const texts: string[] = [];
  const outside = markdown.replace(/^(`{3,})[^\n]*\n([\s\S]*?)^\1\s*$/gm, (_block, _fence, body: string) => {
    texts.push(...body.split('\n'));
    return '';
  });
  for (const match of outside.matchAll(/`([^`\n]+)`/g)) texts.push(match[1]!);
  return texts;
}

interface Invocation {
  text: string;
  command: string[];
  flags: string[];
}

/** The `ledger-conformance …` invocations in a piece of code, each up to the end of its command. */
function invocations(text: string): Invocation[] {
  const found: Invocation[] = [];
  for (const match of text.matchAll(/ledger-conformance((?:\s+[^\s|;&)#]+)*)/g)) {
    const words = match[1]!.trim().split(/\s+/).filter(Boolean);
    const command: string[] = [];
    let current: Command = program;
    for (const word of words) {
      const sub = current.commands.find((candidate) => candidate.name() === word);
      if (sub === undefined) break;
      command.push(word);
      current = sub;
    }
    if (command.length === 0) continue;
    found.push({ text: match[0], command, flags: words.filter((word) => /^--[a-z]/.test(word)).map((word) => word.split('=')[0]!) });
  }
  return found;
}

function commandAt(path: string[]): Command {
  let current: Command = program;
  for (const name of path) current = current.commands.find((candidate) => candidate.name() === name)!;
  return current;
}

describe('the README’s ledger-conformance commands', () => {
  const all = codeTexts(readme).flatMap(invocations);

  it('are found (the scan is not vacuous)', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((invocation) => invocation.command.join(' ') === 'load merge')).toBe(true);
    expect(invocations('npx ledger-conformance load merge a.json --out x.json')).toEqual([
      { text: 'ledger-conformance load merge a.json --out x.json', command: ['load', 'merge'], flags: ['--out'] },
    ]);
  });

  it('use only flags their command accepts', () => {
    const unknown = all.flatMap((invocation) => {
      const known = new Set([...commandAt(invocation.command).options.map((option) => option.long), '--help']);
      return invocation.flags.filter((flag) => !known.has(flag)).map((flag) => `${flag} in \`${invocation.text}\``);
    });
    expect(unknown).toEqual([]);
  });
});
