/**
 * Participant (area A) response bodies other than the update lookup: users, submit-and-wait, execute,
 * DAR upload, traffic accounts, and the default error body.
 */
import { ANNOTATIONS_MAX_BYTES } from '../formats.js';
import { anyObject, arrayOf, boolean, int32, int64, mapOf, nonEmptyString, offset, record, ref, string, type Schema } from './build.js';
import type { SchemaProfile } from './profile.js';

/** Limits: annotation keys (format), non-empty values, at most 256 kb over all keys and values. */
const annotations: Schema = {
  type: 'object',
  propertyNames: { format: 'annotation-key' },
  additionalProperties: nonEmptyString,
  maxTotalUtf8Bytes: ANNOTATIONS_MAX_BYTES,
};

const resourcePair: Schema = {
  type: 'array',
  items: [string, string],
  minItems: 2,
  additionalItems: false,
};

export function participantResponseSchemas(profile: SchemaProfile) {
  return {
    TraceContext: record({}, { traceparent: string, tracestate: string }),
    ObjectMeta: record({}, { resourceVersion: string, annotations }),
    User: record(
      { id: { type: 'string', format: 'user-id' } },
      {
        primaryParty: string,
        isDeactivated: boolean,
        metadata: ref('ObjectMeta'),
        identityProviderId: string,
        primaryPartyAuthentication: boolean,
      },
    ),
    GetUserResponse: record({ user: ref('User') }),

    // Limits: completionOffset is an absolute offset, so positive.
    SubmitAndWaitResponse: record({ updateId: string, completionOffset: offset }),
    ExecuteSubmissionResponse: anyObject,
    UploadDarFileResponse: anyObject,
    TrafficAccount: record({ accountId: string, balance: int64 }),

    // Canton writes every optional key, `null` when unset (facts: canton-json-api.md §1, JsCantonError).
    JsCantonError: record(
      { code: string, cause: string, context: mapOf(string), errorCategory: int32 },
      {
        correlationId: string,
        traceId: string,
        resources: arrayOf(resourcePair),
        grpcCodeValue: int32,
        retryInfo: string,
        definiteAnswer: boolean,
      },
      { optionalKeysPresent: profile === 'canton' },
    ),
  } satisfies Record<string, Schema>;
}
