import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDar } from '../../generators/dar/builder.js';
import { DAR_MANIFEST_PATH, isWellFormedDar, parseManifest, readDar } from '../../specification/dar.js';

const dar = buildDar({ name: 'reader-test', version: '1.0.0', dalfs: 1 });
const entries = unzipSync(dar.bytes);
const manifest = parseManifest(new TextDecoder().decode(entries[DAR_MANIFEST_PATH]));
const main = manifest.get('Main-Dalf')!;
const dependency = manifest.get('Dalfs')!.split(', ')[1]!;

/** The DAR with its manifest replaced by these lines. */
function withManifest(lines: string[]): Uint8Array {
  return zipSync({ ...entries, [DAR_MANIFEST_PATH]: new TextEncoder().encode(`${lines.join('\n')}\n`) });
}

describe("the suite's DAR reader reads the manifest as Canton's DarManifestReader", () => {
  it('wants Dalfs, then Format: a manifest without Dalfs breaks that rule alone', () => {
    expect(readDar(withManifest([`Main-Dalf: ${main}`, 'Format: daml-lf'])).broken).toEqual(['manifest-has-dalfs']);
  });

  it('reads the main DALF even when Dalfs leaves it out, main first', () => {
    const reading = readDar(withManifest([`Main-Dalf: ${main}`, `Dalfs: ${dependency}`, 'Format: daml-lf']));
    expect(reading.broken).toEqual([]);
    expect(reading.dalfs.map((dalf) => dalf.payloadSha256)).toEqual(dar.packageIds);
  });

  it('trims values, as Java does, and needs every listed DALF', () => {
    expect(isWellFormedDar(withManifest([`Main-Dalf:  ${main} `, `Dalfs: ${main} ,${dependency}`, 'Format: daml-lf  ']))).toBe(true);
    expect(readDar(withManifest([`Main-Dalf: ${main}`, `Dalfs: ${main}, ${dependency}, x.dalf`, 'Format: daml-lf'])).broken).toEqual([
      'listed-dalfs-present',
    ]);
  });

  it('reads the main section only: attributes after a blank line belong to an entry', () => {
    expect(readDar(withManifest([`Main-Dalf: ${main}`, `Dalfs: ${main}`, '', 'Format: daml-lf'])).broken).toEqual([
      'manifest-format-daml-lf',
    ]);
  });
});
