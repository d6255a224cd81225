/**
 * The reference target in this process behind loopback proxies (`reference/loopback-proxy.ts`) that delay or
 * damage its answers, described to the CLI as a remote target (as a user describes a staging node).
 * Used by the latency and transport-fault self-tests and by `npm run bench:conformance`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadConfig } from '../../config/load.js';
import { startReference } from '../../reference/index.js';
import { startLoopbackProxy, type LoopbackProxy, type LoopbackProxyOptions } from '../../reference/loopback-proxy.js';

export interface ProxiedTarget {
  /** A config file whose selected target (`proxied`) is the proxies. */
  configPath: string;
  participant: LoopbackProxy;
  scan: LoopbackProxy;
  close(): Promise<void>;
}

export async function startProxiedReference(proxy: Omit<LoopbackProxyOptions, 'upstream'>): Promise<ProxiedTarget> {
  const config = await loadConfig({ overrides: { target: 'reference' } });
  if (config.target.kind !== 'reference') throw new Error('the default config has no reference target');
  const target = config.target;
  const reference = await startReference({ target });
  const participant = await startLoopbackProxy({ ...proxy, upstream: reference.participantUrl });
  // The scan's answers are delayed alike but never damaged: a damaged share of the participant's is enough.
  const { faults: _faults, ...scanProxy } = proxy;
  const scan = await startLoopbackProxy({ ...scanProxy, upstream: reference.scanUrl, seed: (proxy.seed ?? 1) + 1 });
  const configPath = join(mkdtempSync(join(tmpdir(), 'proxied-target-')), 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      target: 'proxied',
      targets: {
        proxied: {
          kind: 'remote',
          participant: participant.url,
          scan: scan.url,
          fixtures: join(process.cwd(), 'config/fixtures/reference.yaml'),
          auth: target.auth,
          // `writes` is derived (from --read-only), never configured.
          features: Object.fromEntries(Object.entries(target.features).filter(([key]) => key !== 'writes')),
        },
      },
    }),
  );
  return {
    configPath,
    participant,
    scan,
    close: async () => {
      await Promise.all([participant.close(), scan.close()]);
      await reference.close();
    },
  };
}
