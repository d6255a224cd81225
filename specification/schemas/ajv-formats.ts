/**
 * String formats the spec defines (its Limits table and the scan id forms), as ajv formats.
 */
import type { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { hasMemberIdForm, isAnnotationKey, isUniqueIdentifier, isUserId } from '../formats.js';
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

/**
 * The scan's participant ids: `PAR::id::fingerprint`, the uid split at its first `::`; the canton profile also
 * holds the uid to Canton's alphabet and lengths (facts: splice-scan-api.md, "ID formats").
 */
export function isScanParticipantId(value: string, profile: SchemaProfile): boolean {
  if (profile === 'spec') return hasMemberIdForm(value, ['PAR']);
  return value.startsWith('PAR::') && isUniqueIdentifier(value.slice('PAR::'.length));
}

export function addWireFormats(ajv: Ajv, profile: SchemaProfile): void {
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addFormat('user-id', { type: 'string', validate: (value: string) => isUserId(value) });
  ajv.addFormat('annotation-key', { type: 'string', validate: (value: string) => isAnnotationKey(value) });
  ajv.addFormat('scan-participant-id', { type: 'string', validate: (value: string) => isScanParticipantId(value, profile) });
}
