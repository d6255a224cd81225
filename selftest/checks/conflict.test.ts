/** spec_conflict (checks/conflict.ts): where the spec and Canton 3.5 disagree, each profile expects its side; the spec profile reports Canton's as a deviation. */
import { describe, expect, it } from 'vitest';
import { specConflict } from '../../checks/conflict.js';
import { failure, htmlPage, lines, recorded, recording, redacted403, stopOfSwitchedOff, submitted, textAnswer } from './support.js';

const CHECK = 'spec_conflict';
/** The spec: an execute without deduplicationPeriod is accepted; Canton: a 400 text. */
const CLAUSE = 'execute.deduplicationPeriod.optional';
const SPEC = 'deduplicationPeriod is optional: an execute without it is accepted';
const CANTON =
  "an execute without it is rejected: 400 text `Invalid value for: body (Missing required field at 'deduplicationPeriod')` (JsExecuteSubmissionRequest has no default)";

const cantonText = () => textAnswer(400, "Invalid value for: body (Missing required field at 'deduplicationPeriod')");

describe('specConflict', () => {
  it('canton profile: a 400 text (Canton) passes; a 2xx (the spec) fails, quoting Canton', async () => {
    expect(await recorded(() => specConflict({ profile: 'canton' }, CLAUSE, 'canton', 'rejected it with 400 text', cantonText()))).toEqual([
      `${CHECK} ${CLAUSE} passed`,
    ]);
    const thrown = await failure(() => specConflict({ profile: 'canton' }, CLAUSE, 'spec', 'accepted it with 200', submitted()));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      CHECK,
      CLAUSE,
      `Canton 3.5: ${CANTON}; the target accepted it with 200`,
    ]);
    expect(thrown.exchange?.response?.status).toBe(200);
  });

  it('spec profile: a 2xx (the spec) passes; a 400 text (Canton) is a deviation, not a failure', async () => {
    expect(await recorded(() => specConflict({ profile: 'spec' }, CLAUSE, 'spec', 'accepted it with 200', submitted()))).toEqual([
      `${CHECK} ${CLAUSE} passed`,
    ]);
    const { events, error } = await recording(() =>
      specConflict({ profile: 'spec' }, CLAUSE, 'canton', 'rejected it with 400 text', cantonText()),
    );
    expect(error).toBeUndefined();
    expect(lines(events)).toEqual([`${CHECK} ${CLAUSE} deviation`]);
    expect(events[0]!.reason).toBe(`the target rejected it with 400 text, as Canton 3.5 does (${CANTON}); the spec: ${SPEC}`);
    expect(events[0]!.exchange?.response?.body).toBe(cantonText().text);
  });

  it('a deviation without a response carries no exchange', async () => {
    const { events } = await recording(() => specConflict({ profile: 'spec' }, CLAUSE, 'canton', 'rejected it'));
    expect(events[0]!.exchange).toBeUndefined();
  });

  it('neither side (a redacted 403, an HTML page) fails in both profiles', async () => {
    const neither = await failure(() => specConflict({ profile: 'spec' }, CLAUSE, 'neither', 'answered 403', redacted403()));
    expect([neither.clauseId, neither.detail]).toEqual([
      CLAUSE,
      `the spec: ${SPEC}; Canton 3.5: ${CANTON}; the target answered 403, which is neither`,
    ]);
    const canton = await failure(() => specConflict({ profile: 'canton' }, CLAUSE, 'neither', 'answered 502 text/html', htmlPage()));
    expect(canton.detail).toBe(`Canton 3.5: ${CANTON}; the target answered 502 text/html`);
  });

  it('refuses a clause that is no conflict clause: a suite error, not a verdict', async () => {
    const { events, error } = await recording(() => specConflict({ profile: 'spec' }, 'submit-and-wait.exists', 'spec', 'accepted it'));
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'spec_conflict: submit-and-wait.exists is not a conflict clause (it has no `conflict` in the registry)',
    );
  });

  it('switched off: the wrong side stops the test; a deviation and a pass record nothing', async () => {
    const stop = await stopOfSwitchedOff(() => specConflict({ profile: 'canton' }, CLAUSE, 'spec', 'accepted it'), CHECK);
    expect(stop.clauseId).toBe(CLAUSE);
    await stopOfSwitchedOff(() => specConflict({ profile: 'spec' }, CLAUSE, 'neither', 'answered 403'), CHECK);
    expect((await recording(() => specConflict({ profile: 'spec' }, CLAUSE, 'canton', 'rejected it'), [CHECK])).events).toEqual([]);
    expect((await recording(() => specConflict({ profile: 'canton' }, CLAUSE, 'canton', 'rejected it'), [CHECK])).events).toEqual([]);
  });
});
