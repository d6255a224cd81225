/** response_schema_conformance (checks/schema.ts): a valid body credits its clause and its records' field clauses; a broken field fails its own clause. */
import { describe, expect, it } from 'vitest';
import { parseBody, responseSchemaConformance, valuesAt } from '../../checks/schema.js';
import { VALID_EXAMPLES } from '../schemas/examples.js';
import {
  answer,
  environment,
  failure,
  htmlPage,
  JSON_TYPE,
  lines,
  missingCommandIdText,
  recorded,
  recording,
  redacted403,
  stopOfSwitchedOff,
  submitted,
} from './support.js';

const CHECK = 'response_schema_conformance';
const SUBMIT = 'submit-and-wait.response.shape';
const UPDATE = 'update-by-offset.response.shape';
const TRAFFIC = 'traffic-account.response.shape';

const body = (text: string, status = 200) => answer({ status, contentType: JSON_TYPE, text });
const passed = (clauses: readonly string[]) => clauses.map((clause) => `${CHECK} ${clause} passed`);
const validators = (profile: 'spec' | 'canton') => environment(profile).validators;

describe('parseBody', () => {
  it('keeps an int64 beyond 2^53 exact', async () => {
    const { result } = await recording(() => parseBody(body('{"completionOffset":9007199254740993}'), SUBMIT));
    expect(result).toEqual({ completionOffset: 9007199254740993n });
  });

  it('fails a 400 text, an HTML page and an empty body: none is JSON', async () => {
    for (const response of [missingCommandIdText(), htmlPage(), answer({ status: 200, contentType: JSON_TYPE, text: '' })]) {
      const thrown = await failure(() => parseBody(response, SUBMIT));
      expect([thrown.check, thrown.clauseId]).toEqual([CHECK, SUBMIT]);
      expect(thrown.detail).toMatch(/^the body is not JSON: /);
      expect(thrown.exchange?.response?.body).toBe(response.text);
    }
  });
});

describe('valuesAt', () => {
  it('finds the values at a pattern, skipping absent and null ones', () => {
    const root = { events: [{ CreatedEvent: { a: 1 } }, { ArchivedEvent: {} }, { CreatedEvent: null }], top: { x: 2 } };
    expect(valuesAt(root, '/events/*/CreatedEvent')).toEqual([{ pointer: '/events/0/CreatedEvent', value: { a: 1 } }]);
    expect(valuesAt(root, '')).toEqual([{ pointer: '', value: root }]);
    expect(valuesAt(root, '/top/*')).toEqual([{ pointer: '/top/x', value: 2 }]);
    expect(valuesAt(root, '/missing/*')).toEqual([]);
  });
});

describe('responseSchemaConformance: a body without records', () => {
  it('credits a 2xx submit-and-wait answer', async () => {
    expect(await recorded(() => responseSchemaConformance(validators('canton'), submitted(), 'SubmitAndWaitResponse', SUBMIT))).toEqual(
      passed([SUBMIT]),
    );
  });

  it('returns the body with its int64 exact', async () => {
    const { result } = await recording(() =>
      responseSchemaConformance(
        validators('canton'),
        body('{"updateId":"u","completionOffset":9007199254740993}'),
        'SubmitAndWaitResponse',
        SUBMIT,
      ),
    );
    expect(result).toEqual({ updateId: 'u', completionOffset: 9007199254740993n });
  });

  it('an offset written as a string fails the canton profile only; an offset 0 fails both', async () => {
    const quoted = body('{"updateId":"u","completionOffset":"42"}');
    const thrown = await failure(() => responseSchemaConformance(validators('canton'), quoted, 'SubmitAndWaitResponse', SUBMIT));
    expect([thrown.check, thrown.clauseId]).toEqual([CHECK, SUBMIT]);
    expect(thrown.detail).toMatch(/^the body does not match SubmitAndWaitResponse:\n\/completionOffset /);
    expect(await recorded(() => responseSchemaConformance(validators('spec'), quoted, 'SubmitAndWaitResponse', SUBMIT))).toEqual(
      passed([SUBMIT]),
    );
    for (const profile of ['spec', 'canton'] as const) {
      const zero = body('{"updateId":"u","completionOffset":0}');
      expect((await failure(() => responseSchemaConformance(validators(profile), zero, 'SubmitAndWaitResponse', SUBMIT))).clauseId).toBe(
        SUBMIT,
      );
    }
  });

  it("fails a redacted 403 read as the endpoint's answer, and a 400 text", async () => {
    const redacted = await failure(() => responseSchemaConformance(validators('canton'), redacted403(), 'SubmitAndWaitResponse', SUBMIT));
    expect(redacted.clauseId).toBe(SUBMIT);
    expect(redacted.detail).toContain('/updateId  required  is required but absent');
    const text = await failure(() =>
      responseSchemaConformance(validators('canton'), missingCommandIdText(), 'SubmitAndWaitResponse', SUBMIT),
    );
    expect(text.detail).toMatch(/^the body is not JSON/);
  });
});

describe('responseSchemaConformance: records and their field clauses', () => {
  const traffic = VALID_EXAMPLES.TrafficAccount[0]!;
  const trafficFields = ['traffic-account.accountId.required', 'traffic-account.balance.required-int64'];

  it('a valid record credits the clause of each field, then the response clause', async () => {
    expect(await recorded(() => responseSchemaConformance(validators('canton'), body(traffic), 'TrafficAccount', TRAFFIC))).toEqual(
      passed([...trafficFields, TRAFFIC]),
    );
  });

  it('a broken field fails its own clause and credits nothing', async () => {
    const quoted = body(traffic.replace('6000000', '"6000000"'));
    const thrown = await failure(() => responseSchemaConformance(validators('canton'), quoted, 'TrafficAccount', TRAFFIC));
    expect([thrown.clauseId, thrown.events]).toEqual(['traffic-account.balance.required-int64', []]);
    expect(thrown.detail).toMatch(/^the TrafficAccount at \/ does not match its schema:\n\/balance /);
    const withoutAccount = body('{"balance":1}');
    expect((await failure(() => responseSchemaConformance(validators('spec'), withoutAccount, 'TrafficAccount', TRAFFIC))).clauseId).toBe(
      'traffic-account.accountId.required',
    );
  });

  const createdEventSpec = [
    'created-event.witnessParties.non-empty',
    'created-event.signatories.non-empty',
    'created-event.observers.may-be-empty',
    'created-event.createdAt.required',
    'created-event.packageName.required',
    'created-event.representativePackageId.required',
    'created-event.acsDelta.required-boolean',
  ];
  const traceContext = ['trace-context.traceparent.w3c-format', 'trace-context.tracestate.optional'];
  const update = VALID_EXAMPLES.GetUpdateResponse[0]!;

  it('spec profile: a transaction credits the spec clauses of its created event, interface view and trace context', async () => {
    expect(await recorded(() => responseSchemaConformance(validators('spec'), body(update), 'GetUpdateResponse', UPDATE))).toEqual(
      passed([
        ...createdEventSpec,
        'created-event.interface-view.viewValue.optional',
        'created-event.interface-view.implementationPackageId.optional',
        ...traceContext,
        UPDATE,
      ]),
    );
  });

  it('canton profile: the same body also credits the official required fields', async () => {
    expect(await recorded(() => responseSchemaConformance(validators('canton'), body(update), 'GetUpdateResponse', UPDATE))).toEqual(
      passed([
        ...createdEventSpec,
        ...Array.from({ length: 5 }, () => 'canton.created-event.official-required-fields'),
        'created-event.interface-view.viewValue.optional',
        'created-event.interface-view.implementationPackageId.optional',
        ...Array.from({ length: 2 }, () => 'canton.interface-view.official-required-fields'),
        ...traceContext,
        UPDATE,
      ]),
    );
  });

  it('an empty signatories list fails its clause, before the response clause', async () => {
    const broken = body(update.replace(/"signatories":\[[^\]]*\]/, '"signatories":[]'));
    for (const profile of ['spec', 'canton'] as const) {
      const thrown = await failure(() => responseSchemaConformance(validators(profile), broken, 'GetUpdateResponse', UPDATE));
      expect([thrown.clauseId, thrown.events]).toEqual(['created-event.signatories.non-empty', []]);
      expect(thrown.detail).toMatch(
        /^the CreatedEvent at \/update\/Transaction\/value\/events\/0\/CreatedEvent does not match its schema:/,
      );
    }
  });

  it('a field without a clause of its own fails the response clause', async () => {
    // The spec does not show interfaceViews, so only the canton profile knows it is a list.
    const views = body(update.replace('"interfaceViews":[', '"interfaceViews":"none","unused":['));
    const thrown = await failure(() => responseSchemaConformance(validators('canton'), views, 'GetUpdateResponse', UPDATE));
    expect(thrown.clauseId).toBe(UPDATE);
    expect(thrown.detail).toContain('/interfaceViews  type(type=array)');
    expect(await recorded(() => responseSchemaConformance(validators('spec'), views, 'GetUpdateResponse', UPDATE))).toContain(
      `${CHECK} ${UPDATE} passed`,
    );
    // Nor does it show the transaction's fields: Canton's JsTransaction requires updateId.
    const withoutUpdateId = body(update.replace('"updateId":"1220cc",', ''));
    const missing = await failure(() => responseSchemaConformance(validators('canton'), withoutUpdateId, 'GetUpdateResponse', UPDATE));
    expect(missing.clauseId).toBe(UPDATE);
    expect(missing.detail).toContain('/update/Transaction/value/updateId  required');
    expect(await recorded(() => responseSchemaConformance(validators('spec'), withoutUpdateId, 'GetUpdateResponse', UPDATE))).toContain(
      `${CHECK} ${UPDATE} passed`,
    );
  });

  it('switched off: a broken body stops the test; a valid one records nothing', async () => {
    await stopOfSwitchedOff(() => responseSchemaConformance(validators('canton'), redacted403(), 'SubmitAndWaitResponse', SUBMIT), CHECK);
    await stopOfSwitchedOff(() => parseBody(htmlPage(), SUBMIT), CHECK);
    const { events, result } = await recording(
      () => responseSchemaConformance(validators('canton'), body(update), 'GetUpdateResponse', UPDATE),
      [CHECK],
    );
    expect(events).toEqual([]);
    expect(result).toMatchObject({ update: { Transaction: { value: { updateId: '1220cc' } } } });
    expect(lines(events)).toEqual([]);
  });
});
