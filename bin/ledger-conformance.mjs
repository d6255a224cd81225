#!/usr/bin/env node
// The CLI is written in TypeScript and run through tsx's loader, so a clone needs no build step.
import { register } from 'tsx/esm/api';

// A reader that closed the pipe (`ledger-conformance run --list | head -1`) wants no more output: stop quietly
// with exit code 0, as Unix tools do, instead of Node's "Unhandled 'error' event ... EPIPE" stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv);
