import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenDarKinds, buildBrokenDar, buildDar, type BrokenDarKind } from '../../generators/dar/builder.js';
import { unzipSync } from 'fflate';
import protobuf from 'protobufjs';
import { decodeLf1Package, decodeLf2Package } from '../../reference/dar/daml-lf.js';
import { readDar, type DarRule } from '../../specification/dar.js';

/** The package bytes of a DALF of the DAR (field 3 of Archive, then `daml_lf_2` = 4 or `daml_lf_1` = 2 of ArchivePayload). */
function readPayload(dar: Uint8Array, path: string, lfField: 2 | 4 = 4): Uint8Array {
  const archive = protobuf.Reader.create(unzipSync(dar)[path]!);
  const field = (reader: protobuf.Reader, wanted: number): Uint8Array => {
    while (reader.pos < reader.len) {
      const key = reader.uint32();
      if (key >>> 3 === wanted) return reader.bytes();
      reader.skipType(key & 7);
    }
    throw new Error(`field ${wanted} not found`);
  };
  return field(protobuf.Reader.create(field(archive, 3)), lfField);
}

// The messages of daml_lf1.proto (Canton 3.5) a module name and its flags are read from, with their field numbers,
// written here apart from the generator's.
const DAML_LF_1 = protobuf
  .parse(
    `syntax = "proto3";
   message FeatureFlags { bool forbidPartyLiterals = 1; bool dontDivulgeContractIdsInCreateArguments = 2; bool dontDiscloseNonConsumingChoicesToObservers = 3; }
   message DottedName { repeated string segments = 1; }
   message Module { oneof name { DottedName name_dname = 1; int32 name_interned_dname = 8; } FeatureFlags flags = 4; }
   message InternedDottedName { repeated int32 segments_interned_str = 1; }
   message PackageMetadata { int32 name_interned_str = 1; int32 version_interned_str = 2; }
   message Package { repeated Module modules = 1; repeated string interned_strings = 2; repeated InternedDottedName interned_dotted_names = 3; PackageMetadata metadata = 4; }`,
    { keepCase: true },
  )
  .root.lookupType('Package');

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

  it('lf1-payload holds a Daml-LF 1 package that DecodeV1 reads, alone in its DAR', () => {
    const dar = buildBrokenDar('lf1-payload');
    const reading = readDar(dar);
    // No dependency: each one is decoded before the language version is judged, so it could only hide that check.
    expect(reading.dalfs).toHaveLength(1);
    const lf1 = readPayload(dar, reading.dalfs[0]!.path, 2);
    type Decoded = {
      modules: { name?: string; name_interned_dname?: number; flags?: Record<string, boolean> }[];
      interned_strings: string[];
      interned_dotted_names: { segments_interned_str: number[] }[];
      metadata?: { name_interned_str: number; version_interned_str: number };
    };
    const pkg = DAML_LF_1.toObject(DAML_LF_1.decode(lf1), { oneofs: true, defaults: true }) as Decoded;
    expect(pkg.modules).toHaveLength(1);
    const [module] = pkg.modules;
    // The oneof case must be set: an index left out as a proto3 default is "Module.name.name_interned_dname is required".
    expect(module!.name).toBe('name_interned_dname');
    const segments = pkg.interned_dotted_names[module!.name_interned_dname!]!.segments_interned_str;
    expect(segments.map((index) => pkg.interned_strings[index]).join('.')).toBe('BrokenTest');
    expect(module!.flags).toEqual({
      forbidPartyLiterals: true,
      dontDivulgeContractIdsInCreateArguments: true,
      dontDiscloseNonConsumingChoicesToObservers: true,
    });
    expect(pkg.metadata).toBeDefined();
    expect([pkg.interned_strings[pkg.metadata!.name_interned_str], pkg.interned_strings[pkg.metadata!.version_interned_str]]).toEqual([
      'broken-test',
      '1.0.0',
    ]);
    expect(() => decodeLf1Package(lf1, '17')).not.toThrow();
  });

  for (const kind of brokenDarKinds) {
    it(`${kind} breaks exactly the rule ${expectedRule[kind]}`, () => {
      expect(readDar(buildBrokenDar(kind)).broken).toEqual([expectedRule[kind]]);
      expect(readDar(buildBrokenDar(kind, { name: 'other-base', version: '0.1.0', dalfs: 0 })).broken).toEqual([expectedRule[kind]]);
    });
  }
});
