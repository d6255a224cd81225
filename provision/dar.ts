/**
 * What `provision` learns from a DAR before uploading it: the package name and version of its manifest
 * (`Name: CantonExamples-1.0.0`) and its main package id, the declared hash of the main DALF's Archive, checked
 * against the SHA-256 of its payload as a participant checks it. The DAR is read by the suite's one reading of
 * the format (specification/dar.ts).
 */
import { readFileSync } from 'node:fs';
import { DAR_MANIFEST_PATH, decodeArchive, manifestAttribute, parseManifest, unzipDar, type DecodedArchive } from '../specification/dar.js';
import { ProvisionError } from './provision-error.js';

const NAME_AND_VERSION = /^(.+)-(\d+(?:\.\d+)*)$/;

export interface DarSummary {
  path: string;
  bytes: Uint8Array;
  packageName: string;
  packageVersion: string;
  mainPackageId: string;
}

export function readDarFile(path: string): DarSummary {
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
    files = unzipDar(bytes);
  } catch (error) {
    return fail(`is not a zip archive (${(error as Error).message})`);
  }
  const manifest = files[DAR_MANIFEST_PATH];
  if (manifest === undefined) return fail(`has no ${DAR_MANIFEST_PATH}`);
  const attributes = parseManifest(Buffer.from(manifest).toString('utf8'));
  const mainDalf = manifestAttribute(attributes, 'Main-Dalf');
  const nameAttribute = manifestAttribute(attributes, 'Name') ?? '';
  const name = NAME_AND_VERSION.exec(nameAttribute);
  if (mainDalf === undefined) return fail('its manifest names no Main-Dalf');
  if (name === null) return fail(`its manifest Name "${nameAttribute}" is not <package-name>-<version>`);
  const dalf = files[mainDalf];
  if (dalf === undefined) return fail(`its main DALF ${mainDalf} is missing from the archive`);
  let archive: DecodedArchive;
  try {
    archive = decodeArchive(dalf);
  } catch (error) {
    return fail(`its main DALF is not a Daml-LF Archive (${(error as Error).message})`);
  }
  if (archive.hash !== archive.payloadSha256)
    return fail(
      `its main DALF declares the package id ${archive.hash === '' ? '(none)' : archive.hash} but its payload hashes to ${archive.payloadSha256}`,
    );
  return { path, bytes, packageName: name[1]!, packageVersion: name[2]!, mainPackageId: archive.payloadSha256 };
}
