/**
 * Decoding and validation shared by the admin routes (users, parties), as Canton's JSON API and its
 * gRPC validators do them.
 *
 * Decoding: the admin messages use Canton's "relaxed" circe codec: a missing field takes its proto3
 * default ('' for strings, false, [] , {} , None for messages), a present field of the wrong type is a
 * 400 text/plain decode failure. Validation: FieldValidator's MISSING_FIELD / INVALID_FIELD /
 * INVALID_ARGUMENT errors with their causes.
 */
import { DecodeFailure, invalidArgument, invalidField, missingField } from '../canton-errors.js';
import { fieldPath, isJsonObject, wrongType, type JsonObject } from '../http/decode.js';
import { INTEGER_TEXT, isIdentityProviderId, MAX_ANNOTATIONS_KILOBYTES, partyProblem, userIdProblem } from '../string-formats.js';
import type { RefRequest } from '../http/types.js';
import { annotationProblem } from './annotations.js';

export { javaSplit } from './annotations.js';

/** An int32 query parameter (`pageSize`), 0 when absent; anything else is a decode failure naming it. */
export function int32Query(request: RefRequest, name: string): number {
  const raw = request.query.get(name);
  if (raw === null) return 0;
  if (!INTEGER_TEXT.test(raw.trim()) || Math.abs(Number(raw)) > 2 ** 31 - 1) throw DecodeFailure.queryParameter(name);
  return Number(raw);
}

/** A string field, '' when absent (a present non-string is a decode failure). */
export function relaxedString(obj: JsonObject, field: string, path: string): string {
  if (!Object.hasOwn(obj, field)) return '';
  const value = obj[field];
  if (typeof value !== 'string') throw wrongType(value, 'string', fieldPath(path, field));
  return value;
}

/** A boolean field, false when absent. */
export function relaxedBoolean(obj: JsonObject, field: string, path: string): boolean {
  if (!Object.hasOwn(obj, field)) return false;
  const value = obj[field];
  if (typeof value !== 'boolean') throw wrongType(value, 'boolean', fieldPath(path, field));
  return value;
}

/** An array field, [] when absent. */
export function relaxedArray(obj: JsonObject, field: string, path: string): unknown[] {
  if (!Object.hasOwn(obj, field)) return [];
  const value = obj[field];
  if (!Array.isArray(value)) throw wrongType(value, 'array', fieldPath(path, field));
  return value;
}

/** A message field: undefined when absent or null. */
export function relaxedMessage(obj: JsonObject, field: string, path: string): JsonObject | undefined {
  const value = obj[field];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw wrongType(value, 'object', fieldPath(path, field));
  return value;
}

export interface ObjectMeta {
  resourceVersion: string;
  annotations: Record<string, string>;
}

/** `ObjectMeta{resourceVersion, annotations}`; an absent message reads as empty. */
export function decodeObjectMeta(obj: JsonObject | undefined, path: string): ObjectMeta {
  if (obj === undefined) return { resourceVersion: '', annotations: {} };
  const annotationsPath = fieldPath(path, 'annotations');
  const raw = relaxedMessage(obj, 'annotations', path) ?? {};
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw wrongType(value, 'string', fieldPath(annotationsPath, key));
    annotations[key] = value;
  }
  return { resourceVersion: relaxedString(obj, 'resourceVersion', path), annotations };
}

/** FieldValidator.requireUserId: MISSING_FIELD when empty, INVALID_FIELD when malformed. */
export function requireUserId(value: string, fieldName: string): string {
  if (value === '') throw missingField(fieldName);
  const problem = userIdProblem(value);
  if (problem !== undefined) throw invalidField(fieldName, problem);
  return value;
}

/** FieldValidator.requireParty (the form without a field name): INVALID_ARGUMENT naming the problem. */
export function requireParty(value: string): string {
  const problem = partyProblem(value);
  if (problem !== undefined) throw invalidArgument(problem);
  return value;
}

/** An optional identity provider id ('' is the default IDP); the reference knows only the default one. */
export function requireKnownIdentityProvider(value: string, fieldName: string): void {
  if (value === '') return;
  if (!isIdentityProviderId(value)) {
    throw invalidField(fieldName, `Daml-LF Ledger String "${value}" does not match the identity provider id syntax`);
  }
  throw invalidArgument(`Provided identity_provider_id ${value} has not been found.`);
}

/** FieldValidator.verifyMetadataAnnotations for the annotations at `fieldName`. */
export function requireValidAnnotations(annotations: Record<string, string>, allowEmptyValues: boolean, fieldName: string): void {
  const problem = annotationProblem(annotations, allowEmptyValues);
  if (problem === undefined) return;
  if (problem.kind === 'size') {
    throw invalidArgument(`annotations from field '${fieldName}' are larger than the limit of ${MAX_ANNOTATIONS_KILOBYTES}kb`);
  }
  throw invalidArgument(problem.reason);
}

/** A resource version sent back for concurrency control: a number (Canton's are longs). */
export function requireResourceVersion(value: string, fieldName: string): number {
  // Scala's String.toLong: optional sign and decimal digits only.
  if (!/^[+-]?\d{1,19}$/.test(value)) throw invalidField(fieldName, 'Invalid resource version number');
  return Number(value);
}
