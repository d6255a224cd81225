/**
 * Daml values through the JSON API (TransactionServiceArgumentsIT, JsonV2Tests "json api", JsonErrorHandlingOfDamlVariantTest):
 * every value type round-trips through a create and a choice, a variant's tag is checked, and records keep their declaration
 * order. The value-type tests need the fixtures' optional `templates.allTypes` (CantonExamples has no Date, Timestamp,
 * TextMap or variant field; the README's "Optional fixture templates" gives its Daml source) and skip without it. Canton
 * profile only.
 */
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { refusedAgainstControl } from '../support/refusals.js';
import { createdEvents, createIouAndFindIt, type JsonObject, partyView, submit, transactionOf } from '../support/ledger.js';

interface AllTypes {
  templateId: string;
  party: string;
  user: string;
  /**
   * The suite's conformance-values model (daml/lf/values.lf): `map` a GenMap (JSON pairs, as a stable Daml-LF package
   * has no TextMap) and the fields of the remaining value types (unit, party, enum, contract id, nested optional,
   * Numeric 0 and 37). Otherwise the README's AllTypes (`map` a TextMap, a JSON object). Told by the fixture's map.
   */
  genMap: boolean;
}

function allTypes(context: ConformanceContext): AllTypes {
  const template = context.fixtures.templates.allTypes;
  if (!template) {
    return context.skip(
      'the fixtures name no template carrying every Daml value type (templates.allTypes; not in CantonExamples, see the README "Optional fixture templates")',
    );
  }
  const party = String(template.createArguments.party);
  const alias = context.fixtures.parties.find((candidate) => candidate.id === party)?.alias;
  const user = context.fixtures.users.find(
    (candidate) => !candidate.isDeactivated && alias !== undefined && candidate.rights.actAs.includes(alias),
  );
  if (!user) return context.skip(`no fixture user acts as ${party}, the party of templates.allTypes`);
  const sample = (template.createArguments.values ?? {}) as JsonObject;
  return { templateId: template.templateId, party, user: user.id, genMap: Array.isArray(sample.map) };
}

/** Values at the edges of their types: Int64 extremes, Numeric 10 bounds, pre-epoch dates and times, a leap day, microseconds. */
function values(variant: JsonObject, shape: Pick<AllTypes, 'genMap' | 'party'>): JsonObject {
  const common = {
    int: '9223372036854775807',
    decimal: '-9999999999999999999999999999.9999999999',
    text: 'some text, ünïcode and "quotes"',
    bool: true,
    date: '1930-04-12',
    time: '1930-04-14T10:12:32.777111Z',
    map: textMap({ a: '1', b: '-9223372036854775808' }, shape),
    variant,
    list: ['0', '-9223372036854775808', '9223372036854775807'],
    optional: 'some optional text',
    address: { street: 'street', city: 'city' },
  };
  if (!shape.genMap) return common;
  // The remaining value types of daml/lf/values.lf, each at an edge: Some (Some _), Numeric 0 and the 38 digits of Numeric 37.
  return {
    ...common,
    unit: {},
    party: shape.party,
    color: 'Blue',
    contractId: null,
    nestedOptional: ['-1'],
    numeric0: '-99999999999999999999999999999999999999',
    numeric37: '9.9999999999999999999999999999999999999',
  };
}

/** A map of Text keys as the template's `map` field takes it: a TextMap's JSON object, or a GenMap's pairs in key order. */
function textMap(entries: Record<string, string>, shape: Pick<AllTypes, 'genMap'>): unknown {
  if (!shape.genMap) return entries;
  return Object.keys(entries)
    .sort()
    .map((key) => [key, entries[key]]);
}

/** The microseconds since the epoch of an ISO-8601 UTC timestamp (any number of fraction digits up to 6). */
function micros(text: unknown): bigint | string {
  const match = typeof text === 'string' ? /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/.exec(text) : null;
  if (!match) return `not a timestamp: ${String(text)}`;
  return BigInt(Date.parse(`${match[1]}Z`)) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** A Numeric string without trailing fraction zeros, for exact comparison. */
function exactDecimal(text: unknown): string {
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d*))?$/.exec(text) : null;
  if (!match) return `not a decimal: ${String(text)}`;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return `${match[1]}${match[2]!.replace(/^0+(?=\d)/, '')}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * What the node wrote, in comparable form: timestamps as microseconds, numerics without trailing zeros, a None field
 * (null, or dropped: canton.daml-lf.trailing-none-dropped) absent.
 */
function comparable(read: unknown): unknown {
  const record = { ...((read ?? {}) as JsonObject) };
  for (const name of Object.keys(record)) if (record[name] === null) delete record[name];
  for (const name of ['numeric0', 'numeric37']) if (name in record) record[name] = exactDecimal(record[name]);
  return { ...record, decimal: exactDecimal(record.decimal), time: micros(record.time) };
}

conformanceSuite('flows / value types', () => {
  conformanceTest(
    {
      name: 'a TextMap of 10 000 entries and a List of 10 000 items round-trip in a create argument and in a choice argument',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.large-collections'],
      requires: ['writes'],
    },
    async (context) => {
      // LimitsIT.scala:14 LLargeMapInContract, :30 LLargeMapInChoice, :47 LLargeListInContract, :63 LLargeListInChoice.
      const clauseId = 'canton.values.large-collections';
      const shape = allTypes(context);
      const { templateId, party, user } = shape;
      const list = (from: number) => Array.from({ length: 10_000 }, (_unused, index) => String(from + index));
      const map = (prefix: string) =>
        textMap(Object.fromEntries(Array.from({ length: 10_000 }, (_unused, index) => [`${prefix}${index}`, String(index)])), shape);
      const large = (read: unknown) => {
        const record = (read ?? {}) as JsonObject;
        return { map: record.map, list: record.list };
      };
      const written = { ...values({ tag: 'VInt', value: '1' }, shape), map: map('create-'), list: list(0) };
      const created = await submit(context, {
        user,
        actAs: [party],
        commands: [{ CreateCommand: { templateId, createArguments: { party, values: written } } }],
        clauseId,
      });
      const acs = await partyView(context, user, created.completionOffset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
      const contracts = createdEvents(transactionOf(acs, clauseId).events);
      writeVisible(clauseId, 'the created contract', contracts, 1, acs);
      expectValue(
        clauseId,
        'the map and the list of the create argument',
        large((contracts[0]!.createArgument as JsonObject | undefined)?.values),
        large(written),
        acs,
      );
      const next = { ...values({ tag: 'VInt', value: '2' }, shape), map: map('choice-'), list: list(20_000) };
      const replaced = await submit(context, {
        user,
        actAs: [party],
        commands: [
          { ExerciseCommand: { templateId, contractId: contracts[0]!.contractId, choice: 'Replace', choiceArgument: { values: next } } },
        ],
        clauseId,
      });
      const effects = await partyView(context, user, replaced.completionOffset, party, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { events } = transactionOf(effects, clauseId);
      const exercised = events.filter(([kind]) => kind === 'ExercisedEvent').map(([, event]) => event);
      writeVisible(clauseId, 'the Replace exercise', exercised, 1, effects);
      expectValue(
        clauseId,
        'the map and the list of the choice argument',
        large((exercised[0]?.choiceArgument as JsonObject | undefined)?.values),
        large(next),
        effects,
      );
      const fresh = createdEvents(events);
      writeVisible(clauseId, 'the contract Replace created', fresh, 1, effects);
      expectValue(
        clauseId,
        'the map and the list of the contract Replace created',
        large((fresh[0]?.createArgument as JsonObject | undefined)?.values),
        large(next),
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'every Daml value type round-trips through a create argument and a choice argument, also a list of 10 000 items',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.all-types-round-trip'],
      requires: ['writes'],
    },
    async (context) => {
      const shape = allTypes(context);
      const { templateId, party, user } = shape;
      // TransactionServiceArgumentsIT.scala:105 TXVeryLongList: a list of 10 000 Int64 values in the same create.
      const written = {
        ...values({ tag: 'VText', value: 'variant text' }, shape),
        list: Array.from({ length: 10_000 }, (_unused, index) => String(index)),
      };
      const created = await submit(context, {
        user,
        actAs: [party],
        commands: [{ CreateCommand: { templateId, createArguments: { party, values: written } } }],
        clauseId: 'canton.values.all-types-round-trip',
      });
      const acs = await partyView(context, user, created.completionOffset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
      const contracts = createdEvents(transactionOf(acs, 'canton.values.all-types-round-trip').events);
      writeVisible('canton.values.all-types-round-trip', 'the created contract', contracts, 1, acs);
      const argument = contracts[0]!.createArgument as JsonObject | undefined;
      expectValue('canton.values.all-types-round-trip', 'the party of the create argument', argument?.party, party, acs);
      expectValue(
        'canton.values.all-types-round-trip',
        'the values of the create argument',
        comparable(argument?.values),
        comparable(written),
        acs,
      );

      // The same types in a choice argument: the exercise shows them, and the contract it creates carries them.
      const next = {
        ...values({ tag: 'VInt', value: '-9223372036854775808' }, shape),
        date: '2024-02-29',
        optional: null,
        list: [],
        ...(shape.genMap ? { color: 'Red', nestedOptional: [], numeric0: '0', numeric37: '-0.0000000000000000000000000000000000001' } : {}),
      };
      const replaced = await submit(context, {
        user,
        actAs: [party],
        commands: [
          { ExerciseCommand: { templateId, contractId: contracts[0]!.contractId, choice: 'Replace', choiceArgument: { values: next } } },
        ],
        clauseId: 'canton.values.all-types-round-trip',
      });
      const effects = await partyView(context, user, replaced.completionOffset, party, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { events } = transactionOf(effects, 'canton.values.all-types-round-trip');
      const exercised = events.filter(([kind]) => kind === 'ExercisedEvent').map(([, event]) => event);
      writeVisible('canton.values.all-types-round-trip', 'the Replace exercise', exercised, 1, effects);
      // A None value is dropped or null (canton.daml-lf.trailing-none-dropped); comparable reads it as absent.
      const withoutNone = comparable;
      const expected = withoutNone(next);
      expectValue(
        'canton.values.all-types-round-trip',
        'the values of the choice argument',
        withoutNone((exercised[0]?.choiceArgument as JsonObject | undefined)?.values),
        expected,
        effects,
      );
      const fresh = createdEvents(events);
      writeVisible('canton.values.all-types-round-trip', 'the contract Replace created', fresh, 1, effects);
      expectValue(
        'canton.values.all-types-round-trip',
        'the values of the contract Replace created',
        withoutNone((fresh[0]?.createArgument as JsonObject | undefined)?.values),
        expected,
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'a variant without a tag field, or with an unknown tag, is INVALID_ARGUMENT naming the tag',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.variant-tag-refused'],
      requires: ['writes'],
    },
    async (context) => {
      const shape = allTypes(context);
      const { templateId, party, user } = shape;
      const create = (variant: unknown) =>
        context.send({
          endpoint: 'submit-and-wait',
          user,
          body: {
            commands: [{ CreateCommand: { templateId, createArguments: { party, values: values(variant as JsonObject, shape) } } }],
            commandId: freshId('variant'),
            actAs: [party],
          },
        });
      const control = await create({ tag: 'VInt', value: '42' });
      // JsonErrorHandlingOfDamlVariantTest.scala:49 (a misspelled tag field) and :64 (a tag the type does not declare).
      for (const variant of [
        { misspeledTag: 'VInt', value: '42' },
        { tag: 'Incorrect', value: '42' },
      ]) {
        const refused = await create(variant);
        const error = refusedAgainstControl(context, 'canton.values.variant-tag-refused', refused, control, 'INVALID_ARGUMENT', 400);
        if (error) {
          expectValueMatches(
            'canton.values.variant-tag-refused',
            `the cause for ${JSON.stringify(variant)}`,
            error.cause,
            (cause) => cause.includes('tag'),
            'naming the tag',
            refused,
          );
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'a record is read back in declaration order, also in the contract a choice creates from it',
      endpoint: 'update-by-offset',
      clauses: ['canton.values.record-field-order'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const alice = context.party('alice');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const aliceUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const iouId = context.fixtures.templates.iou.templateId;
      // Written in reverse order: Iou is declared payer, owner, amount, viewers; Amount value, currency.
      const created = await submit(context, {
        user: bankUser,
        actAs: [bank],
        commands: [
          {
            CreateCommand: {
              templateId: iouId,
              createArguments: { viewers: [], amount: { currency: 'USD', value: '5.0' }, owner: alice, payer: bank },
            },
          },
        ],
        clauseId: 'canton.values.record-field-order',
      });
      const acs = await partyView(context, bankUser, created.completionOffset, bank, 'TRANSACTION_SHAPE_ACS_DELTA');
      const contract = createdEvents(transactionOf(acs, 'canton.values.record-field-order').events)[0];
      const order = (argument: unknown) => {
        const record = (argument ?? {}) as JsonObject;
        return [Object.keys(record), Object.keys((record.amount ?? {}) as JsonObject)];
      };
      const declared = [
        ['payer', 'owner', 'amount', 'viewers'],
        ['value', 'currency'],
      ];
      expectValue('canton.values.record-field-order', 'the field order of the created Iou', order(contract?.createArgument), declared, acs);
      // TXNoReorder: the record a choice builds (Transfer's `create this with owner = newOwner`).
      const { contractId } = await createIouAndFindIt(context, alice);
      const transfer = await submit(context, {
        user: aliceUser,
        actAs: [alice],
        commands: [{ ExerciseCommand: { templateId: iouId, contractId, choice: 'Transfer', choiceArgument: { newOwner: bank } } }],
        clauseId: 'canton.values.record-field-order',
      });
      const effects = await partyView(context, bankUser, transfer.completionOffset, bank, 'TRANSACTION_SHAPE_ACS_DELTA');
      const fresh = createdEvents(transactionOf(effects, 'canton.values.record-field-order').events)[0];
      expectValue(
        'canton.values.record-field-order',
        'the field order of the Iou Transfer created',
        order(fresh?.createArgument),
        declared,
        effects,
      );
    },
  );
});
