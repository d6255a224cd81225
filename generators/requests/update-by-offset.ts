/**
 * Bodies of `POST /v2/updates/update-by-offset`.
 * - `schema`: any positive int64 offset (bigint near the limit), filters naming any template or party;
 * - `accepted`: offsets of the seeded updates or small positive ones, filters naming only the fixture
 *   package's templates and interface and fixture parties (an unknown template is an error there).
 *   The answer may still be `UPDATE_NOT_FOUND` (unknown offset, or everything filtered out).
 */
import fc from 'fast-check';
import { allPartyIds, type GeneratorContext } from '../context.js';
import { PLAIN_OBJECTS, withBoundaries } from '../primitives/boundaries.js';
import { knownVocabulary, schemaVocabulary, updateFormat } from '../primitives/formats.js';
import { INT64_MAX, safeInt64 } from '../primitives/numbers.js';
import type { Mode } from '../primitives/unions.js';

export function positiveOffset(): fc.Arbitrary<number | bigint> {
  return fc.oneof(
    { weight: 4, arbitrary: safeInt64({ min: 1 }) },
    { weight: 1, arbitrary: withBoundaries(fc.constant(INT64_MAX), fc.bigInt(2n ** 53n, INT64_MAX)) },
  );
}

export function updateByOffsetBody(context: GeneratorContext, mode: Mode = 'schema'): fc.Arbitrary<Record<string, unknown>> {
  if (mode === 'schema') {
    return fc.record({ offset: positiveOffset(), updateFormat: updateFormat(schemaVocabulary(), 'schema') }, PLAIN_OBJECTS);
  }
  const vocabulary = knownVocabulary({
    templateIds: Object.values(context.templateIds),
    interfaceId: context.interfaceId,
    packageId: context.packageId,
    partyIds: allPartyIds(context),
  });
  const offsets =
    context.seededOffsets.length > 0
      ? fc.oneof(fc.constantFrom(...context.seededOffsets), safeInt64({ min: 1, max: 1000 }))
      : safeInt64({ min: 1, max: 1000 });
  return fc.record({ offset: offsets, updateFormat: updateFormat(vocabulary, 'accepted') }, PLAIN_OBJECTS);
}
