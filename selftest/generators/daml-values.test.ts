/**
 * Accepted submit-and-wait bodies carry Daml values a node really accepts: the fixture templates' shapes
 * (checked here by hand, not with the generators' type model), Numeric/Int64 as strings within scale 10,
 * `ensure amount.value >= 0`, and every signatory or controller among `actAs`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { submitAndWaitCase } from '../../generators/index.js';
import { ACCEPTED_NUMERIC_INTEGER_DIGITS, numericString, int64String } from '../../generators/daml-values.js';
import { referenceContext, SEED } from './support.js';

const context = referenceContext();
const NUMERIC_10 = /^-?\d{1,28}(\.\d{1,10})?$/;
const NON_NEGATIVE_NUMERIC_10 = /^\d{1,28}(\.\d{1,10})?$/;
/** Numeric 10's largest value, scaled by 10^10. */
const NUMERIC_10_MAX_SCALED = 10n ** 38n - 1n;
/** `kind-<process prefix>-<counter>`, the fresh ids of accepted requests. */
const FRESH_ID = (kind: string) => new RegExp(`^${kind}-[0-9a-z]+-[0-9a-z]+$`);

/** A Numeric 10 string as an integer count of 10^-10. */
function scaled(numeric: string): bigint {
  const [integer, fraction = ''] = numeric.split('.');
  return BigInt(integer!) * 10n ** 10n + BigInt(fraction.padEnd(10, '0'));
}
const parties = new Set(context.parties.map((party) => party.id));

type Json = Record<string, any>;

function checkAmount(amount: Json): void {
  expect(Object.keys(amount).sort()).toEqual(['currency', 'value']);
  expect(amount['value']).toMatch(NON_NEGATIVE_NUMERIC_10);
  expect(typeof amount['currency']).toBe('string');
}

/** Create arguments per template, with the parties that must act. */
function checkCreate(templateId: string, argumentsValue: Json, actAs: string[]): void {
  const qualifiedName = templateId.slice(templateId.indexOf(':') + 1);
  if (qualifiedName === 'Iou:Iou') {
    expect(Object.keys(argumentsValue).sort()).toEqual(['amount', 'owner', 'payer', 'viewers']);
    expect(actAs).toContain(argumentsValue['payer']);
    expect(actAs).toContain(argumentsValue['owner']);
    checkAmount(argumentsValue['amount']);
    for (const viewer of argumentsValue['viewers']) expect(parties.has(viewer)).toBe(true);
  } else if (qualifiedName === 'Iou:GetCash') {
    expect(Object.keys(argumentsValue).sort()).toEqual(['amount', 'owner', 'payer']);
    expect(actAs).toContain(argumentsValue['payer']);
    expect(actAs).toContain(argumentsValue['owner']);
    checkAmount(argumentsValue['amount']);
  } else if (qualifiedName === 'Account:Account') {
    expect(Object.keys(argumentsValue).sort()).toEqual(['balance', 'nickname', 'number', 'owner', 'tags']);
    expect(actAs).toContain(argumentsValue['owner']);
    expect(argumentsValue['balance']).toMatch(NON_NEGATIVE_NUMERIC_10);
    expect(argumentsValue['number']).toMatch(FRESH_ID('ACC'));
    expect(argumentsValue['nickname'] === null || typeof argumentsValue['nickname'] === 'string').toBe(true);
  } else {
    throw new Error(`unexpected template ${templateId}`);
  }
}

describe('Daml values of accepted submissions', () => {
  it('type-check against the fixture templates and are authorized by actAs', () => {
    fc.assert(
      fc.property(submitAndWaitCase(context, { mode: 'accepted' }), ({ asUser, body }) => {
        const user = context.actingUsers.find((candidate) => candidate.userId === asUser)!;
        expect(body['actAs']).toEqual(user.actAs);
        for (const command of body['commands'] as Json[]) {
          const [variant] = Object.keys(command);
          expect(['CreateCommand', 'CreateAndExerciseCommand']).toContain(variant);
          const fields = command[variant!];
          checkCreate(fields.templateId, fields.createArguments, body['actAs'] as string[]);
          // The model's only arithmetic: Deposit adds the amount to the balance, which must stay a Numeric 10.
          if (fields.choice === 'Deposit') {
            expect(scaled(fields.createArguments.balance) + scaled(fields.choiceArgument.amount)).toBeLessThanOrEqual(
              NUMERIC_10_MAX_SCALED,
            );
          }
        }
        const numbers = (body['commands'] as Json[])
          .map((command) => Object.values(command)[0].createArguments['number'])
          .filter((number) => number !== undefined);
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('carry ids no other value of the run carries, shrunk values included', () => {
    const commandIds: string[] = [];
    const submissionIds: string[] = [];
    const keys: string[] = [];
    const record = ({ body }: { body: Json }) => {
      commandIds.push(body['commandId']);
      if (body['submissionId'] !== undefined) submissionIds.push(body['submissionId']);
      for (const command of body['commands'] as Json[]) {
        const number = Object.values(command)[0].createArguments['number'];
        if (number !== undefined) keys.push(number);
      }
    };
    const arbitrary = submitAndWaitCase(context, { mode: 'accepted' });
    fc.assert(
      fc.property(arbitrary, (generated) => void record(generated)),
      { seed: SEED, numRuns: 1000 },
    );
    // A property that always fails: fast-check shrinks its first value as far as it can.
    const shrinking = fc.check(
      fc.property(arbitrary, (generated) => {
        record(generated);
        return false;
      }),
      { seed: SEED, numRuns: 1 },
    );
    expect(shrinking.numShrinks).toBeGreaterThan(0);
    for (const id of commandIds) expect(id).toMatch(FRESH_ID('cmd'));
    for (const id of submissionIds) expect(id).toMatch(FRESH_ID('sub'));
    expect(new Set(commandIds).size).toBe(commandIds.length);
    expect(new Set(submissionIds).size).toBe(submissionIds.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(100);
  });

  it('Numeric and Int64 are strings within their ranges, with the boundaries produced', () => {
    const numerics = fc.sample(numericString(10), { seed: SEED, numRuns: 1000 });
    for (const value of numerics) expect(value).toMatch(NUMERIC_10);
    expect(numerics).toContain('0');
    expect(numerics.some((value) => value.startsWith('-'))).toBe(true);
    expect(numerics.some((value) => /^9{28}\.9{10}$/.test(value))).toBe(true);
    const accepted = fc.sample(numericString(10, { nonNegative: true, integerDigits: ACCEPTED_NUMERIC_INTEGER_DIGITS }), {
      seed: SEED,
      numRuns: 1000,
    });
    for (const value of accepted) expect(value).toMatch(/^\d{1,27}(\.\d{1,10})?$/);
    expect(accepted.some((value) => /^9{27}\.9{10}$/.test(value))).toBe(true);
    const ints = fc.sample(int64String(), { seed: SEED, numRuns: 1000 });
    for (const value of ints) {
      expect(value).toMatch(/^-?\d+$/);
      expect(BigInt(value) >= -(2n ** 63n) && BigInt(value) < 2n ** 63n).toBe(true);
    }
    expect(ints).toContain('9223372036854775807');
    expect(ints).toContain('-9223372036854775808');
  });
});
