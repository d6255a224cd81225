import { expect, it } from 'vitest';
import { createValidators, formatValidationErrors } from '../../specification/validate.js';
import { validExample } from './support.js';

it('renders "valid" for a valid result', () => {
  expect(formatValidationErrors({ valid: true })).toBe('valid');
});

it('renders one readable line per failure: path, rule, message, value', () => {
  const request = validExample('SubmitAndWaitRequest');
  delete request.commandId;
  request.commands[0].CreateCommand.templateId = 42;
  request.commands.push({ CreateCommand: { templateId: 't', createArguments: {} }, ExerciseCommand: {} });
  const result = createValidators('spec').validate('SubmitAndWaitRequest', request);
  const lines = formatValidationErrors(result).split('\n');
  expect(result.valid).toBe(false);
  expect(lines).toHaveLength(result.valid ? 0 : result.errors.length);
  expect(lines).toContain('/commandId  required  is required but absent  value: (absent)');
  expect(lines).toContain('/commands/0/CreateCommand/templateId  type(type=string)  must be string  value: 42');
  expect(lines.find((line) => line.startsWith('/commands/1  maxProperties(limit=1)'))).toMatch(
    /must have exactly one key \(a tagged union\); got 2 \(CreateCommand, ExerciseCommand\)/,
  );
});

it('names the allowed keys of a union and truncates long values', () => {
  const result = createValidators('spec').validate('Command', { CreateContract: { payload: 'x'.repeat(500) } });
  const text = formatValidationErrors(result);
  expect(text).toMatch(
    /^\/CreateContract {2}additionalProperties {2}is not one of the allowed keys \(CreateAndExerciseCommand, CreateCommand, ExerciseByKeyCommand, ExerciseCommand\) {2}value: /,
  );
  const value = text.split('value: ')[1] ?? '';
  expect(value.length).toBe(80);
  expect(value.endsWith('…')).toBe(true);
});

it('writes bigints exactly and the root as (root)', () => {
  const result = createValidators('spec').validate('TrafficAccount', 5);
  expect(formatValidationErrors(result)).toBe('(root)  type(type=object)  must be object  value: 5');
  const overflow = createValidators('spec').validate('TrafficAccount', { accountId: 'a', balance: 2n ** 64n });
  expect(formatValidationErrors(overflow)).toContain('value: 18446744073709551616');
});
