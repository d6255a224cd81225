/**
 * `POST /v2/dars`, `POST /v2/packages` (the same, deprecated) and `POST /v2/dars/validate`.
 *
 * Order of checks, as Canton: query decoding (400 text), then authorization (401/403, admin only), then
 * the `synchronizerId` (PROTO_DESERIALIZATION_FAILURE, PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER),
 * then the DAR itself (see dar/parse.ts).
 */
import { DecodeFailure, LedgerApiError } from '../errors.js';
import type { Faults } from '../faults.js';
import { requireCaller, requirePermission } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import type { PackageStore } from '../dar/packages.js';
import { parseDar, type ParsedDar } from '../dar/parse.js';
import { isUniqueIdentifier } from '../formats.js';

export interface DarRoutesOptions {
  packages: PackageStore;
  /** The one synchronizer the reference participant is connected to. */
  synchronizerId: string;
  faults: Faults;
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

function checkSynchronizer(request: RefRequest, connected: string): void {
  const synchronizerId = request.query.get('synchronizerId');
  if (synchronizerId === null || synchronizerId === '') return;
  if (!isUniqueIdentifier(synchronizerId)) {
    throw new LedgerApiError(
      'PROTO_DESERIALIZATION_FAILURE',
      `Deserialization of protobuf message failed: ValueConversionError(synchronizer_id,Invalid unique identifier \`${synchronizerId}\`: expected <identifier>::<fingerprint>)`,
      { context: { field: 'synchronizer_id', value: synchronizerId } },
    );
  }
  if (synchronizerId !== connected) {
    throw new LedgerApiError(
      'PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER',
      `Cannot vet packages on synchronizer ${synchronizerId}: the participant is not connected to it`,
      { context: { synchronizerId } },
    );
  }
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

  function authorizeAdmin(request: RefRequest): void {
    const caller = requireCaller(request.auth);
    requirePermission(caller.rights.admin, 'uploading or validating a DAR needs participant_admin rights');
  }

  function upload(request: RefRequest): RefResponse {
    const vet = booleanQuery(request, 'vetAllPackages', true);
    authorizeAdmin(request);
    checkSynchronizer(request, options.synchronizerId);
    const dar = readDar(request);
    if (dar !== undefined) {
      if (vet) packages.checkVettable(dar);
      packages.add(dar, vet);
    }
    return { status: 200, body: {} };
  }

  function validate(request: RefRequest): RefResponse {
    authorizeAdmin(request);
    checkSynchronizer(request, options.synchronizerId);
    const dar = readDar(request);
    if (dar !== undefined) {
      packages.checkVettable(dar);
      if (faults.has('dar-validate-persists')) packages.add(dar, true);
    }
    return { status: 200 };
  }

  return [
    { method: 'POST', pattern: '/v2/dars', handler: upload },
    { method: 'POST', pattern: '/v2/packages', handler: upload },
    { method: 'POST', pattern: '/v2/dars/validate', handler: validate },
  ];
}
