import { describe, expect, it } from 'vitest';
import { integerPolicyFor } from '../../specification/validate.js';
import { failuresOf, pathsAndKeywords, validExample } from './support.js';

describe('null and absent optional fields', () => {
  const bare = { code: 'UPDATE_NOT_FOUND', cause: 'Update not found, or not visible.', context: {}, errorCategory: 11 };

  it('the spec profile accepts a JsCantonError whose optional keys are absent', () => {
    expect(failuresOf('JsCantonError', bare, 'spec')).toEqual([]);
  });

  it('the canton profile requires every optional key to be written (null when unset)', () => {
    expect(pathsAndKeywords('JsCantonError', bare, 'canton')).toEqual([
      ['/correlationId', 'required'],
      ['/traceId', 'required'],
      ['/resources', 'required'],
      ['/grpcCodeValue', 'required'],
      ['/retryInfo', 'required'],
      ['/definiteAnswer', 'required'],
    ]);
  });

  it('both profiles accept null optionals and still check present ones', () => {
    const withNulls = {
      ...bare,
      correlationId: null,
      traceId: null,
      resources: null,
      grpcCodeValue: null,
      retryInfo: null,
      definiteAnswer: null,
    };
    expect(failuresOf('JsCantonError', withNulls, 'spec')).toEqual([]);
    expect(failuresOf('JsCantonError', withNulls, 'canton')).toEqual([]);
    const badResources = { ...withNulls, resources: [['OFFSET']], grpcCodeValue: 2 ** 31 };
    for (const profile of ['spec', 'canton'] as const) {
      expect(pathsAndKeywords('JsCantonError', badResources, profile)).toEqual([
        ['/resources/0', 'minItems'],
        ['/grpcCodeValue', 'int32'],
      ]);
    }
  });
});

describe('int64 spelled as a numeric string', () => {
  it('is accepted in responses by the spec profile only', () => {
    const response = { updateId: 'u', completionOffset: '11' };
    expect(failuresOf('SubmitAndWaitResponse', response, 'spec')).toEqual([]);
    expect(failuresOf('SubmitAndWaitResponse', response, 'canton')).toEqual([
      expect.objectContaining({ path: '/completionOffset', rule: 'positiveInt64(reason=string-not-allowed)' }),
    ]);
  });

  it('is accepted in requests by both profiles (circe decodes it), range-checked exactly', () => {
    for (const profile of ['spec', 'canton'] as const) {
      expect(failuresOf('UpdateByOffsetRequest', { offset: '12', updateFormat: {} }, profile)).toEqual([]);
      expect(pathsAndKeywords('UpdateByOffsetRequest', { offset: '9223372036854775808', updateFormat: {} }, profile)).toEqual([
        ['/offset', 'positiveInt64'],
      ]);
      expect(pathsAndKeywords('UpdateByOffsetRequest', { offset: '12abc', updateFormat: {} }, profile)).toEqual([
        ['/offset', 'positiveInt64'],
      ]);
    }
  });

  it('follows from the policy table', () => {
    expect(integerPolicyFor('spec', 'response')).toBe('numberOrNumericString');
    expect(integerPolicyFor('canton', 'request')).toBe('numberOrNumericString');
    expect(integerPolicyFor('canton', 'response')).toBe('numberOnly');
  });
});

describe('scan shapes the spec leaves open', () => {
  it('rewards amount: any string in the spec profile, ten decimals in the canton profile', () => {
    for (const amount of ['0.0', '12', '1.00000000000']) {
      expect(failuresOf('GetRewardsCollectedResponse', { amount }, 'spec'), amount).toEqual([]);
      expect(pathsAndKeywords('GetRewardsCollectedResponse', { amount }, 'canton'), amount).toEqual([['/amount', 'pattern']]);
    }
    expect(pathsAndKeywords('GetRewardsCollectedResponse', { amount: 12 }, 'spec')).toEqual([['/amount', 'type']]);
  });

  it('faucet counters: any number or numeric string in the spec profile, int64 numbers in the canton profile', () => {
    const faucets = { ...validExample('ValidatorReceivedFaucets'), numRoundsCollected: '10', numRoundsMissed: 2.5 };
    expect(failuresOf('ValidatorReceivedFaucets', faucets, 'spec')).toEqual([]);
    expect(pathsAndKeywords('ValidatorReceivedFaucets', faucets, 'canton')).toEqual([
      ['/numRoundsCollected', 'int64'],
      ['/numRoundsMissed', 'int64'],
    ]);
    expect(pathsAndKeywords('ValidatorReceivedFaucets', { ...faucets, numRoundsCollected: 'ten' }, 'spec')).toEqual([
      ['/numRoundsCollected', 'numeric'],
    ]);
  });

  it('faucet fields: required only in the canton profile', () => {
    expect(failuresOf('ValidatorReceivedFaucets', { validator: 'v' }, 'spec')).toEqual([]);
    expect(pathsAndKeywords('ValidatorReceivedFaucets', { validator: 'v' }, 'canton').map(([path]) => path)).toEqual([
      '/numRoundsCollected',
      '/numRoundsMissed',
      '/firstCollectedInRound',
      '/lastCollectedInRound',
    ]);
  });

  it('participant ids: the canton profile also checks the uid character set', () => {
    const response = { participant_ids: ['PAR::a@b::1220'] };
    expect(failuresOf('GetPartyToParticipantResponseV1', response, 'spec')).toEqual([]);
    expect(pathsAndKeywords('GetPartyToParticipantResponseV1', response, 'canton')).toEqual([['/participant_ids/0', 'format']]);
    expect(pathsAndKeywords('GetPartyToParticipantResponse', { participant_id: 'MED::a::b' }, 'spec')).toEqual([
      ['/participant_id', 'format'],
    ]);
  });
});

describe('update records the spec shows only in part', () => {
  it('a transaction is any object in the spec profile and a JsTransaction in the canton profile', () => {
    const update = { Transaction: { value: { updateId: 'u' } } };
    expect(failuresOf('Update', update, 'spec')).toEqual([]);
    expect(pathsAndKeywords('Update', update, 'canton').map(([path, keyword]) => `${path} ${keyword}`)).toEqual([
      '/Transaction/value/effectiveAt required',
      '/Transaction/value/offset required',
      '/Transaction/value/synchronizerId required',
      '/Transaction/value/recordTime required',
      '/Transaction/value/events required',
    ]);
  });

  it('a reassignment need not name its events in the spec profile; Canton writes `events`', () => {
    const reassignment = validExample('Reassignment');
    delete reassignment.events;
    expect(failuresOf('Reassignment', reassignment, 'spec')).toEqual([]);
    expect(pathsAndKeywords('Reassignment', reassignment, 'canton')).toEqual([['/events', 'required']]);
  });

  it('an unassigned event inside a reassignment is checked in both profiles', () => {
    const reassignment = validExample('Reassignment');
    reassignment.events[0].JsUnassignedEvent.value.offset = 0;
    for (const profile of ['spec', 'canton'] as const) {
      expect(pathsAndKeywords('Reassignment', reassignment, profile)).toEqual([
        ['/events/0/JsUnassignedEvent/value/offset', 'positiveInt64'],
      ]);
    }
  });

  it('the reassignment record requires recordTime and synchronizerId', () => {
    const reassignment = validExample('Reassignment');
    delete reassignment.recordTime;
    delete reassignment.synchronizerId;
    expect(pathsAndKeywords('Reassignment', reassignment)).toEqual([
      ['/recordTime', 'required'],
      ['/synchronizerId', 'required'],
    ]);
  });
});
