/**
 * The committed DARs of the suite's own Daml models (daml/dars/, built by daml/build.sh with Canton's Daml-LF tools)
 * are what their index says, and the reference target can read them: Node only, no Java.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { parseDar } from '../../reference/dar/parse.js';
import { PROVISIONED_SUITE_DARS, suiteDar, type SuiteDarName } from '../../specification/suite-dars.js';

const root = new URL('../../daml/', import.meta.url);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface IndexEntry {
  name: string;
  file: string;
  packageId: string;
  packageName: string;
  packageVersion: string;
  lfVersion: string;
  sha256: string;
  templates: string[];
  interfaces: string[];
}
interface UpgradeEntry {
  past: string;
  present: string;
  expected: 'valid' | 'invalid';
  passed: boolean;
  reason: string | null;
}
const index = JSON.parse(readFileSync(new URL('dars/index.json', root), 'utf8')) as { dars: IndexEntry[]; upgrades: UpgradeEntry[] };

/** `model NAME LF-VERSION SOURCE...` and `dependent NAME LF-VERSION DEPENDENCY SOURCE...` lines of daml/models.txt. */
const models = readFileSync(new URL('models.txt', root), 'utf8')
  .split('\n')
  .map((line) => line.trim().split(/\s+/))
  .filter((fields) => fields[0] === 'model' || fields[0] === 'dependent')
  .map(([kind, name, target, ...rest]) => ({
    name: name!,
    target: target!,
    dependency: kind === 'dependent' ? rest[0] : undefined,
    sources: kind === 'dependent' ? rest.slice(1) : rest,
  }));

/**
 * The stable package DA.Types (daml/stable-packages/): a model whose source names it (the Tuple2 of fetch_by_key and
 * query_n_by_key) carries its DALF, as Canton's encoder writes it (`<package id>.dalf`); the others carry none.
 */
const DA_TYPES = '5aee9b21b8e9a4c4975b5f4c4198e6e6e8469df49e2010820e792f393db870f4';
const namesDaTypes = (name: string): boolean =>
  models
    .find((model) => model.name === name)!
    .sources.some((source) => readFileSync(new URL(`lf/${source}`, root), 'utf8').includes(`'${DA_TYPES}':DA.Types:`));

describe("the suite's committed DARs (daml/dars)", () => {
  it("carry DA.Types as the DALF taken from Canton's tree (daml/stable-packages), byte for byte", () => {
    const stable = new Uint8Array(readFileSync(new URL(`stable-packages/daml-prim-DA-Types-${DA_TYPES}.dalf`, root)));
    expect(sha256(stable)).toBe('bef5523d20b5bb3e608423caf03bb62b5c40ba759a646e0055d93bdc80a166a3');
    const carriers = index.dars.filter((entry) => namesDaTypes(entry.name));
    expect(carriers.map((entry) => entry.name)).toEqual(['conformance-local-keys', 'conformance-multi-party-keys']);
    for (const entry of carriers) {
      const entries = unzipSync(new Uint8Array(readFileSync(new URL(`dars/${entry.file}`, root))));
      expect(sha256(entries[`${DA_TYPES}.dalf`]!)).toBe(sha256(stable));
    }
  });

  it('are exactly the models of daml/models.txt, one DAR each, in the index in the same order', () => {
    const dars = readdirSync(new URL('dars/', root)).filter((file) => file.endsWith('.dar'));
    expect(dars.sort()).toEqual(models.map((model) => `${model.name}.dar`).sort());
    expect(index.dars.map((dar) => dar.name)).toEqual(models.map((model) => model.name));
    expect(index.dars.map((dar) => dar.lfVersion)).toEqual(models.map((model) => model.target));
  });

  for (const entry of index.dars) {
    it(`${entry.file} decodes with the reference's DAR parser as its index says (${entry.packageName} ${entry.packageVersion})`, () => {
      const bytes = new Uint8Array(readFileSync(new URL(`dars/${entry.file}`, root)));
      expect(sha256(bytes)).toBe(entry.sha256);
      const parsed = parseDar(bytes, { checkHashes: true });
      expect(parsed.main.packageId).toBe(entry.packageId);
      expect(parsed.main.lfMajor).toBe(2);
      expect([parsed.name, parsed.version]).toEqual([entry.packageName, entry.packageVersion]);
      // A `dependent` model's DAR carries the one package it imports, as that model's DAR holds it; a model naming DA.Types
      // carries that stable package; no other.
      const dependency = models.find((model) => model.name === entry.name)?.dependency;
      expect(parsed.dependencies.map((pkg) => pkg.packageId)).toEqual([
        ...(dependency === undefined ? [] : [index.dars.find((dar) => dar.name === dependency)!.packageId]),
        ...(namesDaTypes(entry.name) ? [DA_TYPES] : []),
      ]);
      const templates = (parsed.main.modules ?? []).flatMap((module) => module.templates.map((name) => `${module.name}:${name}`));
      const interfaces = (parsed.main.modules ?? []).flatMap((module) => module.interfaces.map((name) => `${module.name}:${name}`));
      expect(templates.sort()).toEqual([...entry.templates].sort());
      expect(interfaces.sort()).toEqual([...entry.interfaces].sort());
    });
  }

  it('are stored zips with one fixed time, so a rebuild can be compared byte for byte', () => {
    for (const entry of index.dars) {
      const bytes = new Uint8Array(readFileSync(new URL(`dars/${entry.file}`, root)));
      const dependency = models.find((model) => model.name === entry.name)?.dependency;
      expect(Object.keys(unzipSync(bytes))).toEqual([
        'META-INF/MANIFEST.MF',
        'archive.dalf',
        ...(dependency === undefined ? [] : [`${dependency}.dalf`]),
        ...(namesDaTypes(entry.name) ? [`${DA_TYPES}.dalf`] : []),
      ]);
      // Local file headers: compression method 0 (stored) and DOS time/date 2000-01-01 00:00 for every entry.
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let offset = 0; offset + 30 <= bytes.length && view.getUint32(offset, true) === 0x04034b50;) {
        expect(view.getUint16(offset + 8, true)).toBe(0);
        expect([view.getUint16(offset + 10, true), view.getUint16(offset + 12, true)]).toEqual([0, ((2000 - 1980) << 9) | (1 << 5) | 1]);
        offset += 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true) + view.getUint32(offset + 18, true);
      }
    }
  });

  it("record Canton's upgrade check: v2 upgrades v1; v3 is refused (a changed field type, a dropped module)", () => {
    const outcome = (past: string, present: string) => index.upgrades.find((u) => u.past === past && u.present === present);
    expect(outcome('conformance-upgrade-v1', 'conformance-upgrade-v2')).toMatchObject({ expected: 'valid', passed: true, reason: null });
    expect(outcome('conformance-upgrade-v1', 'conformance-upgrade-v3-invalid')).toMatchObject({ expected: 'invalid', passed: false });
    expect(outcome('conformance-upgrade-v1', 'conformance-upgrade-v3-invalid')?.reason).toContain(
      'has changed the types of some of its original fields',
    );
    expect(outcome('conformance-upgrade-v2', 'conformance-upgrade-v3-invalid')).toMatchObject({ expected: 'invalid', passed: false });
    expect(outcome('conformance-upgrade-v2', 'conformance-upgrade-v3-invalid')?.reason).toContain(
      'Module Note appears in package that is being upgraded',
    );
    const byName = new Map(index.dars.map((dar) => [dar.name, dar]));
    // The same name and version with another package id (KNOWN_PACKAGE_VERSION on a node that vetted v1).
    expect(byName.get('conformance-upgrade-v1-other')?.packageVersion).toBe(byName.get('conformance-upgrade-v1')?.packageVersion);
    expect(byName.get('conformance-upgrade-v1-other')?.packageId).not.toBe(byName.get('conformance-upgrade-v1')?.packageId);
  });
});

describe('specification/suite-dars.ts reads the same index', () => {
  it('knows every model of daml/models.txt, and provisions only DARs of distinct package names', () => {
    for (const model of models) expect(suiteDar(model.name as SuiteDarName).path).toMatch(new RegExp(`/daml/dars/${model.name}\\.dar$`));
    const provisioned = PROVISIONED_SUITE_DARS.map((name) => suiteDar(name).packageName);
    expect(new Set(provisioned).size).toBe(provisioned.length);
  });
});
