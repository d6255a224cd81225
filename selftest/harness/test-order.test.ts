/** `npm test` starts its longest files first (selftest/support/long-first-sequencer.ts): the list names real files. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LongFirstSequencer, longFiles } from '../support/long-first-sequencer.js';

describe('the long-first order of npm test', () => {
  it('names only files that exist, each once', () => {
    expect(longFiles.filter((file) => !existsSync(file))).toEqual([]);
    expect(new Set(longFiles).size).toBe(longFiles.length);
  });

  it('puts the listed files first, longest first, after the timing group', async () => {
    const spec = (file: string, groupOrder: number, size: number) => ({
      moduleId: `${process.cwd()}/${file}`,
      project: { name: groupOrder === 0 ? 'timing' : 'main', config: { root: process.cwd(), sequence: { groupOrder }, isolate: true } },
      size,
    });
    const files = [
      spec('selftest/a.test.ts', 1, 900),
      spec(longFiles[1]!, 1, 10),
      spec('selftest/load/open-model.test.ts', 0, 5),
      spec(longFiles[0]!, 1, 20),
    ];
    const cache = {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: files.find((file) => key.endsWith(file.moduleId.slice(process.cwd().length + 1)))!.size }),
    };
    const sequencer = new LongFirstSequencer({ cache, config: { root: process.cwd() } } as never);
    const sorted = await sequencer.sort(files as never);
    expect((sorted as unknown as typeof files).map((file) => file.moduleId.slice(process.cwd().length + 1))).toEqual([
      'selftest/load/open-model.test.ts',
      longFiles[0],
      longFiles[1],
      'selftest/a.test.ts',
    ]);
  });
});
