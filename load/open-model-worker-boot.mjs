// The entry of the open model's worker threads. A worker thread does not inherit the TypeScript loader
// the CLI registered on the main thread (bin/ledger-conformance.mjs), so it registers tsx itself.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
