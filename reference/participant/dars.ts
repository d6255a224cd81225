/**
 * `POST /v2/dars`, `POST /v2/packages` (the same, deprecated) and `POST /v2/dars/validate`.
 *
 * Order of checks, as Canton: query decoding (400 text), then authorization (401/403, admin only), then
 * the `synchronizerId`'s syntax (PROTO_DESERIALIZATION_FAILURE), then, when the request vets (validate always
 * does, an upload unless `vetAllPackages=false`), the synchronizer to vet on: the one named
 * (PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER) or, with none named, the only connected one
 * (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER with 0 or 2+; CantonSyncService.autoDetectSynchronizer),
 * then the DAR itself (see dar/parse.ts).
 */
import { DecodeFailure, LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import { requireCaller, requirePermission } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import type { PackageStore } from '../dar/packages.js';
import { parseDar, type DarPackage, type ParsedDar } from '../dar/parse.js';
import { isUniqueIdentifier } from '../string-formats.js';

export interface DarRoutesOptions {
  packages: PackageStore;
  /** The fixture synchronizer, which the reference participant is connected to unless it is connected to none. */
  synchronizerId: string;
  /** How many synchronizers the participant is connected to (`features.connectedSynchronizers`). */
  connectedSynchronizers: number;
  faults: Faults;
  /** Told the packages of each DAR vetted by an upload (the ledger then executes those it has a model of). */
  onVetted?: (packages: readonly DarPackage[]) => void;
  /** Told the packages an upload unvets (only under the holdout fault `holdout4-reupload-unvetted-unvets`). */
  onUnvetted?: (packages: readonly DarPackage[]) => void;
}

/** tapir's Boolean codec (Scala `toBoolean`): `true`/`false`, any case; absent = the server default. */
function booleanQuery(request: RefRequest, name: string, defaultValue: boolean): boolean {
  const value = request.query.get(name);
  if (value === null) return defaultValue;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw DecodeFailure.queryParameter(name);
}

/** The `synchronizerId` query parameter, undefined when absent or empty; throws when it is no unique identifier. */
function namedSynchronizer(request: RefRequest): string | undefined {
  const synchronizerId = request.query.get('synchronizerId');
  if (synchronizerId === null || synchronizerId === '') return undefined;
  if (!isUniqueIdentifier(synchronizerId)) {
    throw new LedgerApiError(
      'PROTO_DESERIALIZATION_FAILURE',
      `Deserialization of protobuf message failed: ValueConversionError(synchronizer_id,Invalid unique identifier \`${synchronizerId}\`: expected <identifier>::<fingerprint>)`,
      { context: { field: 'synchronizer_id', value: synchronizerId } },
    );
  }
  return synchronizerId;
}

export function darRoutes(options: DarRoutesOptions): Route[] {
  const { packages, faults } = options;
  const checkHashes = !faults.has('dar-hash-not-checked');

  /** The parsed DAR, or undefined when the `dar-garbage-accepted` fault swallows a corrupt one. */
  function readDar(request: RefRequest): ParsedDar | undefined {
    try {
      return parseDar(request.body, { checkHashes });
    } catch (error) {
      if (error instanceof LedgerApiError && error.code === 'INVALID_DAR' && faults.has('dar-garbage-accepted')) {
        return undefined;
      }
      throw error;
    }
  }

  /** The synchronizer packages are vetted on: the named one if connected, else the only connected one. */
  function checkVettingSynchronizer(named: string | undefined): void {
    const { synchronizerId, connectedSynchronizers } = options;
    if (named !== undefined) {
      if (connectedSynchronizers === 0 || named !== synchronizerId) {
        throw new LedgerApiError(
          'PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER',
          `Cannot upload a dar because the participant is not connected to synchronizer '${named}'.`,
        );
      }
      return;
    }
    if (connectedSynchronizers !== 1) {
      // Canton lists the ids; the reference knows only the fixture synchronizer's.
      const connected =
        connectedSynchronizers === 0
          ? 'no synchronizers currently connected'
          : `currently connected synchronizers ${synchronizerId} and ${connectedSynchronizers - 1} more`;
      throw new LedgerApiError('PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER', `Cannot autodetect synchronizer: ${connected}`);
    }
  }

  function authorizeAdmin(request: RefRequest): void {
    const caller = requireCaller(request.auth);
    requirePermission(
      caller.rights.admin || faults.has('dar-upload-any-user'),
      'uploading or validating a DAR needs participant_admin rights',
    );
  }

  function upload(request: RefRequest, deprecatedRoute = false): RefResponse {
    const vetByDefault =
      !faults.has('holdout-upload-not-vetted-by-default') && !(deprecatedRoute && faults.has('holdout-deprecated-upload-vets-nothing'));
    const vet =
      (deprecatedRoute && faults.has('packages-route-ignores-vet-false')) || booleanQuery(request, 'vetAllPackages', vetByDefault);
    authorizeAdmin(request);
    const named = namedSynchronizer(request);
    // Canton picks the synchronizer only to vet on: without vetting, neither the named one nor auto-detection is checked.
    if (vet) checkVettingSynchronizer(named);
    const dar = readDar(request);
    if (dar !== undefined && !(faults.has('holdout-unvetted-upload-not-stored') && !vet)) {
      // Fault `upgrade-upload-not-checked`: only validate runs the lineage checks, an upload vets whatever it is given.
      // Holdout fault `holdout3-unvetted-upload-upgrade-checked`: the checks run also for an upload that vets nothing.
      if ((vet || faults.has('holdout3-unvetted-upload-upgrade-checked')) && !faults.has('upgrade-upload-not-checked'))
        packages.checkVettable(dar);
      packages.add(dar, vet);
      if (vet) options.onVetted?.([dar.main, ...dar.dependencies]);
      // Holdout fault `holdout4-reupload-unvetted-unvets`: an upload with vetAllPackages=false unvets what it names.
      else if (faults.has('holdout4-reupload-unvetted-unvets')) options.onUnvetted?.([dar.main, ...dar.dependencies]);
    }
    return { status: 200, body: {} };
  }

  function validate(request: RefRequest): RefResponse {
    authorizeAdmin(request);
    checkVettingSynchronizer(namedSynchronizer(request));
    const dar = readDar(request);
    if (dar !== undefined) {
      packages.checkVettable(dar);
      if (faults.has('dar-validate-persists')) packages.add(dar, true);
      if (faults.has('dar-validate-stores-package')) packages.store(dar);
      if (faults.has('holdout-validate-stores-dependencies')) packages.store(dar, true);
    }
    return { status: 200 };
  }

  return [
    { method: 'POST', pattern: '/v2/dars', handler: (request) => upload(request) },
    { method: 'POST', pattern: '/v2/packages', handler: (request) => upload(request, true) },
    { method: 'POST', pattern: '/v2/dars/validate', handler: validate },
  ];
}
