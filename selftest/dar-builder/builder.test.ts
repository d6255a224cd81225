import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenDarKinds, buildBrokenDar, buildDar, type BrokenDarKind } from '../../generators/dar/builder.js';
import { unzipSync } from 'fflate';
import protobuf from 'protobufjs';
import { decodeLf2Package } from '../../reference/dar/daml-lf.js';
import { readDar, type DarRule } from '../../specification/dar.js';

/** The `daml_lf_2` bytes of a DALF of the DAR (field 3 of Archive, then field 4 of ArchivePayload). */
function readPayload(dar: Uint8Array, path: string): Uint8Array {
  const archive = protobuf.Reader.create(unzipSync(dar)[path]!);
  const field = (reader: protobuf.Reader, wanted: number): Uint8Array => {
    while (reader.pos < reader.len) {
      const key = reader.uint32();
      if (key >>> 3 === wanted) return reader.bytes();
      reader.skipType(key & 7);
    }
    throw new Error(`field ${wanted} not found`);
  };
  return field(protobuf.Reader.create(field(archive, 3)), 4);
}

describe('buildDar', () => {
  const dar = buildDar({ name: 'sample-package', version: '2.3.4', dalfs: 2 });
  const reading = readDar(dar.bytes);

  it('writes a DAR that breaks no rule', () => {
    expect(reading.broken).toEqual([]);
    expect(reading.dalfs).toHaveLength(3);
  });

  it('writes the manifest keys damlc writes', () => {
    const manifest = reading.manifest!;
    expect(manifest.get('Manifest-Version')).toBe('1.0');
    expect(manifest.get('Created-By')).toBeTruthy();
    expect(manifest.get('Name')).toBe('sample-package-2.3.4');
    expect(manifest.get('Sdk-Version')).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.get('Format')).toBe('daml-lf');
    expect(manifest.get('Encryption')).toBe('non-encrypted');
    expect(manifest.get('Dalfs')!.split(', ')[0]).toBe(manifest.get('Main-Dalf'));
    expect(reading.manifestText!.endsWith('\n')).toBe(true);
  });

  it('reports package ids that are the SHA-256 of each payload, main first', () => {
    expect(dar.packageIds).toEqual(reading.dalfs.map((dalf) => dalf.payloadSha256));
    expect(dar.mainPackageId).toBe(dar.packageIds[0]);
    expect(new Set(dar.packageIds).size).toBe(3);
    for (const id of dar.packageIds) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fills daml_lf_2 with Daml-LF 2.1 packages named and versioned as the manifest says, with modules and templates', () => {
    const [main, ...dependencies] = reading.dalfs;
    expect(main!.minor).toBe('1');
    expect(main!.lf).toEqual({ name: 'sample-package', version: '2.3.4', modules: [{ name: 'SamplePackage', templates: ['Token'] }] });
    expect(dependencies.map((dalf) => dalf.lf!.name)).toEqual(['sample-package-dep1', 'sample-package-dep2']);
    expect(dependencies.map((dalf) => dalf.lf!.modules)).toEqual([
      [{ name: 'SamplePackageDep1', templates: [] }],
      [{ name: 'SamplePackageDep2', templates: [] }],
    ]);
  });

  it("writes packages the reference target's own Daml-LF decoder reads the same way", () => {
    for (const dalf of reading.dalfs) {
      const payload = readPayload(dar.bytes, dalf.path);
      const decoded = decodeLf2Package(payload, '1', 0);
      expect({ name: decoded.name, version: decoded.version }).toEqual({ name: dalf.lf!.name, version: dalf.lf!.version });
      expect(decoded.modules.map((module) => ({ name: module.name, templates: module.templates }))).toEqual(dalf.lf!.modules);
    }
  });

  it('is deterministic, and salt, name, version or dependencies change the ids', () => {
    const options = { name: 'same', version: '1.0.0', dalfs: 1 };
    expect(buildDar(options).bytes).toEqual(buildDar(options).bytes);
    const base = buildDar(options).mainPackageId;
    expect(buildDar({ ...options, salt: 'x' }).mainPackageId).not.toBe(base);
    expect(buildDar({ ...options, name: 'other' }).mainPackageId).not.toBe(base);
    expect(buildDar({ ...options, version: '1.0.1' }).mainPackageId).not.toBe(base);
    expect(buildDar({ ...options, dalfs: 2 }).mainPackageId).not.toBe(base);
  });

  it('writes CRLF manifests on request', () => {
    const crlf = readDar(buildDar({ name: 'crlf', version: '1.0.0', manifestLineEnding: '\r\n' }).bytes);
    expect(crlf.broken).toEqual([]);
    expect(crlf.manifestText!.split('\r\n').length).toBeGreaterThan(5);
    expect(crlf.manifestText!.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('builds valid DARs for any name, version and dependency count', () => {
    const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,40}$/);
    fc.assert(
      fc.property(
        token,
        fc.stringMatching(/^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){0,3}$/),
        fc.integer({ min: 0, max: 3 }),
        (name, version, dalfs) => {
          const built = buildDar({ name, version, dalfs });
          const read = readDar(built.bytes);
          expect(read.broken).toEqual([]);
          expect(read.dalfs.map((dalf) => dalf.payloadSha256)).toEqual(built.packageIds);
        },
      ),
      { seed: 7, numRuns: 25 },
    );
  });

  it('rejects a negative dependency count', () => {
    expect(() => buildDar({ name: 'x', version: '1.0.0', dalfs: -1 })).toThrow(/dalfs/);
  });
});

describe('buildBrokenDar', () => {
  const expectedRule: Record<BrokenDarKind, DarRule> = {
    'not-a-zip': 'is-zip',
    empty: 'non-empty',
    'no-manifest': 'has-manifest',
    'manifest-missing-main-dalf': 'manifest-has-main-dalf',
    'manifest-wrong-format': 'manifest-format-daml-lf',
    'missing-dalf': 'listed-dalfs-present',
    'hash-mismatch': 'hash-matches-payload',
    'bad-archive-protobuf': 'archive-decodes',
    'lf2-text-payload': 'package-decodes',
    'lf1-text-payload': 'package-decodes',
    'lf1-payload': 'payload-is-lf2',
  };

  it('covers every kind', () => {
    expect([...brokenDarKinds].sort()).toEqual(Object.keys(expectedRule).sort());
  });

  for (const kind of brokenDarKinds) {
    it(`${kind} breaks exactly the rule ${expectedRule[kind]}`, () => {
      expect(readDar(buildBrokenDar(kind)).broken).toEqual([expectedRule[kind]]);
      expect(readDar(buildBrokenDar(kind, { name: 'other-base', version: '0.1.0', dalfs: 0 })).broken).toEqual([expectedRule[kind]]);
    });
  }
});
