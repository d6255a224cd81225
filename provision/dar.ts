/**
 * What `provision` learns from a DAR before uploading it: the package name and version of its manifest
 * (`Name: CantonExamples-1.0.0`) and its main package id, the declared hash of the main DALF's Archive
 * (daml_lf.proto: `Archive{hash_function = 1, payload = 3, hash = 4}`), checked against the SHA-256 of its
 * payload as a participant checks it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import protobuf from 'protobufjs';
import { ProvisionError } from './errors.js';

const ARCHIVE = protobuf
  .parse('syntax = "proto3"; message Archive { int32 hash_function = 1; bytes payload = 3; string hash = 4; }', { keepCase: true })
  .root.lookupType('Archive');
const NAME_AND_VERSION = /^(.+)-(\d+(?:\.\d+)*)$/;

export interface DarSummary {
  path: string;
  bytes: Uint8Array;
  packageName: string;
  packageVersion: string;
  mainPackageId: string;
}

/** A Java manifest's main section: `Key: value` lines, continued by lines that start with a space. */
function manifestAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (attributes.size > 0) break;
      continue;
    }
    if (line.startsWith(' ') && last !== undefined) {
      attributes.set(last, `${attributes.get(last) ?? ''}${line.slice(1)}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim();
    attributes.set(last, line.slice(colon + 1).trim());
  }
  return attributes;
}

export function readDar(path: string): DarSummary {
  const fail = (problem: string): never => {
    throw new ProvisionError(
      `--dar ${path}: ${problem} (give the path of a DAR built by damlc, e.g. CantonExamples.dar of the Canton release)`,
    );
  };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (error) {
    return fail(`cannot be read: ${(error as Error).message}`);
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    return fail(`is not a zip archive (${(error as Error).message})`);
  }
  const manifest = files['META-INF/MANIFEST.MF'];
  if (manifest === undefined) return fail('has no META-INF/MANIFEST.MF');
  const attributes = manifestAttributes(Buffer.from(manifest).toString('utf8'));
  const mainDalf = attributes.get('Main-Dalf');
  const name = NAME_AND_VERSION.exec(attributes.get('Name') ?? '');
  if (mainDalf === undefined) return fail('its manifest names no Main-Dalf');
  if (name === null) return fail(`its manifest Name "${attributes.get('Name') ?? ''}" is not <package-name>-<version>`);
  const dalf = files[mainDalf];
  if (dalf === undefined) return fail(`its main DALF ${mainDalf} is missing from the archive`);
  let archive: { payload?: Uint8Array; hash?: string };
  try {
    archive = ARCHIVE.toObject(ARCHIVE.decode(dalf)) as typeof archive;
  } catch (error) {
    return fail(`its main DALF is not a Daml-LF Archive (${(error as Error).message})`);
  }
  const payloadHash = createHash('sha256')
    .update(archive.payload ?? new Uint8Array())
    .digest('hex');
  if (archive.hash !== payloadHash)
    return fail(`its main DALF declares the package id ${archive.hash ?? '(none)'} but its payload hashes to ${payloadHash}`);
  return { path, bytes, packageName: name[1]!, packageVersion: name[2]!, mainPackageId: payloadHash };
}
