/**
 * The tool's CLI as a user runs it, for the CLI self-tests: `bin/ledger-conformance.mjs` in its own process, a command
 * line run by a POSIX shell exactly as the tool printed it, and the fenced blocks the tool prints under a heading.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execute = promisify(execFile);
const root = process.cwd();
const bin = join(root, 'bin/ledger-conformance.mjs');

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function outcomeOf(started: Promise<{ stdout: string; stderr: string }>): Promise<Outcome> {
  try {
    const { stdout, stderr } = await started;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `ledger-conformance ARGS` in its own process, from the tool's folder. */
export function cli(args: string[]): Promise<Outcome> {
  return outcomeOf(execute(process.execPath, [bin, ...args], { cwd: root, timeout: 120_000 }));
}

/** A command line exactly as the tool printed it, run by a POSIX shell from the tool's folder. */
export function shell(script: string): Promise<Outcome> {
  return outcomeOf(execute('bash', ['-euo', 'pipefail', '-c', script], { cwd: root, timeout: 120_000 }));
}

/** The fenced ```sh blocks under a heading of summary.md (e.g. **Reproduce**). */
export function blocksAfter(markdown: string, heading: string): string[] {
  return [...markdown.matchAll(new RegExp(`\\*\\*${heading}\\*\\*\\n\\n(\`{3,})sh\\n([\\s\\S]*?)\\n\\1`, 'g'))].map(
    (match) => match[2] ?? '',
  );
}
