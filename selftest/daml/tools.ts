/** What the Daml self-tests that run Java (dars.test.ts, engine-compare.test.ts) ask of the machine. */
import { spawnSync } from 'node:child_process';

/** The first of `tools` that is not on the PATH, if any. */
export function missingTool(tools: readonly string[]): string | undefined {
  return tools.find((tool) => spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).status !== 0);
}
