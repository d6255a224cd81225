/**
 * Annotation (ObjectMeta) checks as Canton's ResourceAnnotationValidator makes them, with its messages.
 *
 * Order matters, as in Canton: the total size (over the entries with a non-empty value) first, then the
 * keys, then (on create) the values. Keys are split on `/` with Java's `String.split`, which drops
 * trailing empty parts: `abc/` is the name `abc`, and `/` alone is "more than one forward slash". The rules of
 * a key's prefix and name and the size limit are read by reference/formats.ts.
 */
import {
  annotationKeyNameProblem,
  annotationKeyPrefixProblem,
  MAX_ANNOTATION_KEY_NAME_LENGTH,
  MAX_ANNOTATION_KEY_PREFIX_LENGTH,
  MAX_ANNOTATIONS_BYTES,
} from '../formats.js';

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

function nameProblem(name: string): string | undefined {
  switch (annotationKeyNameProblem(name)) {
    case 'too-long':
      return `Key name segment '${shorten(name)}' exceeds maximum length of ${MAX_ANNOTATION_KEY_NAME_LENGTH} characters`;
    case 'invalid-syntax':
      return `Key name segment '${shorten(name)}' has invalid syntax`;
    case undefined:
      return undefined;
  }
}

function prefixProblem(prefix: string): string | undefined {
  switch (annotationKeyPrefixProblem(prefix)) {
    case 'too-long':
      return `Key prefix segment '${shorten(prefix)}' exceeds maximum length of ${MAX_ANNOTATION_KEY_PREFIX_LENGTH} characters`;
    case 'invalid-syntax':
      return `Key prefix segment '${shorten(prefix)}' has invalid syntax`;
    case undefined:
      return undefined;
  }
}

function keyProblem(key: string): string | undefined {
  const parts = javaSplit(key, '/');
  if (parts.length === 1) return nameProblem(parts[0] as string);
  if (parts.length === 2) return prefixProblem(parts[0] as string) ?? nameProblem(parts[1] as string);
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
