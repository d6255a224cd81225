/**
 * All schemas of the spec, per profile, each with its stable `$id` (`https://ledger-conformance/schemas/<Name>`).
 * Validate with `createValidators` (specification/validate.ts); this module only assembles the schema objects.
 */
import type { Schema } from './build.js';
import { schemaId, type SchemaName } from './names.js';
import { participantResponseSchemas } from './participant-responses.js';
import type { SchemaProfile } from './profile.js';
import { requestSchemas } from './requests.js';
import { scanSchemas } from './scan.js';
import { updateSchemas } from './updates.js';

export { SCHEMA_DIRECTIONS, SCHEMA_NAMES, schemaId, type SchemaDirection, type SchemaName } from './names.js';
export type { SchemaProfile } from './profile.js';
export type { Schema } from './build.js';
export { HASHING_SCHEME_VERSIONS, TRANSACTION_SHAPES } from './requests.js';
export { PARTICIPANT_PERMISSIONS } from './updates.js';
export { isScanParticipantId } from './ajv-formats.js';
export { isAnnotationKey, isUserId } from '../formats.js';

export function schemaDefinitions(profile: SchemaProfile): Record<SchemaName, Schema> {
  const bodies = {
    ...requestSchemas(profile),
    ...participantResponseSchemas(profile),
    ...updateSchemas(profile),
    ...scanSchemas(profile),
  } satisfies Record<SchemaName, Schema>;
  const withIds = Object.entries(bodies).map(([name, body]) => [name, { $id: schemaId(name as SchemaName), ...body }]);
  return Object.fromEntries(withIds) as Record<SchemaName, Schema>;
}
