import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startProxiedReference } from '/work/wt/limits/selftest/conformance/proxied-target.js';
const random = await startProxiedReference({ delayMs: { min: 100, max: 1000 }, seed: 16 });
const started = performance.now();
try {
  const r = await promisify(execFile)(process.execPath, ['bin/ledger-conformance.mjs', 'run', '--report-dir', '/tmp/limits-delay-out2', '--config', random.configPath, '--profile', 'canton'], { env: { ...process.env, CI: 'true' }, maxBuffer: 64 << 20 }).catch((e) => e);
  console.log((r.stdout ?? '').split('\n').filter((l: string) => /verdict|passed/.test(l)).slice(-2).join('\n'));
} finally { await random.close(); }
console.log('wall', ((performance.now() - started) / 1000).toFixed(1));
