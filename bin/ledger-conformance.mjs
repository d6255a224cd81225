#!/usr/bin/env node
// The CLI is written in TypeScript and run through tsx's loader, so a clone needs no build step.
import { register } from 'tsx/esm/api';

// A reader that closed the pipe (`ledger-conformance run | head -2`) wants no more output, but the run goes on:
// its tests run, its reports are written, its report folder's lock is released, and the exit code is the
// verdict's (`set -o pipefail` in CI must never see a failing run turn green). Output to that stream stops
// quietly, instead of Node's "Unhandled 'error' event ... EPIPE" stack trace or an early exit.
function silence(stream) {
  stream.write = (_chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return silence(stream);
    throw error;
  });
}

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv);
