/**
 * Daml-LF JSON values that type-check against a small description of the fixture package's templates.
 *
 * Encoding (the JSON API's LF value specification): Int64 and Numeric as strings, Unit as `{}`, Optional
 * as `null` or the bare value (nested optionals as `[]` / `[x]`), Variant as `{tag, value}`, Enum as the
 * constructor name, TextMap as an object, Date `YYYY-MM-DD`, Timestamp ISO-8601 UTC.
 *
 * Party fields come in two roles: signatories (and choice controllers) must be parties the submitting
 * user acts as, or the create is not authorized; other parties may be any known party. With those drawn
 * from the fixtures, a generated create is really accepted by the target, not only well-typed.
 */
import fc from 'fast-check';
import { DIGITS, LETTERS, PLAIN_OBJECTS, withBoundaries } from './primitives/boundaries.js';
import { INT64_MAX, INT64_MIN } from './primitives/numbers.js';
import { freshId } from './primitives/fresh-ids.js';
import { hexDigits, textOf } from './primitives/text.js';
import { damlDate, timestamp } from './primitives/time.js';
import type { Mode } from './primitives/unions.js';

export type DamlType =
  | { kind: 'Party'; role?: 'acting' }
  | { kind: 'Text' }
  | { kind: 'Numeric'; scale: number; nonNegative?: boolean }
  | { kind: 'Int64' }
  | { kind: 'Bool' }
  | { kind: 'Unit' }
  | { kind: 'Date' }
  | { kind: 'Timestamp' }
  | { kind: 'ContractId' }
  | { kind: 'Optional'; of: DamlType }
  | { kind: 'List'; of: DamlType }
  | { kind: 'TextMap'; of: DamlType }
  | { kind: 'Record'; fields: Record<string, DamlType> }
  | { kind: 'Variant'; constructors: Record<string, DamlType> }
  | { kind: 'Enum'; constructors: string[] };

export type RecordType = Extract<DamlType, { kind: 'Record' }>;

export interface ChoiceDescription {
  argument: RecordType;
}

export interface TemplateDescription {
  /** `#package-name:Module:Entity`. */
  templateId: string;
  createArguments: RecordType;
  key?: RecordType;
  choices: Record<string, ChoiceDescription>;
}

/** The Daml types of the spec as type descriptions. */
export const damlTypes = {
  party: { kind: 'Party' },
  actingParty: { kind: 'Party', role: 'acting' },
  text: { kind: 'Text' },
  numeric10: { kind: 'Numeric', scale: 10 },
  nonNegativeNumeric10: { kind: 'Numeric', scale: 10, nonNegative: true },
  int64: { kind: 'Int64' },
  bool: { kind: 'Bool' },
  unit: { kind: 'Unit' },
  date: { kind: 'Date' },
  timestamp: { kind: 'Timestamp' },
  contractId: { kind: 'ContractId' },
} satisfies Record<string, DamlType>;

const record = (fields: Record<string, DamlType>): RecordType => ({ kind: 'Record', fields });

/** The fixture package (CantonExamples, plus a keyed Account when the fixtures name one). */
export function fixtureTemplates(templateIds: { iou: string; getCash: string; account?: string }) {
  const amount = record({ value: damlTypes.nonNegativeNumeric10, currency: damlTypes.text });
  const iou: TemplateDescription = {
    templateId: templateIds.iou,
    // `ensure amount.value >= 0`, hence the non-negative Numeric. The owner controls every choice but
    // Archive, and Call creates a GetCash signed by both: the generator makes owner act too.
    createArguments: record({
      payer: damlTypes.actingParty,
      owner: damlTypes.actingParty,
      amount,
      viewers: { kind: 'List', of: damlTypes.party },
    }),
    choices: {
      Transfer: { argument: record({ newOwner: damlTypes.party }) },
      Share: { argument: record({ viewer: damlTypes.party }) },
      Call: { argument: record({}) },
      Archive: { argument: record({}) },
    },
  };
  const getCash: TemplateDescription = {
    templateId: templateIds.getCash,
    createArguments: record({ payer: damlTypes.actingParty, owner: damlTypes.actingParty, amount }),
    choices: { Archive: { argument: record({}) } },
  };
  const account = (templateId: string): TemplateDescription => ({
    templateId,
    createArguments: record({
      owner: damlTypes.actingParty,
      number: damlTypes.text,
      balance: damlTypes.nonNegativeNumeric10,
      tags: { kind: 'List', of: damlTypes.text },
      nickname: { kind: 'Optional', of: damlTypes.text },
    }),
    key: record({ owner: damlTypes.actingParty, number: damlTypes.text }),
    choices: {
      Deposit: { argument: record({ amount: damlTypes.nonNegativeNumeric10 }) },
      Archive: { argument: record({}) },
    },
  });
  return { iou, getCash, ...(templateIds.account === undefined ? {} : { account: account(templateIds.account) }) };
}

/** Which parties a value may name. */
export interface PartyPool {
  /** Parties the submitter acts as: signatories and controllers are drawn from here. */
  acting: fc.Arbitrary<string>;
  /** Any other party (observers, viewers, new owners). */
  known: fc.Arbitrary<string>;
}

/** Numeric's integer digits: at most 28 (38 digits of precision, of which up to 10 after the point). */
export const NUMERIC_INTEGER_DIGITS = 28;

/**
 * Integer digits of `accepted` Numerics: one fewer, so that the sum of two stays within Numeric's
 * range. The fixture model adds at most two Numerics (Account `Deposit`: balance + amount); at the
 * full range such a sum overflows and a node rightly rejects the submission.
 */
export const ACCEPTED_NUMERIC_INTEGER_DIGITS = NUMERIC_INTEGER_DIGITS - 1;

export interface NumericOptions {
  nonNegative?: boolean;
  /** At most this many integer digits (default: Numeric's 28). */
  integerDigits?: number;
}

/** Numeric of scale ≤ 10 as a string: at most `integerDigits` integer and `scale` fractional digits. */
export function numericString(scale: number, options: NumericOptions = {}): fc.Arbitrary<string> {
  const { nonNegative = false, integerDigits = NUMERIC_INTEGER_DIGITS } = options;
  const maxInteger = 10n ** BigInt(integerDigits) - 1n;
  const fraction = textOf(DIGITS, { minLength: 1, maxLength: scale });
  const random = fc
    .tuple(
      nonNegative ? fc.constant('') : fc.constantFrom('', '-'),
      fc.oneof(fc.bigInt(0n, 1_000_000n), fc.bigInt(0n, maxInteger)),
      fc.option(fraction, { nil: undefined }),
    )
    .map(([sign, integer, fractionDigits]) => `${sign}${integer}${fractionDigits === undefined ? '' : `.${fractionDigits}`}`);
  const largest = `${maxInteger}.${'9'.repeat(scale)}`;
  const boundaries = nonNegative ? ['0', '0.0', largest] : ['0', '0.0', largest, `-${largest}`];
  return withBoundaries(fc.constantFrom(...boundaries), random);
}

export function int64String(): fc.Arbitrary<string> {
  return withBoundaries(
    fc.constantFrom(INT64_MIN, -1n, 0n, 1n, INT64_MAX),
    fc.oneof(fc.bigInt(-1_000_000n, 1_000_000n), fc.bigInt(INT64_MIN, INT64_MAX)),
  ).map(String);
}

/** Text: free Unicode, with the empty string generated on purpose. */
function text(): fc.Arbitrary<string> {
  return withBoundaries(fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 30 }));
}

function contractId(): fc.Arbitrary<string> {
  return hexDigits(66).map((hex) => `00${hex}`);
}

const NAME_CHARS = `${LETTERS}${DIGITS}_`;

/** How values are drawn: `accepted` keeps them within what the fixture model can compute with. */
export interface ValueOptions {
  mode?: Mode;
}

/** A value of `type`; `nestedInOptional` selects the array encoding of nested optionals. */
export function damlValue(type: DamlType, parties: PartyPool, options: ValueOptions = {}, nestedInOptional = false): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'Party':
      return type.role === 'acting' ? parties.acting : parties.known;
    case 'Text':
      return text();
    case 'Numeric':
      return numericString(type.scale, {
        nonNegative: type.nonNegative ?? false,
        integerDigits: options.mode === 'accepted' ? ACCEPTED_NUMERIC_INTEGER_DIGITS : NUMERIC_INTEGER_DIGITS,
      });
    case 'Int64':
      return int64String();
    case 'Bool':
      return fc.boolean();
    case 'Unit':
      return fc.constant({});
    case 'Date':
      return damlDate();
    case 'Timestamp':
      return timestamp();
    case 'ContractId':
      return contractId();
    case 'Optional': {
      const inner = damlValue(type.of, parties, options, true);
      if (nestedInOptional)
        return fc.oneof(
          fc.constant([]),
          inner.map((value) => [value]),
        );
      return fc.option(inner, { nil: null });
    }
    case 'List':
      return fc.array(damlValue(type.of, parties, options), { maxLength: 3 });
    case 'TextMap':
      return fc.dictionary(textOf(NAME_CHARS, { minLength: 0, maxLength: 8 }), damlValue(type.of, parties, options), {
        maxKeys: 3,
        ...PLAIN_OBJECTS,
      });
    case 'Record':
      return recordValue(type, parties, options);
    case 'Variant':
      return fc.oneof(
        ...Object.entries(type.constructors).map(([tag, argument]) =>
          damlValue(argument, parties, options).map((value) => ({ tag, value })),
        ),
      );
    case 'Enum':
      return fc.constantFrom(...type.constructors);
  }
}

export function recordValue(type: RecordType, parties: PartyPool, options: ValueOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [field, fieldType] of Object.entries(type.fields)) model[field] = damlValue(fieldType, parties, options);
  return fc.record(model, PLAIN_OBJECTS);
}

/** Kind prefix of fresh key texts (an account number reads `ACC-...`). */
const KEY_ID_KIND = 'ACC';

/** The Text fields of the template's key: the ones two live contracts must not share. */
function keyTextFields(template: TemplateDescription): string[] {
  return Object.entries(template.key?.fields ?? {})
    .filter(([, type]) => type.kind === 'Text')
    .map(([field]) => field);
}

/**
 * A copy of `createArgumentsValue` whose key Text fields are fresh ids (`primitives/fresh-ids.ts`),
 * so the created contract's key is not taken. Returns the value itself for templates without one.
 */
export function withFreshKeys(template: TemplateDescription, createArgumentsValue: Record<string, unknown>): Record<string, unknown> {
  const fields = keyTextFields(template);
  if (fields.length === 0) return createArgumentsValue;
  const fresh = { ...createArgumentsValue };
  for (const field of fields) fresh[field] = freshId(KEY_ID_KIND);
  return fresh;
}

/**
 * Create arguments of `template`. `accepted` arguments are what the fixture model can run: Numerics it
 * can add up, and fresh key texts. A request generator re-applies `withFreshKeys` in its outermost map,
 * so that shrunk values carry fresh keys too.
 */
export function createArguments(
  template: TemplateDescription,
  parties: PartyPool,
  options: ValueOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  const base = recordValue(template.createArguments, parties, options);
  if (options.mode !== 'accepted' || keyTextFields(template).length === 0) return base;
  return base.map((value) => withFreshKeys(template, value));
}
