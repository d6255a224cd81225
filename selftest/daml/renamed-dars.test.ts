/**
 * generators/dar/suite-dars.ts renames a suite DAR's package (for tests that need packages a node has never seen):
 * only the package name changes, so the package stays the one Canton's tools type-checked.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { renameDar, renamedSuiteDar, renamedSuiteDarWithDependency } from '../../generators/dar/suite-dars.js';
import { parseDar } from '../../reference/dar/parse.js';
import { suiteDar, suiteDarBytes, type SuiteDarName } from '../../specification/suite-dars.js';

const NAMES: SuiteDarName[] = ['conformance-upgrade-v1', 'conformance-upgrade-v2', 'conformance-keys', 'conformance-semantics'];

describe('a suite DAR under another package name', () => {
  for (const name of NAMES) {
    it(`${name}: decodes with the new name, the same version and templates, and a new package id that is its payload's hash`, () => {
      const original = parseDar(suiteDarBytes(name), { checkHashes: true });
      const renamed = renamedSuiteDar(name, 'vetting-test-1a2b');
      const parsed = parseDar(renamed.bytes, { checkHashes: true });
      expect(parsed.main.packageId).toBe(renamed.packageId);
      expect(renamed.packageId).not.toBe(suiteDar(name).packageId);
      expect([parsed.name, parsed.version]).toEqual(['vetting-test-1a2b', suiteDar(name).packageVersion]);
      expect(parsed.main.modules).toEqual(original.main.modules);
    });

    it(`${name}: renamed back, it is the committed DALF byte for byte (nothing but the name changed)`, () => {
      const there = renamedSuiteDar(name, 'renamed-package');
      const back = renameDar(there.bytes, 'renamed-package', suiteDar(name).packageName);
      expect(back.packageId).toBe(suiteDar(name).packageId);
      expect(unzipSync(back.bytes)['archive.dalf']).toEqual(unzipSync(suiteDarBytes(name))['archive.dalf']);
    });
  }

  it('conformance-with-dependency: both packages renamed, the main one importing the renamed dependency by its new id', () => {
    const renamed = renamedSuiteDarWithDependency('holder-1a2b', 'dependency-1a2b');
    const parsed = parseDar(renamed.bytes, { checkHashes: true });
    expect([parsed.main.packageId, parsed.name]).toEqual([renamed.packageId, 'holder-1a2b']);
    expect(parsed.dependencies.map((pkg) => [pkg.packageId, pkg.name, pkg.version])).toEqual([
      [renamed.dependency.packageId, 'dependency-1a2b', '1.0.0'],
    ]);
    expect(renamed.packageIds).toEqual([renamed.packageId, renamed.dependency.packageId]);
    const mainDalf = Buffer.from(unzipSync(renamed.bytes)['archive.dalf']!);
    expect(mainDalf.includes(renamed.dependency.packageId)).toBe(true);
    expect(mainDalf.includes(suiteDar('conformance-dependency').packageId)).toBe(false);
  });

  it('refuses a name that is not a package name, a DAR whose package is named otherwise, and a name interned elsewhere too', () => {
    expect(() => renamedSuiteDar('conformance-values', 'no spaces')).toThrow('is not a Daml-LF package name');
    expect(() => renameDar(suiteDarBytes('conformance-values'), 'conformance-keys', 'y')).toThrow('not "conformance-keys"');
    // conformance-keys binds a variable x: a package renamed to "x" cannot be renamed back by its interned string.
    const x = renamedSuiteDar('conformance-keys', 'x');
    expect(() => renameDar(x.bytes, 'x', 'conformance-keys')).toThrow('"x" is interned more than once');
  });
});
