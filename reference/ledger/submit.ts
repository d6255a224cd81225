/**
 * `POST /v2/commands/submit-and-wait`: decode `JsCommands`, authorize, interpret, deduplicate, commit,
 * answer `{updateId, completionOffset}`. Everything after the body is read runs synchronously, so the
 * deduplication check and the append are atomic under any concurrency.
 */
import { LedgerApiError, invalidField } from '../canton-errors.js';
import { canActAs } from '../http/auth-context.js';
import { parseJsonBody } from '../http/body.js';
import { asObject, fieldPath, oneOfKeys, optionalObject, optionalString, requireInt64, type JsonObject } from '../http/decode.js';
import type { RefRequest, RefResponse } from '../http/types.js';
import { decodeDurationMs, decodeTimestamp, optionalLedgerString } from './command-decode.js';
import { traceIdOfTraceparent } from '../http/trace-context.js';
import type { Faults } from '../faults.js';
import type { LedgerState } from './ledger-state.js';
import { DeduplicationTable, type DeduplicationWindow } from './store.js';
import { authorizeSubmission, decodeCommandsPart, type CommandsPart } from './submission.js';

interface SubmitRequest extends CommandsPart {
  workflowId: string | undefined;
  submissionId: string | undefined;
  deduplicationMs: number | undefined;
  deduplicationOffset: bigint | undefined;
  minLedgerTimeAbs: Date | undefined;
  minLedgerTimeRelMs: number | undefined;
}

function decodeSubmitRequest(body: JsonObject, faults: Faults): SubmitRequest {
  const part = decodeCommandsPart(body, faults);
  const deduplication = optionalObject(body, 'deduplicationPeriod', '');
  let deduplicationMs: number | undefined;
  let deduplicationOffset: bigint | undefined;
  if (deduplication) {
    // As Canton 3.5, the submit form takes all three variants (JsCommands.deduplicationPeriod is the 3-variant
    // DeduplicationPeriod; the spec says the offset and Empty are "execute form only"). Empty deduplicates over the
    // participant's maximum window; an offset against acceptances after it (deduplicationWindow).
    const { key, value } = oneOfKeys(
      deduplication,
      ['DeduplicationDuration', 'DeduplicationOffset', 'Empty'] as const,
      'DeduplicationPeriod',
      'deduplicationPeriod',
    );
    const at = fieldPath('deduplicationPeriod', key);
    if (key === 'DeduplicationDuration') deduplicationMs = decodeDurationMs(asObject(value, at).value, fieldPath(at, 'value'));
    else if (key === 'DeduplicationOffset') deduplicationOffset = requireInt64(asObject(value, at), 'value', at);
  }
  const minLedgerTimeAbsText = optionalString(body, 'minLedgerTimeAbs', '');
  const minLedgerTimeRel = optionalObject(body, 'minLedgerTimeRel', '');
  // Fields listed one by one: spreading `part` makes a new object shape on every request.
  return {
    commands: part.commands,
    commandId: part.commandId,
    actAs: part.actAs,
    readAs: part.readAs,
    userId: part.userId,
    synchronizerId: part.synchronizerId,
    disclosedContractIds: part.disclosedContractIds,
    packageIdSelectionPreference: part.packageIdSelectionPreference,
    workflowId: optionalString(body, 'workflowId', ''),
    submissionId: optionalString(body, 'submissionId', ''),
    deduplicationMs,
    deduplicationOffset,
    minLedgerTimeAbs: minLedgerTimeAbsText === undefined ? undefined : decodeTimestamp(minLedgerTimeAbsText, 'minLedgerTimeAbs'),
    minLedgerTimeRelMs: minLedgerTimeRel === undefined ? undefined : decodeDurationMs(minLedgerTimeRel, 'minLedgerTimeRel'),
  };
}

/** A requested deduplication duration, checked against the participant's maximum. */
export function deduplicationWindow(state: LedgerState, milliseconds: number | undefined, offset?: bigint): DeduplicationWindow {
  const checkSign = !state.faults.has('dedup-negative-period-accepted');
  // RequestValidationErrors.NegativeOffset (3.5), as CommandDeduplicationPeriodValidationIT "NegativeOffset" asserts.
  if (offset !== undefined && offset < 0n && checkSign) {
    throw new LedgerApiError(
      'NEGATIVE_OFFSET',
      `Offset ${offset} in deduplication_period is a negative integer: the deduplication offset has to be a non-negative integer and not ${offset}`,
    );
  }
  // An offset period deduplicates against acceptances after that offset (CommandDeduplicator.scala:219, 3.5: an earlier
  // acceptance at or before it does not count). Fault `dedup-offset-as-maximum`: any offset means the maximum window.
  if (offset !== undefined && offset >= 0n && !state.faults.has('dedup-offset-as-maximum')) {
    return { kind: 'offset', afterOffset: Number(offset) };
  }
  if (milliseconds === undefined || (milliseconds < 0 && !checkSign)) return { kind: 'duration', milliseconds: state.maxDeduplicationMs };
  // DeduplicationPeriodValidator.scala:21 (3.5).
  if (milliseconds < 0) throw invalidField('deduplication_period', 'Duration must be positive');
  if (milliseconds > state.maxDeduplicationMs) {
    throw new LedgerApiError(
      'INVALID_DEDUPLICATION_PERIOD',
      `The submitted command had an invalid deduplication period: The given deduplication duration exceeds the maximum deduplication duration of ${state.maxDeduplicationMs / 1000}s`,
      { context: { longest_duration: `PT${state.maxDeduplicationMs / 1000}S` } },
    );
  }
  return { kind: 'duration', milliseconds };
}

/** The ledger effective time: now, unless a minimum ledger time asks for later. */
export function effectiveTime(now: Date, minAbs: Date | undefined, minRelMs: number | undefined): Date {
  let ms = now.getTime();
  if (minAbs) ms = Math.max(ms, minAbs.getTime());
  if (minRelMs !== undefined) ms = Math.max(ms, now.getTime() + minRelMs);
  return new Date(ms);
}

export class SubmitAndWaitHandler {
  private submissions = 0;
  private lastReportedOffset = 0;

  constructor(private readonly state: LedgerState) {}

  handle(request: RefRequest): RefResponse {
    const submit = decodeSubmitRequest(asObject(parseJsonBody(request), ''), this.state.faults);
    try {
      return this.submit(request, submit);
    } catch (error) {
      // A submission's errors carry its submission id as correlation id (CommandSubmissionServiceImpl.scala:112-117,
      // ErrorLoggingContext.fromOption; facts verified-against-real §8 R1). Fault `submission-correlation-id-dropped`.
      if (error instanceof LedgerApiError && submit.submissionId && !this.state.faults.has('submission-correlation-id-dropped')) {
        throw error.correlatedWith(submit.submissionId);
      }
      throw error;
    }
  }

  private submit(request: RefRequest, submit: SubmitRequest): RefResponse {
    const { state } = this;
    const mayActAs = state.faults.has('auth-act-as-not-checked') ? () => true : canActAs;
    const { userId, actAs } = authorizeSubmission(request.auth, submit, mayActAs, state.faults);
    const workflowId = optionalLedgerString(submit.workflowId, 'workflow_id');
    const submissionId = optionalLedgerString(submit.submissionId, 'submission_id') || state.newSubmissionId();
    const window = deduplicationWindow(state, submit.deduplicationMs, submit.deduplicationOffset);
    // Routing (TransactionRoutingError.scala:64, 3.5): a well-formed synchronizer id the participant is not connected to.
    if (
      submit.synchronizerId &&
      submit.synchronizerId !== state.fixtures.synchronizerId &&
      !state.faults.has('synchronizer-id-not-checked')
    ) {
      throw new LedgerApiError(
        'INVALID_PRESCRIBED_SYNCHRONIZER_ID',
        `Cannot submit transaction to prescribed synchronizer \`${submit.synchronizerId}\` because: Not connected to ${submit.synchronizerId}`,
      );
    }
    const now = state.now();
    const changeId = state.faults.has('dedup-act-as-order')
      ? JSON.stringify([userId, actAs, submit.commandId])
      : DeduplicationTable.changeId(userId, actAs, submit.commandId);
    let tx: ReturnType<LedgerState['interpret']>;
    try {
      tx = state.interpret(
        submit.commands,
        actAs,
        submit.readAs,
        // Holdout fault `holdout-min-ledger-time-rel-ignored`: the relative minimum ledger time is not applied.
        effectiveTime(
          now,
          submit.minLedgerTimeAbs,
          state.faults.has('holdout-min-ledger-time-rel-ignored') ? undefined : submit.minLedgerTimeRelMs,
        ),
        submit.disclosedContractIds,
        submit.packageIdSelectionPreference,
      );
    } catch (error) {
      // Fault `dedup-failed-submission`: the rejected submission takes the change id (as if it had completed).
      if (state.faults.has('dedup-failed-submission') && !state.faults.has('dedup-ignored')) {
        state.dedup.check(changeId, window, now.getTime());
        state.dedup.complete(changeId, { submissionId, offset: 1, recordedAtMs: now.getTime() });
      }
      if (
        error instanceof LedgerApiError &&
        error.code === 'WRONGLY_TYPED_CONTRACT' &&
        state.faults.has('wrongly-typed-contract-generic-code')
      ) {
        throw new LedgerApiError('DAML_INTERPRETATION_ERROR', error.errorCause, error.details);
      }
      throw error;
    }
    if (!state.faults.has('dedup-ignored')) state.dedup.check(changeId, window, now.getTime());
    const update = state.commitTransaction(
      tx,
      {
        commandId: submit.commandId,
        workflowId,
        userId,
        actAs,
        submissionId,
        externalTransactionHash: null,
        // Fault `trace-context-dropped`: the submission's trace context is not the transaction's.
        ...(state.faults.has('trace-context-dropped') ? {} : { traceId: traceIdOfTraceparent(request.headers.traceparent) }),
      },
      changeId,
    );
    // Holdout fault `holdout-submit-answer-update-id-next`: the answer names the update id of the next offset.
    const updateId = state.faults.has('holdout-submit-answer-update-id-next') ? state.newUpdateId(update.offset + 1) : update.updateId;
    return { status: 200, body: { updateId, completionOffset: this.reportedOffset(update.offset) } };
  }

  private reportedOffset(offset: number): number {
    this.submissions += 1;
    // Fault `offsets-not-monotonic`: every other submission reports the previous completion offset again.
    const reported =
      this.state.faults.has('offsets-not-monotonic') && this.submissions % 2 === 0 && this.lastReportedOffset > 0
        ? this.lastReportedOffset
        : offset;
    this.lastReportedOffset = reported;
    // Holdout fault `holdout3-completion-offset-before-commit`: the ledger end as it was before the transaction.
    return this.state.faults.has('holdout3-completion-offset-before-commit') ? reported - 1 : reported;
  }
}
