/**
 * The packages uploaded to the reference participant. Vetted packages are indexed by name and version:
 * vetting a second package id under the same name and version is KNOWN_PACKAGE_VERSION.
 */
import { LedgerApiError } from '../errors.js';
import type { ParsedDar } from './parse.js';

export class PackageStore {
  private readonly uploaded = new Set<string>();
  private readonly vettedByNameAndVersion = new Map<string, string>();

  /** Throws KNOWN_PACKAGE_VERSION when vetting `dar` would clash with an already vetted package. */
  checkVettable(dar: ParsedDar): void {
    if (dar.name === undefined || dar.version === undefined) return;
    const existing = this.vettedByNameAndVersion.get(`${dar.name}-${dar.version}`);
    if (existing !== undefined && existing !== dar.main.packageId) {
      throw new LedgerApiError(
        'KNOWN_PACKAGE_VERSION',
        `Tried to vet package ${dar.main.packageId}, but it has the same name and version (${dar.name} ${dar.version}) ` +
          `as the already vetted package ${existing}`,
        { context: { existingPackage: existing, packageName: dar.name, packageVersion: dar.version } },
      );
    }
  }

  /** Stores the DAR's packages; idempotent for a DAR uploaded before. */
  add(dar: ParsedDar, vet: boolean): void {
    for (const pkg of [dar.main, ...dar.dependencies]) this.uploaded.add(pkg.packageId);
    if (vet && dar.name !== undefined && dar.version !== undefined) {
      this.vettedByNameAndVersion.set(`${dar.name}-${dar.version}`, dar.main.packageId);
    }
  }

  /** Ids of every package uploaded so far (main and dependency packages). */
  packageIds(): string[] {
    return [...this.uploaded];
  }
}
