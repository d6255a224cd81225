/**
 * String formats the spec defines (its Limits table and the scan id forms), as ajv formats.
 */
import type { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { isAnnotationKey, isUserId } from '../formats.js';
import type { SchemaProfile } from './profile.js';

const DATE_THEN_T = /^\d{4}-\d{2}-\d{2}[Tt]/;
const isRfc3339DateTime = ajvFormatsValidator('date-time');

/**
 * RFC 3339 `date-time` (time zone required; ajv-formats checks calendar and clock), with the `T`
 * separator of the ABNF: ajv-formats also takes a space, which RFC 3339 only allows in a note and
 * which Canton's timestamp parser rejects.
 */
export function isDateTime(value: string): boolean {
  return DATE_THEN_T.test(value) && isRfc3339DateTime(value);
}

function ajvFormatsValidator(name: 'date-time'): (value: string) => boolean {
  const format = addFormatsPlugin.default.get(name);
  if (typeof format === 'function') return (value) => format(value) === true;
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'object' && typeof format.validate === 'function') {
    const validate = format.validate as (value: string) => unknown;
    return (value) => validate(value) === true;
  }
  throw new Error(`ajv-formats returned an unexpected definition for the ${name} format`);
}

// Canton unique identifiers (facts: splice-scan-api.md, "ID formats"): identifier and fingerprint use
// ASCII letters, digits, ':', '-', '_' and space, never contain '::', and are at most 185 / 68 characters.
const UID_CHARACTERS = /^[A-Za-z0-9:_ -]+$/;
const MAX_IDENTIFIER_LENGTH = 185;
const MAX_FINGERPRINT_LENGTH = 68;

/** The scan's participant ids: `PAR::id::fingerprint`; the uid splits at its first `::`. */
export function isScanParticipantId(value: string, profile: SchemaProfile): boolean {
  if (!value.startsWith('PAR::')) return false;
  const uid = value.slice('PAR::'.length);
  const split = uid.indexOf('::');
  if (split <= 0) return false;
  const identifier = uid.slice(0, split);
  const fingerprint = uid.slice(split + 2);
  if (fingerprint === '' || fingerprint.includes('::')) return false;
  if (profile === 'spec') return true;
  return (
    identifier.length <= MAX_IDENTIFIER_LENGTH &&
    fingerprint.length <= MAX_FINGERPRINT_LENGTH &&
    UID_CHARACTERS.test(identifier) &&
    UID_CHARACTERS.test(fingerprint)
  );
}

export function addWireFormats(ajv: Ajv, profile: SchemaProfile): void {
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addFormat('user-id', { type: 'string', validate: (value: string) => isUserId(value) });
  ajv.addFormat('annotation-key', { type: 'string', validate: (value: string) => isAnnotationKey(value) });
  ajv.addFormat('scan-participant-id', { type: 'string', validate: (value: string) => isScanParticipantId(value, profile) });
}
