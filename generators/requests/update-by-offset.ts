/**
 * Bodies of `POST /v2/updates/update-by-offset`.
 * - `schema`: any positive int64 offset (bigint near the limit), filters naming any template or party;
 * - `accepted`: offsets of the seeded updates or small positive ones, and a format a node carries out for
 *   the user who sends it (`asUser`): the fixture package's templates and interface, only parties that
 *   user may read as (see `primitives/formats.ts`). The answer may still be `UPDATE_NOT_FOUND` (unknown
 *   offset, or everything filtered out).
 */
import fc from 'fast-check';
import type { GeneratorContext, ReadingUser } from '../context.js';
import { PLAIN_OBJECTS, withBoundaries } from '../primitives/boundaries.js';
import { knownVocabulary, schemaVocabulary, updateFormat } from '../primitives/update-formats.js';
import { INT64_MAX, safeInt64 } from '../primitives/numbers.js';
import type { Mode } from '../primitives/unions.js';

/** A body together with the user whose token must send it (`accepted` bodies only). */
export interface UpdateByOffsetCase {
  asUser?: string;
  body: Record<string, unknown>;
}

export function positiveOffset(): fc.Arbitrary<number | bigint> {
  return fc.oneof(
    { weight: 4, arbitrary: safeInt64({ min: 1 }) },
    { weight: 1, arbitrary: withBoundaries(fc.constant(INT64_MAX), fc.bigInt(2n ** 53n, INT64_MAX)) },
  );
}

function acceptedCase(context: GeneratorContext): fc.Arbitrary<UpdateByOffsetCase> {
  if (context.readingUsers.length === 0) {
    throw new Error('generators: the fixtures define no active user who may read as a party; accepted update lookups need one');
  }
  // One prebuilt arbitrary per user (not a `chain`, which would rebuild them for every value).
  return fc.oneof(...context.readingUsers.map((user) => acceptedCaseFor(context, user)));
}

/** Accepted lookups sent by `user`: every filter names a party that user may read as. */
export function acceptedCaseFor(context: GeneratorContext, user: ReadingUser): fc.Arbitrary<UpdateByOffsetCase> {
  const offsets =
    context.seededOffsets.length > 0
      ? fc.oneof(fc.constantFrom(...context.seededOffsets), safeInt64({ min: 1, max: 1000 }))
      : safeInt64({ min: 1, max: 1000 });
  const vocabulary = knownVocabulary({
    templateIds: Object.values(context.templateIds),
    interfaceId: context.interfaceId,
    partyIds: user.parties,
    anyParty: user.anyParty,
  });
  return fc
    .record({ offset: offsets, updateFormat: updateFormat(vocabulary, 'accepted') }, PLAIN_OBJECTS)
    .map((body) => ({ asUser: user.userId, body }));
}

export function updateByOffsetCase(context: GeneratorContext, mode: Mode = 'schema'): fc.Arbitrary<UpdateByOffsetCase> {
  if (mode === 'accepted') return acceptedCase(context);
  return fc
    .record({ offset: positiveOffset(), updateFormat: updateFormat(schemaVocabulary(), 'schema') }, PLAIN_OBJECTS)
    .map((body) => ({ body }));
}

export function updateByOffsetBody(context: GeneratorContext, mode: Mode = 'schema'): fc.Arbitrary<Record<string, unknown>> {
  return updateByOffsetCase(context, mode).map((generated) => generated.body);
}
