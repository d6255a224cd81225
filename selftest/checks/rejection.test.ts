/**
 * negative_data_rejection (checks/rejection.ts): a rejection is credited to the rule only when its control
 * was accepted and nothing else explains it; otherwise it is inconclusive with the reason, never passed.
 */
import { describe, expect, it } from 'vitest';
import type { ClientResponse } from '../../client/http.js';
import { SuiteBug } from '../../checks/assertion.js';
import { assertStillInvalid, errorCodeOf, negativeDataRejection, partWords, valueAt, type NegativeCase } from '../../checks/rejection.js';
import type { InvalidTag } from '../../generators/index.js';
import {
  answer,
  cantonError,
  control,
  environment,
  failure,
  htmlPage,
  jsonAnswer,
  JSON_TYPE,
  lines,
  missingCommandIdText,
  recording,
  redacted401,
  redacted403,
  stopOfSwitchedOff,
  submitted,
  textAnswer,
} from './support.js';

const CHECK = 'negative_data_rejection';
const ERROR_BODY = 'submit-and-wait.errors.default-body';
const ENDPOINT = 'submit-and-wait';

const missingCommandId: InvalidTag = {
  clauseId: 'submit-and-wait.commandId.required',
  rule: 'missing commandId',
  violation: { kind: 'missing' },
  part: { kind: 'body', name: 'commandId' },
};
const emptyCommands: InvalidTag = {
  clauseId: 'submit-and-wait.commands.non-empty',
  rule: 'empty commands list',
  violation: { kind: 'empty-list' },
  part: { kind: 'body', name: 'commands' },
};
const longCommandId: InvalidTag = {
  clauseId: 'submit-and-wait.commandId.ledger-string',
  rule: 'commandId of 256 characters',
  violation: { kind: 'format', format: 'ledger-string', how: 'too-long' },
  part: { kind: 'body', name: 'commandId' },
};
const templateIdFormat: InvalidTag = {
  clauseId: 'command.templateId.reference-formats',
  rule: 'template id without the three parts of either reference format',
  violation: { kind: 'format', format: 'qualified-identifier', how: 'malformed' },
  part: { kind: 'body', name: 'commands[0].CreateCommand.templateId' },
};
const vetAllPackages: InvalidTag = {
  clauseId: 'dars-upload.vetAllPackages.optional-boolean',
  rule: 'vetAllPackages that is not a boolean',
  violation: { kind: 'parameter', expected: 'boolean' },
  part: { kind: 'query', name: 'vetAllPackages' },
};

function negative(
  rule: InvalidTag,
  response: ClientResponse,
  controlAnswer: ClientResponse = submitted(),
  extra: Partial<NegativeCase> = {},
) {
  const send = control(controlAnswer);
  const negativeCase: NegativeCase = { rule, response, control: send, errorBodyClause: ERROR_BODY, endpoint: ENDPOINT, ...extra };
  return { send, negativeCase };
}

/** What errorBodyConformance records for a valid JsCantonError under the endpoint's error-body clause (no canton expectation). */
const errorBodyEvents = [
  `error_body_conformance ${ERROR_BODY} passed`,
  `content_type_conformance ${ERROR_BODY} passed`,
  ...[
    'code.required-string',
    'cause.required-string',
    'correlationId.optional-string',
    'traceId.optional-string',
    'context.required-string-map',
    'resources.optional-string-pairs',
    'errorCategory.required-int32',
    'grpcCodeValue.optional-int32',
    'retryInfo.optional-string',
    'definiteAnswer.optional-boolean',
  ].map((field) => `response_schema_conformance errors.body.${field} passed`),
  `response_schema_conformance ${ERROR_BODY} passed`,
];
const followsCategory = 'error_body_conformance canton.errors.status-follows-category passed';
const taxonomy = 'error_body_conformance canton.errors.code-taxonomy passed';

const missingField = (field: string) =>
  jsonAnswer(400, cantonError('MISSING_FIELD', 8, 3, { cause: `The submitted command is missing a mandatory field: ${field}` }));

describe('negativeDataRejection: accepted or server error', () => {
  it('fails every clause of the rule when the invalid request is accepted, without sending the control', async () => {
    const { send, negativeCase } = negative(missingCommandId, submitted(), submitted(), { sameRule: ['errors.400-text-names-body'] });
    const thrown = await failure(() => negativeDataRejection(environment('spec'), negativeCase));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      CHECK,
      missingCommandId.clauseId,
      'an invalid request (missing commandId) was accepted: 200 application/json: {"updateId":"1220abcd","completionOffset":42}',
    ]);
    expect(thrown.events).toEqual([`${CHECK} errors.400-text-names-body failed`]);
    expect(send.calls).toBe(0);
  });

  it('fails a server error (an HTML 502 page)', async () => {
    const { send, negativeCase } = negative(missingCommandId, htmlPage(502));
    const thrown = await failure(() => negativeDataRejection(environment('canton'), negativeCase));
    expect(thrown.detail).toBe(
      'an invalid request (missing commandId) caused a server error: 502 text/html; charset=utf-8: <html><body>Bad Gateway</body></html>',
    );
    expect(send.calls).toBe(0);
  });
});

describe('negativeDataRejection: a 400 text/plain', () => {
  it('spec profile: credits the rule and the 400 text naming the part', async () => {
    const { send, negativeCase } = negative(missingCommandId, missingCommandIdText());
    const { events, result, error } = await recording(() => negativeDataRejection(environment('spec'), negativeCase));
    expect(error).toBeUndefined();
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([`${CHECK} ${missingCommandId.clauseId} passed`, `${CHECK} errors.400-text-names-part passed`]);
    expect(send.calls).toBe(1);
  });

  it("canton profile: also credits Canton's decode failure for a missing field of the hand-written request", async () => {
    const { negativeCase } = negative(missingCommandId, missingCommandIdText(), submitted(), { specText: 'errors.400-text-plain' });
    const { events, result } = await recording(() => negativeDataRejection(environment('canton'), negativeCase));
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([
      `${CHECK} ${missingCommandId.clauseId} passed`,
      `${CHECK} errors.400-text-plain passed`,
      `${CHECK} errors.400-text-names-part passed`,
      `${CHECK} canton.submit-and-wait.missing-field-text-400 passed`,
    ]);
  });

  it('credits a 400 text naming the part, a path inside it, or it among several', async () => {
    const texts = [
      `Invalid value for: body (Invalid identifier format (Iou) not matching the expected format (<package>:<moduleName>:<entityName>) at 'commands[0].CreateCommand.templateId')`,
      `Invalid value for: body (type Command has no class/object/case named 'Foo' at 'commands[0]')`,
      `Invalid value for: body (Missing required field at 'actAs', Invalid identifier format (Iou) at 'commands[0].CreateCommand.templateId')`,
    ];
    for (const text of texts) {
      const { negativeCase } = negative(templateIdFormat, textAnswer(400, text));
      expect((await recording(() => negativeDataRejection(environment('spec'), negativeCase))).result).toBe('credited');
    }
  });

  it('is inconclusive when the 400 text names only another path', async () => {
    const other = textAnswer(400, "Invalid value for: body (Missing required field at 'actAs')");
    const { negativeCase } = negative(missingCommandId, other, submitted(), { sameRule: ['errors.400-text-names-body'] });
    for (const profile of ['spec', 'canton'] as const) {
      const { events, result, error } = await recording(() => negativeDataRejection(environment(profile), negativeCase));
      expect(error).toBeUndefined();
      expect(result).toBe('inconclusive');
      expect(lines(events)).toEqual([
        `${CHECK} ${missingCommandId.clauseId} inconclusive`,
        `${CHECK} errors.400-text-names-body inconclusive`,
      ]);
      expect(events[0]!.reason).toBe("the 400 names 'actAs', not 'commandId' where the mutation is");
      expect(events[0]!.exchange?.response?.status).toBe(400);
    }
    const sibling = textAnswer(400, "Invalid value for: body (Invalid identifier format at 'commands[1].CreateCommand.templateId')");
    const { events } = await recording(() => negativeDataRejection(environment('spec'), negative(templateIdFormat, sibling).negativeCase));
    expect(events[0]!.reason).toBe(
      "the 400 names 'commands[1].CreateCommand.templateId', not 'commands[0].CreateCommand.templateId' where the mutation is",
    );
  });

  it('fails a 400 text that does not name the invalid part', async () => {
    const { negativeCase } = negative(vetAllPackages, textAnswer(400, 'Invalid value for: body'), submitted(), { endpoint: 'dars-upload' });
    const thrown = await failure(() => negativeDataRejection(environment('spec'), negativeCase));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'errors.400-text-names-part',
      'the 400 text does not name the invalid part (query vetAllPackages): "Invalid value for: body"',
    ]);
    expect(thrown.events).toEqual([`${CHECK} ${vetAllPackages.clauseId} passed`]);
  });

  it("canton profile: a query parameter's decode failure in Canton's exact words", async () => {
    const exact = textAnswer(400, 'Invalid value for: query parameter vetAllPackages');
    const { negativeCase } = negative(vetAllPackages, exact, submitted(), { endpoint: 'dars-upload' });
    expect(lines((await recording(() => negativeDataRejection(environment('canton'), negativeCase))).events)).toEqual([
      `${CHECK} ${vetAllPackages.clauseId} passed`,
      `${CHECK} errors.400-text-names-part passed`,
      `${CHECK} canton.dars.vetAllPackages-malformed-400-text passed`,
      `${CHECK} canton.errors.400-text.query-parameter-format passed`,
    ]);
    const reworded = textAnswer(400, 'Invalid value for: query parameter vetAllPackages (expected a boolean)');
    const thrown = await failure(() =>
      negativeDataRejection(
        environment('canton'),
        negative(vetAllPackages, reworded, submitted(), { endpoint: 'dars-upload' }).negativeCase,
      ),
    );
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.errors.400-text.query-parameter-format',
      'Canton words it exactly "Invalid value for: query parameter vetAllPackages", got "Invalid value for: query parameter vetAllPackages (expected a boolean)"',
    ]);
  });

  it('canton profile: a 400 text where Canton answers MISSING_FIELD fails that clause', async () => {
    const text = textAnswer(400, "Invalid value for: body (commands must not be empty at 'commands')");
    const thrown = await failure(() => negativeDataRejection(environment('canton'), negative(emptyCommands, text).negativeCase));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.errors.category-8-400',
      `Canton rejects this input (empty commands list) with error MISSING_FIELD, got 400 text/plain; charset=UTF-8: ${text.text}`,
    ]);
    expect(thrown.events).toEqual([`${CHECK} ${emptyCommands.clauseId} passed`, `${CHECK} errors.400-text-names-part passed`]);
  });
});

describe('negativeDataRejection: a 400 JSON error', () => {
  it('spec profile: credits the rule and asserts the default error body', async () => {
    const { negativeCase } = negative(emptyCommands, missingField('commands'), submitted(), {
      sameRule: ['limits.non-empty-lists.commands'],
    });
    const { events, result } = await recording(() => negativeDataRejection(environment('spec'), negativeCase));
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([
      `${CHECK} ${emptyCommands.clauseId} passed`,
      `${CHECK} limits.non-empty-lists.commands passed`,
      ...errorBodyEvents,
    ]);
  });

  it("canton profile: the status follows the category and the code is Canton's", async () => {
    const { negativeCase } = negative(emptyCommands, missingField('commands'));
    expect(lines((await recording(() => negativeDataRejection(environment('canton'), negativeCase))).events)).toEqual([
      `${CHECK} ${emptyCommands.clauseId} passed`,
      ...errorBodyEvents,
      followsCategory,
      taxonomy,
      `${CHECK} canton.errors.category-8-400 passed`,
      'error_body_conformance canton.errors.category-8-400 passed',
    ]);
  });

  it('canton profile: another code fails the canton clause', async () => {
    const invalidArgument = jsonAnswer(400, cantonError('INVALID_ARGUMENT', 8, 3, { cause: 'commands: empty' }));
    const thrown = await failure(() => negativeDataRejection(environment('canton'), negative(emptyCommands, invalidArgument).negativeCase));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      'error_body_conformance',
      'canton.errors.category-8-400',
      'expected error code MISSING_FIELD, got INVALID_ARGUMENT (commands: empty)',
    ]);
  });

  it('canton profile: JSON where Canton answers a 400 text fails the canton clause; the spec profile credits it', async () => {
    const json = missingField('command_id');
    const thrown = await failure(() => negativeDataRejection(environment('canton'), negative(missingCommandId, json).negativeCase));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.submit-and-wait.missing-field-text-400',
      `Canton rejects this input (missing commandId) with a 400 text/plain decode failure, got 400 application/json: ${json.text.slice(0, 200)}`,
    ]);
    expect(thrown.events).toEqual([`${CHECK} ${missingCommandId.clauseId} passed`, ...errorBodyEvents, followsCategory, taxonomy]);
    expect((await recording(() => negativeDataRejection(environment('spec'), negative(missingCommandId, json).negativeCase))).result).toBe(
      'credited',
    );
  });

  it('fails the spec-stated text form when the rejection is JSON', async () => {
    const { negativeCase } = negative(missingCommandId, missingField('commandId'), submitted(), { specText: 'errors.400-text-plain' });
    const thrown = await failure(() => negativeDataRejection(environment('spec'), negativeCase));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'errors.400-text-plain',
      `the spec answers this input (missing commandId) with a 400 text/plain, got 400 application/json: ${missingField('commandId').text.slice(0, 200)}`,
    ]);
  });

  it("is inconclusive when the error's cause names another field (snake case or camel case alike)", async () => {
    const { events, result } = await recording(() =>
      negativeDataRejection(environment('canton'), negative(missingCommandId, missingField('act_as')).negativeCase),
    );
    expect(result).toBe('inconclusive');
    // The canton profile still holds the uncredited error body to the taxonomy.
    expect(lines(events)).toEqual([`${CHECK} ${missingCommandId.clauseId} inconclusive`, taxonomy]);
    expect(events[0]!.reason).toBe("the error's cause names the field act_as, not a field of 'commandId' where the mutation is");
    const invalidField = jsonAnswer(400, cantonError('INVALID_FIELD', 8, 3, { cause: 'Invalid field commandId: too long' }));
    expect(
      (await recording(() => negativeDataRejection(environment('spec'), negative(longCommandId, invalidField).negativeCase))).result,
    ).toBe('credited');
  });

  it('reads a field qualified by its message (SinglePartySignatures.party) by its last name', async () => {
    const missingParty: InvalidTag = {
      clauseId: 'single-party-signatures.party.required',
      rule: 'missing party',
      violation: { kind: 'missing' },
      part: { kind: 'body', name: 'partySignatures.signatures[0].party' },
    };
    const named = (cause: string) => jsonAnswer(400, cantonError('INVALID_FIELD', 8, 3, { cause }));
    const credited = await recording(() =>
      negativeDataRejection(
        environment('spec'),
        negative(missingParty, named('Invalid field SinglePartySignatures.party: empty')).negativeCase,
      ),
    );
    expect(credited.result).toBe('credited');
    const other = await recording(() =>
      negativeDataRejection(
        environment('spec'),
        negative(missingParty, named('Invalid field SinglePartySignatures.signature: empty')).negativeCase,
      ),
    );
    expect(other.result).toBe('inconclusive');
    // A missing signedBy is reported on the signature (CryptoValidator), which its rule says (reportedAs).
    const missingSignedBy: InvalidTag = {
      ...missingParty,
      part: { kind: 'body', name: 'partySignatures.signatures[0].signatures[0].signedBy' },
      reportedAs: ['signature'],
    };
    const withoutHint: InvalidTag = { ...missingSignedBy, reportedAs: [] };
    const unhinted = await recording(() =>
      negativeDataRejection(
        environment('spec'),
        negative(withoutHint, named('Invalid field SinglePartySignatures.signature: empty signedBy')).negativeCase,
      ),
    );
    expect(unhinted.result).toBe('inconclusive');
    const onSignature = await recording(() =>
      negativeDataRejection(
        environment('spec'),
        negative(missingSignedBy, named('Invalid field SinglePartySignatures.signature: empty signedBy')).negativeCase,
      ),
    );
    expect(onSignature.result).toBe('credited');
  });

  it("credits a malformed identifier whose cause names one of the identifier's parts, not another field", async () => {
    const causes = [
      'Invalid field package reference: non expected character 0x20',
      'Invalid field module_name: Expected a non-empty string',
    ];
    for (const cause of causes) {
      const rejected = jsonAnswer(400, cantonError('INVALID_FIELD', 8, 3, { cause }));
      expect(
        (await recording(() => negativeDataRejection(environment('spec'), negative(templateIdFormat, rejected).negativeCase))).result,
        cause,
      ).toBe('credited');
    }
    const other = jsonAnswer(400, cantonError('INVALID_FIELD', 8, 3, { cause: 'Invalid field module_name: x' }));
    expect((await recording(() => negativeDataRejection(environment('spec'), negative(longCommandId, other).negativeCase))).result).toBe(
      'inconclusive',
    );
  });

  it('credits the rule but fails the body of a 400 in text/html or without a content type', async () => {
    const pages = [htmlPage(400), answer({ status: 400, contentType: '', text: '' })];
    for (const page of pages) {
      const thrown = await failure(() => negativeDataRejection(environment('spec'), negative(longCommandId, page).negativeCase));
      expect([thrown.check, thrown.clauseId]).toEqual(['content_type_conformance', ERROR_BODY]);
      expect(thrown.events).toEqual([`${CHECK} ${longCommandId.clauseId} passed`, `error_body_conformance ${ERROR_BODY} passed`]);
    }
  });
});

describe('negativeDataRejection: inconclusive', () => {
  it('when the control is rejected too (a 400 text, a redacted 403), with the control in the reason', async () => {
    for (const refused of [missingCommandIdText(), redacted403()]) {
      for (const profile of ['spec', 'canton'] as const) {
        const { negativeCase } = negative(missingCommandId, missingCommandIdText(), refused, { sameRule: ['errors.400-text-names-body'] });
        const { events, result, error } = await recording(() => negativeDataRejection(environment(profile), negativeCase));
        expect(error).toBeUndefined();
        expect(result).toBe('inconclusive');
        expect(lines(events)).toEqual([
          `${CHECK} ${missingCommandId.clauseId} inconclusive`,
          `${CHECK} errors.400-text-names-body inconclusive`,
        ]);
        expect(events[0]!.reason).toBe(
          `the control request (the same base without the mutation) was rejected too (${refused.status} ${refused.contentType}: ${refused.text.slice(0, 200)}), so the rejection proves nothing about "missing commandId"`,
        );
        expect(events[0]!.exchange?.response?.status).toBe(refused.status);
      }
    }
  });

  it('a control the caller accepts by its own rule (UPDATE_NOT_FOUND answers a valid lookup)', async () => {
    const notFound = jsonAnswer(404, cantonError('UPDATE_NOT_FOUND', 11, 5));
    const { negativeCase } = negative(longCommandId, missingField('commandId'), notFound, {
      controlAccepted: (response) => errorCodeOf(response) === 'UPDATE_NOT_FOUND',
    });
    expect((await recording(() => negativeDataRejection(environment('spec'), negativeCase))).result).toBe('credited');
  });

  it('when the rejection is a redacted 401 or 403: an authorization answer (in both profiles)', async () => {
    for (const response of [redacted401(), redacted403()]) {
      for (const profile of ['spec', 'canton'] as const) {
        const { events, result, error } = await recording(() =>
          negativeDataRejection(environment(profile), negative(missingCommandId, response).negativeCase),
        );
        expect(error).toBeUndefined();
        expect(result).toBe('inconclusive');
        expect(lines(events)).toEqual([`${CHECK} ${missingCommandId.clauseId} inconclusive`]);
        expect(events[0]!.reason).toBe(
          `rejected with ${response.status} NA: an authorization answer is not evidence of "missing commandId"`,
        );
      }
    }
    const alsoAuthorization: InvalidTag = { ...longCommandId, alsoBreaks: 'authorization' };
    const { events } = await recording(() =>
      negativeDataRejection(environment('spec'), negative(alsoAuthorization, redacted403()).negativeCase),
    );
    expect(events[0]!.reason).toBe(
      'rejected with 403 NA: an authorization answer is not evidence of "commandId of 256 characters" (the mutated value is also one the caller may not use when authorization is on)',
    );
  });

  it('when the rejection is a 404: inconclusive in the spec profile and where Canton is not pinned down', async () => {
    const notFound = jsonAnswer(404, cantonError('CONTRACT_NOT_FOUND', 11, 5));
    const { events, result } = await recording(() =>
      negativeDataRejection(environment('spec'), negative(missingCommandId, notFound).negativeCase),
    );
    expect(result).toBe('inconclusive');
    expect(lines(events)).toEqual([`${CHECK} ${missingCommandId.clauseId} inconclusive`]);
    expect(events[0]!.reason).toBe(
      'rejected with 404 CONTRACT_NOT_FOUND, not an input rejection (400): not evidence of "missing commandId"',
    );
    const either = await recording(() => negativeDataRejection(environment('canton'), negative(longCommandId, notFound).negativeCase));
    expect([either.result, lines(either.events)]).toEqual(['inconclusive', [`${CHECK} ${longCommandId.clauseId} inconclusive`, taxonomy]]);
  });

  it("canton profile: a 404 or 409 where Canton rejects the input with a 400 fails Canton's clause", async () => {
    const notFound = jsonAnswer(404, cantonError('CONTRACT_NOT_FOUND', 11, 5));
    const text = await failure(() => negativeDataRejection(environment('canton'), negative(missingCommandId, notFound).negativeCase));
    expect([text.clauseId, text.detail]).toEqual([
      'canton.submit-and-wait.missing-field-text-400',
      `Canton rejects this input (missing commandId) with a 400 text/plain decode failure, got 404 application/json: ${notFound.text.slice(0, 200)}`,
    ]);
    expect(text.events).toEqual([`${CHECK} ${missingCommandId.clauseId} inconclusive`, taxonomy]);
    const conflict = jsonAnswer(409, cantonError('DUPLICATE_COMMAND', 10, 6));
    const code = await failure(() => negativeDataRejection(environment('canton'), negative(emptyCommands, conflict).negativeCase));
    expect([code.clauseId, code.detail]).toEqual([
      'canton.errors.category-8-400',
      `Canton rejects this input (empty commands list) with 400 MISSING_FIELD, got 409 application/json: ${conflict.text.slice(0, 200)}`,
    ]);
  });
});

describe('negativeDataRejection switched off', () => {
  it('an accepted invalid request stops the test without recording', async () => {
    const stop = await stopOfSwitchedOff(
      () =>
        negativeDataRejection(
          environment('spec'),
          negative(missingCommandId, submitted(), submitted(), { sameRule: ['errors.400-text-names-body'] }).negativeCase,
        ),
      CHECK,
    );
    expect(stop.clauseId).toBe(missingCommandId.clauseId);
  });

  it('records nothing of its own when inconclusive or credited; the error-body checks still record', async () => {
    const refused = await recording(
      () => negativeDataRejection(environment('spec'), negative(missingCommandId, missingCommandIdText(), redacted403()).negativeCase),
      [CHECK],
    );
    expect([refused.result, refused.events]).toEqual(['inconclusive', []]);
    const text = await recording(
      () => negativeDataRejection(environment('canton'), negative(missingCommandId, missingCommandIdText()).negativeCase),
      [CHECK],
    );
    expect([text.result, text.events]).toEqual(['credited', []]);
    const json = await recording(
      () => negativeDataRejection(environment('spec'), negative(emptyCommands, missingField('commands')).negativeCase),
      [CHECK],
    );
    expect(json.result).toBe('credited');
    expect(lines(json.events)).toEqual(errorBodyEvents);
  });

  it('canton profile: a 404 where Canton answers 400 stops the test', async () => {
    const notFound = jsonAnswer(404, cantonError('CONTRACT_NOT_FOUND', 11, 5));
    const stop = await stopOfSwitchedOff(
      () => negativeDataRejection(environment('canton'), negative(missingCommandId, notFound).negativeCase),
      CHECK,
    );
    expect(stop.clauseId).toBe('canton.submit-and-wait.missing-field-text-400');
  });
});

describe('the helpers of the rejection check', () => {
  it('errorCodeOf reads the code of a JSON error only', () => {
    expect(errorCodeOf(redacted403())).toBe('NA');
    expect(errorCodeOf(answer({ status: 400, contentType: 'application/json; charset=utf-8', text: '{"code":"MISSING_FIELD"}' }))).toBe(
      'MISSING_FIELD',
    );
    expect(errorCodeOf(missingCommandIdText())).toBeUndefined();
    expect(errorCodeOf(htmlPage(400))).toBeUndefined();
    expect(errorCodeOf(answer({ status: 400, contentType: JSON_TYPE, text: '{"code":' }))).toBeUndefined();
    expect(errorCodeOf(jsonAnswer(400, { code: 7 }))).toBeUndefined();
  });

  it('partWords: the words a 400 text must contain for each kind of part', () => {
    expect(partWords({ kind: 'body', name: 'commands[0].CreateCommand.templateId' })).toEqual(['body']);
    expect(partWords({ kind: 'query', name: 'vetAllPackages' })).toEqual(['vetAllPackages']);
    expect(partWords({ kind: 'header', name: 'Content-Type' })).toEqual(['content-type']);
    expect(partWords({ kind: 'path', name: 'offset' })).toEqual(['invalid value']);
  });

  it('valueAt follows a part name through objects and list entries', () => {
    const body = { commands: [{ CreateCommand: { templateId: '#pkg:Iou:Iou' } }], commandId: 'c1' };
    expect(valueAt(body, 'commands[0].CreateCommand.templateId')).toBe('#pkg:Iou:Iou');
    expect(valueAt(body, 'commandId')).toBe('c1');
    expect(valueAt(body, 'commands[1].CreateCommand')).toBeUndefined();
    expect(valueAt(body, 'commandId.deeper')).toBeUndefined();
  });

  it('assertStillInvalid: a body that fails its schema or breaks the format is still invalid; one that does not is a suite bug', () => {
    const validators = environment('spec').validators;
    const valid = {
      commands: [{ CreateCommand: { templateId: '#pkg:Iou:Iou', createArguments: {} } }],
      commandId: 'c1',
      actAs: ['alice::1220abcd'],
    };
    expect(validators.validate('SubmitAndWaitRequest', valid)).toEqual({ valid: true });
    const { commandId: _omitted, ...withoutCommandId } = valid;
    expect(() => assertStillInvalid(validators, 'SubmitAndWaitRequest', missingCommandId, withoutCommandId)).not.toThrow();
    expect(() => assertStillInvalid(validators, 'SubmitAndWaitRequest', missingCommandId, valid)).toThrow(SuiteBug);
    expect(() => assertStillInvalid(validators, 'SubmitAndWaitRequest', longCommandId, valid)).toThrow(
      'the input no longer breaks its rule submit-and-wait.commandId.ledger-string ("commandId of 256 characters") after shrinking; this is a bug of the generator, not of the target',
    );
  });
});
