import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../specification/json.js';
import { failuresOf, pathsAndKeywords, validExample } from './support.js';

describe('tagged unions', () => {
  it('reject two keys', () => {
    const command = { ...validExample('Command', 0), ...validExample('Command', 1) };
    expect(pathsAndKeywords('Command', command)).toEqual([['', 'maxProperties']]);
  });

  it('reject an unknown key, pointing at it', () => {
    expect(pathsAndKeywords('Command', { CreateContract: {} })).toEqual([['/CreateContract', 'additionalProperties']]);
    expect(pathsAndKeywords('CumulativeFilter', { identifierFilter: { PartyFilter: {} } })).toEqual([
      ['/identifierFilter/PartyFilter', 'additionalProperties'],
    ]);
  });

  it('reject no key', () => {
    expect(pathsAndKeywords('DeduplicationPeriodExecute', {})).toEqual([['', 'minProperties']]);
    expect(pathsAndKeywords('MinLedgerTime', { time: {} })).toEqual([['/time', 'minProperties']]);
  });

  it('keep the submit form of the deduplication period to the duration variant', () => {
    expect(pathsAndKeywords('DeduplicationPeriodSubmit', { DeduplicationOffset: { value: 3 } })).toEqual([
      ['/DeduplicationOffset', 'additionalProperties'],
    ]);
    expect(pathsAndKeywords('DeduplicationPeriodSubmit', { Empty: {} })).toEqual([['/Empty', 'additionalProperties']]);
  });

  it('check the variant body', () => {
    expect(pathsAndKeywords('TopologyEvent', { event: { ParticipantAuthorizationRevoked: { value: { partyId: 'p' } } } })).toEqual([
      ['/event/ParticipantAuthorizationRevoked/value/participantId', 'required'],
    ]);
  });
});

describe('required fields and types', () => {
  it('report a missing required field at its own path', () => {
    const request = validExample('SubmitAndWaitRequest');
    delete request.commandId;
    expect(pathsAndKeywords('SubmitAndWaitRequest', request)).toEqual([['/commandId', 'required']]);
  });

  it('report every field of a command variant (all fields required)', () => {
    expect(pathsAndKeywords('Command', { ExerciseCommand: { templateId: 't', contractId: 'c' } })).toEqual([
      ['/ExerciseCommand/choice', 'required'],
      ['/ExerciseCommand/choiceArgument', 'required'],
    ]);
  });

  it('report a wrong type at the nested path', () => {
    const request = validExample('SubmitAndWaitRequest');
    request.commands[0].CreateCommand.templateId = 42;
    expect(pathsAndKeywords('SubmitAndWaitRequest', request)).toEqual([['/commands/0/CreateCommand/templateId', 'type']]);
  });

  it('reject null for a required field but accept it for an optional one', () => {
    expect(pathsAndKeywords('SubmitAndWaitResponse', { updateId: 'u', completionOffset: null })).toEqual([
      ['/completionOffset', 'positiveInt64'],
    ]);
    const request = validExample('SubmitAndWaitRequest');
    request.workflowId = null;
    request.deduplicationPeriod = null;
    expect(pathsAndKeywords('SubmitAndWaitRequest', request)).toEqual([]);
    request.workflowId = 7;
    expect(pathsAndKeywords('SubmitAndWaitRequest', request)).toEqual([['/workflowId', 'type']]);
  });

  it('check the enums of the spec', () => {
    expect(
      pathsAndKeywords('TransactionFormat', { ...validExample('TransactionFormat'), transactionShape: 'TRANSACTION_SHAPE_FLAT' }),
    ).toEqual([['/transactionShape', 'enum']]);
    const execute = validExample('ExecuteSubmissionRequest');
    execute.hashingSchemeVersion = 'HASHING_SCHEME_VERSION_V1';
    expect(pathsAndKeywords('ExecuteSubmissionRequest', execute)).toEqual([['/hashingSchemeVersion', 'enum']]);
    const event = validExample('TopologyEvent', 1);
    event.event.ParticipantAuthorizationOnboarding.value.participantPermission = 'SUBMISSION';
    expect(pathsAndKeywords('TopologyEvent', event)).toEqual([
      ['/event/ParticipantAuthorizationOnboarding/value/participantPermission', 'enum'],
    ]);
  });
});

describe('non-empty lists and strings', () => {
  it.each([
    ['SubmitAndWaitRequest', 'commands', '/commands'],
    ['SubmitAndWaitRequest', 'actAs', '/actAs'],
    ['PartySignatures', 'signatures', '/signatures'],
    ['SinglePartySignatures', 'signatures', '/signatures'],
    ['UnassignedEvent', 'witnessParties', '/witnessParties'],
    ['CreatedEvent', 'witnessParties', '/witnessParties'],
    ['CreatedEvent', 'signatories', '/signatories'],
    ['JsTopologyTransaction', 'events', '/events'],
  ] as const)('%s.%s must not be empty', (name, field, path) => {
    const value = validExample(name);
    value[field] = [];
    expect(pathsAndKeywords(name, value)).toEqual([[path, 'minItems']]);
  });

  it('a signature must not be empty', () => {
    expect(pathsAndKeywords('Signature', { ...validExample('Signature'), signature: '' })).toEqual([['/signature', 'minLength']]);
  });
});

describe('exact int64', () => {
  it('accepts 2^63 - 1 and rejects 2^63 when parsed losslessly', () => {
    const max = parseJsonLossless('{"offset":9223372036854775807,"updateFormat":{}}');
    const overflow = parseJsonLossless('{"offset":9223372036854775808,"updateFormat":{}}');
    expect(failuresOf('UpdateByOffsetRequest', max)).toEqual([]);
    expect(failuresOf('UpdateByOffsetRequest', overflow)).toEqual([
      expect.objectContaining({ path: '/offset', rule: 'positiveInt64(reason=out-of-range)', value: 9223372036854775808n }),
    ]);
  });

  it('rejects below the int64 minimum', () => {
    const duration = parseJsonLossless('{"seconds":-9223372036854775809,"nanos":0}');
    expect(pathsAndKeywords('Duration', duration)).toEqual([['/seconds', 'int64']]);
    expect(failuresOf('Duration', parseJsonLossless('{"seconds":-9223372036854775808,"nanos":0}'))).toEqual([]);
  });

  it('keeps 2^53 + 1 exact through the lossless parser, and flags a rounded JSON.parse value', () => {
    const text = '{"updateId":"u","completionOffset":9007199254740993}';
    expect(failuresOf('SubmitAndWaitResponse', parseJsonLossless(text))).toEqual([]);
    expect(failuresOf('SubmitAndWaitResponse', JSON.parse(text))).toEqual([
      expect.objectContaining({ path: '/completionOffset', rule: 'positiveInt64(reason=possibly-rounded)' }),
    ]);
  });

  it('rejects a JS number that is out of range even after rounding', () => {
    expect(failuresOf('TrafficAccount', { accountId: 'a', balance: 2 ** 64 })).toEqual([
      expect.objectContaining({ path: '/balance', rule: 'int64(reason=out-of-range)' }),
    ]);
  });

  it('rejects non-integers', () => {
    expect(pathsAndKeywords('TrafficAccount', { accountId: 'a', balance: 1.5 })).toEqual([['/balance', 'int64']]);
    expect(pathsAndKeywords('TrafficAccount', { accountId: 'a', balance: '1.5' })).toEqual([['/balance', 'int64']]);
    expect(pathsAndKeywords('TrafficAccount', { accountId: 'a', balance: true })).toEqual([['/balance', 'int64']]);
  });

  it.each([0, -1, '0'])('rejects the non-positive offset %s', (offset) => {
    expect(failuresOf('UpdateByOffsetRequest', { offset, updateFormat: {} })).toEqual([
      expect.objectContaining({ path: '/offset', rule: 'positiveInt64(reason=out-of-range)' }),
    ]);
  });

  it('checks int32 and non-negative ranges', () => {
    expect(pathsAndKeywords('Duration', parseJsonLossless('{"seconds":1,"nanos":2147483648}'))).toEqual([['/nanos', 'int32']]);
    const unassigned = validExample('UnassignedEvent');
    unassigned.nodeId = -1;
    unassigned.reassignmentCounter = -1;
    expect(pathsAndKeywords('UnassignedEvent', unassigned)).toEqual([
      ['/reassignmentCounter', 'nonNegativeInt64'],
      ['/nodeId', 'nonNegativeInt32'],
    ]);
  });
});

describe('string formats', () => {
  it.each(['2024-06-05', '2024-06-05 12:34:56Z', '2024-06-05T12:34:56', '2024-13-05T12:34:56Z', 'yesterday'])(
    'rejects the date-time %j',
    (recordTime) => {
      const checkpoint = validExample('OffsetCheckpoint');
      checkpoint.synchronizerTimes[0].recordTime = recordTime;
      expect(pathsAndKeywords('OffsetCheckpoint', checkpoint)).toEqual([['/synchronizerTimes/0/recordTime', 'format']]);
    },
  );

  it.each(['', 'a'.repeat(129), 'alice smith', 'alice/bob', 'élise', 'a,b'])('rejects the user id %j', (id) => {
    expect(pathsAndKeywords('User', { id })).toEqual([['/id', 'format']]);
    expect(pathsAndKeywords('SubmitAndWaitRequest', { ...validExample('SubmitAndWaitRequest'), userId: id })).toEqual([
      ['/userId', 'format'],
    ]);
  });

  it('accepts a 128-character user id', () => {
    expect(pathsAndKeywords('User', { id: 'u'.repeat(128) })).toEqual([]);
  });

  it('rejects a malformed annotation key at the key, and an empty value', () => {
    const user = { id: 'u', metadata: { annotations: { 'ok.key': 'v', '-bad': 'v', 'a/b/c': 'v', empty: '' } } };
    expect(pathsAndKeywords('User', user)).toEqual([
      ['/metadata/annotations/-bad', 'propertyName format'],
      ['/metadata/annotations/a~1b~1c', 'propertyName format'],
      ['/metadata/annotations/empty', 'minLength'],
    ]);
  });

  it('limits the annotations to 256 kb in UTF-8 over keys and values', () => {
    const limit = 256 * 1024;
    const atLimit = { k: 'v'.repeat(limit - 1) };
    expect(pathsAndKeywords('ObjectMeta', { annotations: atLimit })).toEqual([]);
    // 'é' is two bytes in UTF-8: one character more than fits once bytes are counted.
    const overByBytes = { k: 'é' + 'v'.repeat(limit - 2) };
    expect(failuresOf('ObjectMeta', { annotations: overByBytes })).toEqual([
      expect.objectContaining({ path: '/annotations', rule: `maxTotalUtf8Bytes(limit=${limit}, actual=${limit + 1})` }),
    ]);
  });
});
