/**
 * The committed Daml-LF toolchain (daml/toolchain) is what its manifest says, with Node alone: every vendored Canton
 * source is listed in canton-sources.txt with its sha256 and nothing unlisted lies beside them, and the committed jar
 * is the one daml-lf-toolchain.jar.sha256 records. Rebuilding the jar from these sources (byte for byte) takes about
 * two CPU-minutes, so it is `npm run daml:toolchain` (exit 1 unless identical), not part of npm test; the DARs the jar
 * builds are rebuilt and compared by selftest/daml/dars.test.ts wherever Java and Maven are installed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TOOLCHAIN = join(import.meta.dirname, '../../daml/toolchain');
const VENDORED = join(TOOLCHAIN, 'canton');
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(VENDORED, path)];
  });
}

const manifest = readFileSync(join(TOOLCHAIN, 'canton-sources.txt'), 'utf8');
const listed = new Map(
  manifest
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [hash, path] = line.trim().split(/\s+/);
      return [path!, hash!] as const;
    }),
);

describe('the Daml-LF toolchain built from Canton’s vendored sources (daml/toolchain)', () => {
  it('names the Canton branch and commit its sources come from', () => {
    expect(manifest).toMatch(/^# branch: 3\.5-open-source-/m);
    expect(manifest).toMatch(/^# commit: [0-9a-f]{40}$/m);
  });

  it('vendors exactly the files its manifest lists, each with the sha256 listed', () => {
    expect(listed.size).toBeGreaterThan(100);
    expect(filesUnder(VENDORED).sort()).toEqual([...listed.keys()].sort());
    const changed = [...listed].filter(([path, hash]) => sha256(join(VENDORED, path)) !== hash).map(([path]) => path);
    expect(changed).toEqual([]);
  });

  it('commits the jar whose sha256 daml-lf-toolchain.jar.sha256 records', () => {
    const [hash, name] = readFileSync(join(TOOLCHAIN, 'daml-lf-toolchain.jar.sha256'), 'utf8').trim().split(/\s+/);
    expect(name).toBe('daml-lf-toolchain.jar');
    expect(sha256(join(TOOLCHAIN, 'daml-lf-toolchain.jar'))).toBe(hash);
  });
});

describe('the Daml-LF engine built from Canton’s vendored sources (daml/engine)', () => {
  const ENGINE = join(import.meta.dirname, '../../daml/engine');
  const vendored = join(ENGINE, 'canton');
  const engineManifest = readFileSync(join(ENGINE, 'canton-sources.txt'), 'utf8');
  const engineListed = new Map(
    engineManifest
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [hash, path] = line.trim().split(/\s+/);
        return [path!, hash!] as const;
      }),
  );
  const under = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? under(path) : [relative(vendored, path)];
    });

  it('vendors exactly the files its manifest lists, from the toolchain’s Canton commit', () => {
    expect(engineManifest.match(/^# commit: .*$/m)?.[0]).toBe(manifest.match(/^# commit: .*$/m)?.[0]);
    expect(engineListed.size).toBeGreaterThan(90);
    expect(under(vendored).sort()).toEqual([...engineListed.keys()].sort());
    const changed = [...engineListed].filter(([path, hash]) => sha256(join(vendored, path)) !== hash).map(([path]) => path);
    expect(changed).toEqual([]);
  });

  it.each(['daml-lf-engine.jar', 'daml-lf-engine-driver.jar'])('commits %s with the sha256 its .sha256 records', (jar) => {
    const [hash, name] = readFileSync(join(ENGINE, `${jar}.sha256`), 'utf8')
      .trim()
      .split(/\s+/);
    expect(name).toBe(jar);
    expect(sha256(join(ENGINE, jar))).toBe(hash);
  });
});
