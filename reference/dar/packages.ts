/**
 * The packages uploaded to the reference participant, and which of them are vetted.
 *
 * Vetting follows Canton 3.5's PackageUpgradeValidator.validateUpgrade
 * (community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/admin/PackageUpgradeValidator.scala:68):
 * an upload with vetting (and every validate) vets all packages of the DAR, main and dependencies; for each package name
 * the DAR touches, the lineage (the vetted packages of that name plus the new ones, sorted by version, then package id) is
 * checked pairwise: two packages of the same version are KNOWN_PACKAGE_VERSION (`validateVersion`, :166), a later version
 * that drops a template of the earlier one is NOT_VALID_UPGRADE_PACKAGE (`strictTypecheckUpgrades`, :187; the
 * reference's reading of TypecheckUpgrades is "every template of the older version is still there", plus the one field
 * type change of the suite's invalid upgrade, `changedFieldType`).
 */
import { LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import type { DarPackage, ParsedDar } from './parse.js';

interface VettedPackage {
  packageId: string;
  name: string;
  version: string;
  /** `Module:Entity` of every template. */
  templates: string[];
  /**
   * A package with templates, interfaces or data types. Only those take part in the lineage checks: Canton skips
   * utility packages (`lineage.filter(_.supportsUpgrades)`, PackageUpgradeValidator.scala:130; the reference reads any
   * data type as serializable).
   */
  upgradable: boolean;
}

function templatesOf(pkg: DarPackage): string[] {
  return (pkg.modules ?? []).flatMap((module) => module.templates.map((template) => `${module.name}:${template}`));
}

/** Daml package versions are dot-separated non-negative integers (Ref.PackageVersion); compared part by part. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The reference decodes template names, not field types, so the one field-type change it knows is written as data: the
 * suite's invalid upgrade `conformance-upgrade` 3.0.0 (daml/lf/upgrade-v3-invalid.lf, under its own name or a test's
 * `conformance-upgrade-<suffix>`) changes Asset's `amount` from Int64 to Text, which Canton's TypecheckUpgrades refuses
 * against 1.0.0 as against 2.0.0 (daml/dars/index.json records both outcomes).
 */
function changedFieldType(older: VettedPackage, newer: VettedPackage): string | undefined {
  const upgradeLineage = /^conformance-upgrade(-[A-Za-z0-9._-]+)?$/.test(newer.name);
  const invalidV3 = upgradeLineage && newer.version === '3.0.0' && newer.templates.includes('Upgrade:Asset');
  return invalidV3 && older.templates.includes('Upgrade:Asset')
    ? 'The upgraded template Asset has changed the types of some of its original fields.'
    : undefined;
}

/** Canton's PkgIdWithNameAndVersion.toString: `<id> (<name> v<version>)`. */
const describe = (pkg: VettedPackage): string => `${pkg.packageId} (${pkg.name} v${pkg.version})`;

export class PackageStore {
  private readonly uploaded = new Set<string>();
  /** Ids of the DARs' main packages, and how often each package was uploaded (for the holdout faults). */
  private readonly mains = new Set<string>();
  private readonly uploads = new Map<string, number>();
  /** Packages the node had before it started (`declare`): listed, vetted, not uploaded through this node's routes. */
  private readonly declared = new Set<string>();
  private readonly vetted = new Map<string, VettedPackage>();

  constructor(private readonly faults?: Faults) {}

  /** The packages of `dar` that carry a name and version (Daml-LF 2), main first. */
  private packagesOf(dar: ParsedDar): VettedPackage[] {
    const all = this.faults?.has('vetting-dependencies-not-vetted') ? [dar.main] : [dar.main, ...dar.dependencies];
    return all.flatMap((pkg) =>
      pkg.name === undefined || pkg.version === undefined
        ? []
        : [
            {
              packageId: pkg.packageId,
              name: pkg.name,
              version: pkg.version,
              templates: templatesOf(pkg),
              upgradable: (pkg.modules ?? []).some(
                (module) => module.templates.length + module.interfaces.length + module.dataTypes.length > 0,
              ),
            },
          ],
    );
  }

  /** Throws KNOWN_PACKAGE_VERSION or NOT_VALID_UPGRADE_PACKAGE when vetting `dar` would break a lineage. */
  checkVettable(dar: ParsedDar): void {
    const fresh = this.packagesOf(dar);
    for (const name of [...new Set(fresh.map((pkg) => pkg.name))]) {
      const byId = new Map<string, VettedPackage>();
      for (const pkg of this.vetted.values()) if (pkg.name === name) byId.set(pkg.packageId, pkg);
      for (const pkg of fresh) if (pkg.name === name) byId.set(pkg.packageId, pkg);
      // Holdout fault `holdout3-reupload-known-version`: the vetted and the new packages are not merged by id, so a
      // package vetted before meets itself in the lineage.
      const members = this.faults?.has('holdout3-reupload-known-version')
        ? [...[...this.vetted.values()].filter((pkg) => pkg.name === name), ...fresh.filter((pkg) => pkg.name === name)]
        : [...byId.values()];
      const lineage = members
        .filter((pkg) => pkg.upgradable)
        .sort((a, b) => compareVersions(a.version, b.version) || (a.packageId < b.packageId ? -1 : a.packageId > b.packageId ? 1 : 0));
      for (let index = 1; index < lineage.length; index += 1) {
        const older = lineage[index - 1]!;
        const newer = lineage[index]!;
        if (older.version === newer.version) {
          if (this.faults?.has('vetting-same-version-accepted')) continue;
          throw new LedgerApiError(
            'KNOWN_PACKAGE_VERSION',
            `Tried to vet two packages with the same name and version: ${describe(older)} and ${describe(newer)}.`,
          );
        }
        const missing = older.templates.filter((template) => !newer.templates.includes(template));
        const reason = missing.length > 0 ? `The upgraded package is missing the template ${missing[0]}` : changedFieldType(older, newer);
        if (reason !== undefined && !this.faults?.has('vetting-upgrade-not-checked')) {
          throw new LedgerApiError(
            'NOT_VALID_UPGRADE_PACKAGE',
            `Upgrade checks indicate that ${describe(newer)} cannot be an upgrade of ${describe(older)}. Reason: ${reason}`,
          );
        }
      }
    }
  }

  /** Stores the DAR's packages and, with `vet`, vets them all; idempotent for a DAR uploaded before. */
  add(dar: ParsedDar, vet: boolean): void {
    for (const pkg of [dar.main, ...dar.dependencies]) {
      this.uploaded.add(pkg.packageId);
      this.uploads.set(pkg.packageId, (this.uploads.get(pkg.packageId) ?? 0) + 1);
    }
    this.mains.add(dar.main.packageId);
    if (vet || this.faults?.has('vetting-ignores-vet-all-packages-false')) {
      for (const pkg of this.packagesOf(dar)) {
        this.vetted.set(pkg.packageId, pkg);
        // Holdout fault `holdout4-upgrade-unvets-older`: only the highest vetted version of the name stays vetted.
        if (this.faults?.has('holdout4-upgrade-unvets-older')) {
          const named = [...this.vetted.values()].filter((other) => other.name === pkg.name);
          const highest = named.reduce((best, other) => (compareVersions(other.version, best.version) > 0 ? other : best), pkg);
          for (const other of named) if (compareVersions(other.version, highest.version) < 0) this.vetted.delete(other.packageId);
        }
      }
    } else if (this.faults?.has('holdout4-reupload-unvetted-unvets')) {
      // Holdout fault `holdout4-reupload-unvetted-unvets`: the packages' vetting is set to the flag, so they are unvetted.
      for (const pkg of [dar.main, ...dar.dependencies]) this.vetted.delete(pkg.packageId);
    }
  }

  /**
   * A package the node had before it started, uploaded and vetted (the suite DARs the fixtures name in `suitePackages`,
   * as `provision` uploaded them): listed by `GET /v2/packages` and part of its name's lineage.
   */
  declare(pkg: { id: string; name: string; version: string; templates?: readonly string[] }): void {
    this.declared.add(pkg.id);
    this.vetted.set(pkg.id, {
      packageId: pkg.id,
      name: pkg.name,
      version: pkg.version,
      templates: [...(pkg.templates ?? [])],
      upgradable: true,
    });
  }

  /** Stores the DAR's packages without vetting them (only for the `dar-validate-stores-package` fault). */
  store(dar: ParsedDar, dependenciesOnly = false): void {
    for (const pkg of dependenciesOnly ? dar.dependencies : [dar.main, ...dar.dependencies]) this.uploaded.add(pkg.packageId);
  }

  /** Ids of every package uploaded so far (main and dependency packages). */
  packageIds(): string[] {
    return [...this.uploaded];
  }

  /** Ids of every package the node has: those it started with (`declare`) and those uploaded since. */
  listedIds(): string[] {
    const listed = [...new Set([...this.declared, ...this.uploaded])];
    const shown = this.faults?.has('holdout-package-list-missing-dependencies')
      ? listed.filter((id) => this.declared.has(id) || this.mains.has(id))
      : listed;
    if (!this.faults?.has('holdout-reupload-listed-twice')) return shown;
    return shown.flatMap((id) => ((this.uploads.get(id) ?? 0) > 1 ? [id, id] : [id]));
  }
}
