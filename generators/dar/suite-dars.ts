/**
 * A suite DAR (daml/dars/, type-checked by Canton's own Daml-LF tools) under another package name: the same package
 * with only its metadata name changed, hence a new package id, still well-typed. Tests that need packages a node has
 * never seen (vetting: a first version, a second package of a vetted name and version, an invalid upgrade) use these
 * on every target instead of the builder's synthetic packages, which a real node refuses when it type-checks them.
 *
 * The rewrite is on the protobuf wire: the Package's interned string that its metadata names as the package name is
 * replaced (it must occur once: the models hold no text literal equal to their package name), the ArchivePayload and
 * the Archive are re-emitted around it with the new SHA-256 as hash, every other field byte for byte as it was. The
 * DAR keeps its manifest and entry names, stored with the build's fixed time.
 */
import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { suiteDar, suiteDarBytes, type SuiteDarName } from '../../specification/suite-dars.js';

export interface RenamedDar {
  bytes: Uint8Array;
  packageId: string;
  packageName: string;
  packageVersion: string;
  /** Every package id of the DAR: its main package, then its dependency if it has one. */
  packageIds: string[];
}

interface WireField {
  number: number;
  wireType: number;
  /** The whole field (key included). */
  start: number;
  end: number;
  /** A length-delimited field's content. */
  content?: Uint8Array;
  /** A varint field's value. */
  value?: number;
}

function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (let index = offset; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, next: index + 1 };
    shift += 7;
  }
  throw new Error('truncated varint');
}

function fieldsOf(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const start = offset;
    const key = readVarint(bytes, offset);
    const number = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    offset = key.next;
    if (wireType === 0) {
      const { value, next } = readVarint(bytes, offset);
      fields.push({ number, wireType, start, end: next, value });
      offset = next;
    } else if (wireType === 2) {
      const { value: length, next } = readVarint(bytes, offset);
      fields.push({ number, wireType, start, end: next + length, content: bytes.subarray(next, next + length) });
      offset = next + length;
    } else if (wireType === 1 || wireType === 5) {
      offset += wireType === 1 ? 8 : 4;
      fields.push({ number, wireType, start, end: offset });
    } else {
      throw new Error(`unsupported wire type ${wireType}`);
    }
  }
  return fields;
}

function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

function lengthDelimited(number: number, content: Uint8Array): Uint8Array {
  return new Uint8Array([...varint(number * 8 + 2), ...varint(content.length), ...content]);
}

/** The message with each length-delimited field for which `replace` answers bytes replaced by them, in place. */
function rewrite(bytes: Uint8Array, replace: (field: WireField, occurrence: number) => Uint8Array | undefined): Uint8Array {
  const parts: Uint8Array[] = [];
  const seen = new Map<number, number>();
  for (const field of fieldsOf(bytes)) {
    const occurrence = seen.get(field.number) ?? 0;
    seen.set(field.number, occurrence + 1);
    const replacement = field.content === undefined ? undefined : replace(field, occurrence);
    parts.push(replacement === undefined ? bytes.subarray(field.start, field.end) : lengthDelimited(field.number, replacement));
  }
  return Buffer.concat(parts);
}

const only = (fields: WireField[], number: number, what: string): WireField => {
  const matching = fields.filter((field) => field.number === number);
  if (matching.length !== 1) throw new Error(`expected one ${what}, found ${matching.length}`);
  return matching[0]!;
};

// daml_lf.proto / daml_lf2.proto field numbers.
const ARCHIVE_PAYLOAD = 3;
const ARCHIVE_HASH = 4;
const PAYLOAD_DAML_LF_2 = 4;
const PACKAGE_INTERNED_STRINGS = 2;
const PACKAGE_METADATA = 4;
const METADATA_NAME = 1;

/**
 * The Daml-LF 2 package with its metadata's package name `from` replaced by `to`, and each imported package id of
 * `imports` (old id -> new id: an interned string, once) replaced by the new one.
 */
function renamePackage(pkg: Uint8Array, from: string, to: string, imports: ReadonlyMap<string, string> = new Map()): Uint8Array {
  const fields = fieldsOf(pkg);
  const metadata = fieldsOf(only(fields, PACKAGE_METADATA, 'Package.metadata').content!);
  const nameIndex = only(metadata, METADATA_NAME, 'PackageMetadata.name_interned_str').value ?? 0;
  const strings = fields
    .filter((field) => field.number === PACKAGE_INTERNED_STRINGS)
    .map((field) => Buffer.from(field.content!).toString('utf8'));
  if (strings[nameIndex] !== from) throw new Error(`the package's metadata names "${strings[nameIndex]}", not "${from}"`);
  if (strings.filter((value) => value === from).length !== 1) throw new Error(`"${from}" is interned more than once`);
  for (const imported of imports.keys()) {
    if (strings.filter((value) => value === imported).length !== 1) throw new Error(`the import ${imported} is not interned once`);
  }
  return rewrite(pkg, (field, occurrence) => {
    if (field.number !== PACKAGE_INTERNED_STRINGS) return undefined;
    if (occurrence === nameIndex) return new TextEncoder().encode(to);
    const renamed = imports.get(strings[occurrence]!);
    return renamed === undefined ? undefined : new TextEncoder().encode(renamed);
  });
}

/** A DALF (an Archive) with its package renamed (`renamePackage`), re-hashed: the new DALF and package id. */
function renameDalf(
  dalf: Uint8Array,
  from: string,
  to: string,
  imports: ReadonlyMap<string, string> = new Map(),
): { dalf: Uint8Array; packageId: string } {
  const payload = only(fieldsOf(dalf), ARCHIVE_PAYLOAD, 'Archive.payload').content!;
  const pkg = only(fieldsOf(payload), PAYLOAD_DAML_LF_2, 'ArchivePayload.daml_lf_2').content!;
  const newPayload = rewrite(payload, (field) => (field.number === PAYLOAD_DAML_LF_2 ? renamePackage(pkg, from, to, imports) : undefined));
  const packageId = createHash('sha256').update(newPayload).digest('hex');
  const newDalf = rewrite(dalf, (field) =>
    field.number === ARCHIVE_PAYLOAD ? newPayload : field.number === ARCHIVE_HASH ? new TextEncoder().encode(packageId) : undefined,
  );
  return { dalf: newDalf, packageId };
}

const FIXED_TIME = new Date(2000, 0, 1, 0, 0, 0);

/**
 * A DAR of the suite's form (its main package in `archive.dalf`, a Daml-LF 2 package whose metadata names `from`)
 * with the package renamed to `to`; throws when the DAR is not of that form.
 */
export function renameDar(darBytes: Uint8Array, from: string, to: string): { bytes: Uint8Array; packageId: string } {
  if (!/^[A-Za-z0-9._-]+$/.test(to)) throw new Error(`"${to}" is not a Daml-LF package name`);
  const files = unzipSync(darBytes);
  const dalf = files['archive.dalf'];
  if (dalf === undefined) throw new Error('the DAR has no archive.dalf');
  const { dalf: newDalf, packageId } = renameDalf(dalf, from, to);
  return { bytes: zipOf(files, { 'archive.dalf': newDalf }), packageId };
}

/** The DAR's entries, in their order, with `replaced` ones replaced, stored with the build's fixed time. */
function zipOf(files: Record<string, Uint8Array>, replaced: Record<string, Uint8Array>): Uint8Array {
  const entries = Object.fromEntries(
    Object.entries(files).map(([path, bytes]): [string, [Uint8Array, { level: 0; mtime: Date }]] => [
      path,
      [replaced[path] ?? bytes, { level: 0, mtime: FIXED_TIME }],
    ]),
  );
  return zipSync(entries);
}

/**
 * The suite DAR with a dependency (`conformance-with-dependency`, its DALF `conformance-dependency.dalf` beside the main
 * one) with both packages renamed: the dependency to `dependencyName` (a new id), the main package to `packageName`, its
 * import of the dependency rewritten to the new id. Every package id of the DAR is new; both stay the packages Canton's
 * tools type-checked together (selftest/daml/dars.test.ts checks a renamed one with Canton's validator).
 */
export function renamedSuiteDarWithDependency(packageName: string, dependencyName: string): RenamedDar & { dependency: RenamedDar } {
  for (const name of [packageName, dependencyName]) {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`"${name}" is not a Daml-LF package name`);
  }
  const main = suiteDar('conformance-with-dependency');
  const dependency = suiteDar('conformance-dependency');
  const files = unzipSync(suiteDarBytes('conformance-with-dependency'));
  const entry = `${dependency.name}.dalf`;
  const [mainDalf, dependencyDalf] = [files['archive.dalf'], files[entry]];
  if (mainDalf === undefined || dependencyDalf === undefined) throw new Error(`the DAR has no archive.dalf or ${entry}`);
  const renamedDependency = renameDalf(dependencyDalf, dependency.packageName, dependencyName);
  const renamedMain = renameDalf(mainDalf, main.packageName, packageName, new Map([[dependency.packageId, renamedDependency.packageId]]));
  const dependencyPart: RenamedDar = {
    bytes: new Uint8Array(),
    packageId: renamedDependency.packageId,
    packageName: dependencyName,
    packageVersion: dependency.packageVersion,
    packageIds: [renamedDependency.packageId],
  };
  return {
    bytes: zipOf(files, { 'archive.dalf': renamedMain.dalf, [entry]: renamedDependency.dalf }),
    packageId: renamedMain.packageId,
    packageName,
    packageVersion: main.packageVersion,
    packageIds: [renamedMain.packageId, renamedDependency.packageId],
    dependency: dependencyPart,
  };
}

/** The suite DAR `name` as a package named `packageName` (letters, digits, `-`, `_`, `.`), with its new package id. */
export function renamedSuiteDar(name: SuiteDarName, packageName: string): RenamedDar {
  const dar = suiteDar(name);
  const { bytes, packageId } = renameDar(suiteDarBytes(name), dar.packageName, packageName);
  return { bytes, packageId, packageName, packageVersion: dar.packageVersion, packageIds: [packageId] };
}
