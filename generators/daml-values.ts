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
import { DIGITS, exactLengthString, HEX_DIGITS, LETTERS, PLAIN_OBJECTS, withBoundaries } from './primitives/boundaries.js';
import { INT64_MAX, INT64_MIN } from './primitives/numbers.js';
import { seededString } from './primitives/seeded.js';
import { damlDate, timestamp } from './primitives/time.js';

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

/** The fixture package (CantonExamples plus a keyed Account and the Asset interface). */
export function fixtureTemplates(templateIds: { iou: string; getCash: string; account: string }) {
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
  const account: TemplateDescription = {
    templateId: templateIds.account,
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
  };
  return { iou, getCash, account };
}

/** Which parties a value may name. */
export interface PartyPool {
  /** Parties the submitter acts as: signatories and controllers are drawn from here. */
  acting: fc.Arbitrary<string>;
  /** Any other party (observers, viewers, new owners). */
  known: fc.Arbitrary<string>;
}

const NUMERIC_INTEGER_DIGITS = 28;

/** Numeric of scale ≤ 10 as a string: at most 28 integer and 10 fractional digits. */
export function numericString(scale: number, nonNegative = false): fc.Arbitrary<string> {
  const maxInteger = 10n ** BigInt(NUMERIC_INTEGER_DIGITS) - 1n;
  const fraction = seededString(DIGITS, { minLength: 1, maxLength: scale });
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
  return exactLengthString(HEX_DIGITS, 66).map((hex) => `00${hex}`);
}

const NAME_CHARS = `${LETTERS}${DIGITS}_`;

/** A value of `type`; `nestedInOptional` selects the array encoding of nested optionals. */
export function damlValue(type: DamlType, parties: PartyPool, nestedInOptional = false): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'Party':
      return type.role === 'acting' ? parties.acting : parties.known;
    case 'Text':
      return text();
    case 'Numeric':
      return numericString(type.scale, type.nonNegative);
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
      const inner = damlValue(type.of, parties, true);
      if (nestedInOptional) return fc.oneof(fc.constant([]), inner.map((value) => [value]));
      return fc.option(inner, { nil: null });
    }
    case 'List':
      return fc.array(damlValue(type.of, parties), { maxLength: 3 });
    case 'TextMap':
      return fc.dictionary(seededString(NAME_CHARS, { minLength: 0, maxLength: 8 }), damlValue(type.of, parties), {
        maxKeys: 3,
        ...PLAIN_OBJECTS,
      });
    case 'Record':
      return recordValue(type, parties);
    case 'Variant':
      return fc.oneof(
        ...Object.entries(type.constructors).map(([tag, argument]) =>
          damlValue(argument, parties).map((value) => ({ tag, value })),
        ),
      );
    case 'Enum':
      return fc.constantFrom(...type.constructors);
  }
}

export function recordValue(type: RecordType, parties: PartyPool): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [field, fieldType] of Object.entries(type.fields)) model[field] = damlValue(fieldType, parties);
  return fc.record(model, PLAIN_OBJECTS);
}

/** A key text unlikely to collide with any other create, so keyed creates do not clash. */
export function uniqueKeyText(): fc.Arbitrary<string> {
  return fc.tuple(fc.constant('ACC-'), fc.uuid()).map(([prefix, id]) => prefix + id);
}

/** Create arguments of `template`; `uniqueKeys` replaces key text fields by fresh unique texts. */
export function createArguments(
  template: TemplateDescription,
  parties: PartyPool,
  options: { uniqueKeys?: boolean } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const base = recordValue(template.createArguments, parties);
  const keyTextFields = Object.entries(template.key?.fields ?? {})
    .filter(([, type]) => type.kind === 'Text')
    .map(([field]) => field);
  if (!options.uniqueKeys || keyTextFields.length === 0) return base;
  return fc
    .tuple(base, fc.array(uniqueKeyText(), { minLength: keyTextFields.length, maxLength: keyTextFields.length }))
    .map(([argumentsValue, texts]) => {
      const unique = { ...argumentsValue };
      keyTextFields.forEach((field, index) => {
        unique[field] = texts[index];
      });
      return unique;
    });
}
