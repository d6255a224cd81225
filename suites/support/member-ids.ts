/**
 * How the suite judges a generated scan member id before blaming the target: the spec's form
 * (`code::id::fingerprint`, code PAR or MED) and the rule of Canton's member parser a malformed id breaks
 * first (each with the message Canton prints and the clause that states it). Both read the id formats of
 * specification/formats.ts.
 */
import fc from 'fast-check';
import { invalidMemberIdParameter } from '../../generators/invalid/parameters.js';
import { uniqueIdentifier } from '../../generators/index.js';
import type { ClauseId } from '../../specification/clauses.js';
import { hasMemberIdForm, isUniqueIdentifier } from '../../specification/formats.js';

const DELIMITER = '::';

/** The spec's member form: PAR or MED, then `::id::fingerprint` with a non-empty id and fingerprint. */
export function isSpecMemberId(text: string): boolean {
  return hasMemberIdForm(text, ['PAR', 'MED']);
}

export interface CantonMemberRejection {
  clauseId: ClauseId;
  /** What Canton's message starts with after `Could not decode member ID: `. */
  messagePattern: RegExp;
}

const UID_ERROR =
  /^(Invalid unique identifier|Empty string is not a valid unique identifier|Identifier decoding of|Fingerprint decoding of)/;

/**
 * The first rule of Canton's `Member.fromProtoPrimitive_` that `text` breaks (length, delimiter after the
 * code, the code, the unique identifier), or undefined when Canton parses it.
 */
export function cantonMemberRejection(text: string): CantonMemberRejection | undefined {
  if (text.length <= 3 + 2 * DELIMITER.length) {
    return { clauseId: 'canton.scan.traffic-status.member-too-short', messagePattern: /^Invalid member `/ };
  }
  if (text.slice(3, 5) !== DELIMITER) {
    return {
      clauseId: 'canton.scan.traffic-status.member-missing-delimiter',
      messagePattern: /^Expected delimiter :: after three letter code of `/,
    };
  }
  const code = text.slice(0, 3);
  if (!['PAR', 'MED', 'SEQ'].includes(code)) {
    return {
      clauseId: 'canton.scan.traffic-status.member-unknown-code',
      messagePattern: new RegExp(`^Unknown three letter type ${code.replace(/[^A-Za-z0-9]/g, '\\$&')}`),
    };
  }
  if (!isUniqueIdentifier(text.slice(5))) return { clauseId: 'canton.scan.traffic-status.member-bad-uid', messagePattern: UID_ERROR };
  return undefined;
}

const LOWER_AND_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LOWER_AND_DIGITS), minLength: min, maxLength: max });
const code = fc.constantFrom('PAR', 'MED');

/**
 * Member ids malformed in the spec's reading and in Canton's, one family per rule of Canton's parser.
 * Never `SEQ::...` (Canton accepts it, the spec does not name it) and never a segment URLs normalise away.
 */
export function malformedMemberId(): fc.Arbitrary<string> {
  return fc.oneof(
    // 7 characters or fewer.
    fc.tuple(code, word(0, 2)).map(([prefix, rest]) => `${prefix}::${rest}`),
    // No `::` right after the code.
    fc
      .tuple(code, fc.constantFrom(':-', '-:', '__', ': ', 'x:'), uniqueIdentifier())
      .map(([prefix, separator, uid]) => `${prefix}${separator}${uid}`),
    // A code that is neither PAR, MED nor SEQ (the check is case-sensitive).
    fc.tuple(fc.constantFrom('XYZ', 'par', 'med', 'Par', 'DOM', 'ABC'), uniqueIdentifier()).map(([prefix, uid]) => `${prefix}::${uid}`),
    // A unique identifier without namespace, with an empty identifier or an empty fingerprint.
    fc.tuple(code, word(3, 30)).map(([prefix, id]) => `${prefix}::${id}`),
    fc.tuple(code, word(1, 30)).map(([prefix, fingerprint]) => `${prefix}::::${fingerprint}`),
    fc.tuple(code, word(3, 30)).map(([prefix, id]) => `${prefix}::${id}::`),
    // The shared generator's hand-picked cases.
    invalidMemberIdParameter().map((invalid) => invalid.value),
  );
}
