/**
 * Configs and recorders for the load self-tests: the committed default config, optionally pointed at a
 * local sink.
 */
import { loadConfig } from '../../config/load.js';
import type { ResolvedConfig } from '../../config/types.js';
import { LoadRecorder } from '../../load/recorder.js';
import { createSpecResponseValidator } from '../../load/spec-validator.js';

export async function referenceConfig(resultDir: string): Promise<ResolvedConfig> {
  const config = await loadConfig({ dotenvPath: false, env: {} });
  return { ...config, load: { ...config.load, resultDir } };
}

/** The default config with its target replaced by a remote one at `url` (no auth). */
export async function sinkConfig(url: string, resultDir: string): Promise<ResolvedConfig> {
  const config = await referenceConfig(resultDir);
  const { features, fixtures } = config.target;
  return { ...config, target: { kind: 'remote', name: 'sink', participant: url, auth: { kind: 'none' }, features, fixtures } };
}

/** A recorder checking sampled bodies against the canton profile's schemas, as `runLoad` does. */
export function testRecorder(): LoadRecorder {
  return new LoadRecorder({ validate: createSpecResponseValidator('canton') });
}
