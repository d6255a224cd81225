/**
 * Annotation (ObjectMeta) checks as Canton's ResourceAnnotationValidator makes them, with its messages.
 *
 * Order matters, as in Canton: the total size (over the entries with a non-empty value) first, then the
 * keys, then (on create) the values. Keys are split on `/` with Java's `String.split`, which drops
 * trailing empty parts: `abc/` is the name `abc`, and `/` alone is "more than one forward slash". The rules of
 * a key's prefix and name and the size limit are read by reference/string-formats.ts.
 */
import {
  annotationKeyNameProblem,
  annotationKeyPrefixProblem,
  MAX_ANNOTATION_KEY_NAME_LENGTH,
  MAX_ANNOTATION_KEY_PREFIX_LENGTH,
  MAX_ANNOTATIONS_BYTES,
} from '../string-formats.js';

export type AnnotationProblem = { kind: 'size' } | { kind: 'key'; reason: string } | { kind: 'empty-value'; reason: string };

function shorten(text: string): string {
  return text.length > 53 ? `${text.slice(0, 50)}...` : text;
}

/** Java's `String.split(regex)`: trailing empty strings are removed (and a string of only separators gives none). */
export function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Whether keys and values together take at most 256 KiB of UTF-8. */
export function withinMaxAnnotationsSize(annotations: Record<string, string>): boolean {
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) total += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
  return total <= MAX_ANNOTATIONS_BYTES;
}

/** Canton's message for a key's prefix or name that breaks its rule. */
function segmentProblem(segment: 'prefix' | 'name', text: string): string | undefined {
  const [problem, maxLength] =
    segment === 'name'
      ? [annotationKeyNameProblem(text), MAX_ANNOTATION_KEY_NAME_LENGTH]
      : [annotationKeyPrefixProblem(text), MAX_ANNOTATION_KEY_PREFIX_LENGTH];
  if (problem === undefined) return undefined;
  return problem === 'too-long'
    ? `Key ${segment} segment '${shorten(text)}' exceeds maximum length of ${maxLength} characters`
    : `Key ${segment} segment '${shorten(text)}' has invalid syntax`;
}

function keyProblem(key: string): string | undefined {
  const parts = javaSplit(key, '/');
  if (parts.length === 1) return segmentProblem('name', parts[0] as string);
  if (parts.length === 2) return segmentProblem('prefix', parts[0] as string) ?? segmentProblem('name', parts[1] as string);
  return `Key '${shorten(key)}' contains more than one forward slash ('/') character`;
}

/**
 * The first problem of an annotation map from an API request, or undefined. `allowEmptyValues` is true for
 * updates, where an empty value removes its key.
 */
export function annotationProblem(annotations: Record<string, string>, allowEmptyValues: boolean): AnnotationProblem | undefined {
  const nonEmpty = Object.fromEntries(Object.entries(annotations).filter(([, value]) => value !== ''));
  if (!withinMaxAnnotationsSize(nonEmpty)) return { kind: 'size' };
  for (const key of Object.keys(annotations)) {
    const reason = keyProblem(key);
    if (reason !== undefined) return { kind: 'key', reason };
  }
  if (allowEmptyValues) return undefined;
  for (const [key, value] of Object.entries(annotations)) {
    if (value === '') return { kind: 'empty-value', reason: `The value of an annotation is empty for key: '${shorten(key)}'` };
  }
  return undefined;
}

/** An update's annotations merged into the existing ones: an empty value removes its key. */
export function mergeAnnotations(existing: Record<string, string>, update: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...existing, ...update }).filter(([, value]) => value !== ''));
}
