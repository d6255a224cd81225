/**
 * `POST /v2/updates/update-by-offset`. The request type is protobuf-generated, so a missing `offset`
 * decodes as 0 and is then rejected as NON_POSITIVE_OFFSET. Order: decode, authorize (the caller reads
 * as every filter party; reading as any party needs the admin right), validate, resolve, look up.
 */
import { LedgerApiError, invalidArgument, missingField } from '../canton-errors.js';
import { canReadAs, requireCaller, requirePermission } from '../http/auth-context.js';
import { parseJsonBody } from '../http/body.js';
import { asInt64, asObject, isAbsent } from '../http/decode.js';
import type { RefRequest, RefResponse } from '../http/types.js';
import { formatTimestamp, type LedgerState } from './ledger-state.js';
import { renderUpdate } from './render.js';
import { decodeUpdateFormat, partiesRead, resolveUpdateFormat } from './update-format.js';

function updateNotFound(offset: bigint): LedgerApiError {
  return new LedgerApiError('UPDATE_NOT_FOUND', 'Update not found, or not visible.', {
    resources: [['OFFSET', offset.toString()]],
  });
}

export function handleUpdateByOffset(state: LedgerState, request: RefRequest): RefResponse {
  const body = asObject(parseJsonBody(request), '');
  const offset = isAbsent(body, 'offset') ? 0n : asInt64(body.offset, 'offset');
  const formatInput = decodeUpdateFormat(body, '');

  const caller = requireCaller(request.auth);
  if (formatInput) {
    const { parties, anyParty } = partiesRead(formatInput);
    // Fault `execute-as-reads`: the execute-as right is taken for a read right (Canton's Claims: it is not).
    const executeReads = state.faults.has('execute-as-reads');
    // Fault `first-party-checked-only`: only the first party of the request is checked.
    const checked = state.faults.has('first-party-checked-only') ? [...parties].slice(0, 1) : parties;
    for (const party of checked)
      requirePermission(canReadAs(caller, party) || (executeReads && caller.rights.executeAs.has(party)), `cannot read as ${party}`);
    // Canton's Claims.canReadAsAnyParty: the CanReadAsAnyParty right (participant_admin does not imply it).
    if (anyParty) requirePermission(caller.rights.readAsAnyParty === true, 'reading as any party needs the CanReadAsAnyParty right');
  }

  if (offset <= 0n && !(offset === 0n && state.faults.has('non-positive-offset-accepted'))) {
    throw new LedgerApiError(
      'NON_POSITIVE_OFFSET',
      `Offset ${offset} in offset is not a positive integer: the offset has to be a positive integer (>0)`,
    );
  }
  if (!formatInput) {
    // Fault: the missing format is refused with another code than MISSING_FIELD.
    throw state.faults.has('update-format-missing-invalid-argument')
      ? invalidArgument('update_format is not set')
      : missingField('update_format');
  }
  let format: ReturnType<typeof resolveUpdateFormat>;
  try {
    format = resolveUpdateFormat(state.pkg, formatInput);
  } catch (error) {
    // Fault: a known package name with an unknown template answered as an unknown template id.
    if (
      error instanceof LedgerApiError &&
      error.code === 'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME' &&
      state.faults.has('filter-unknown-name-pair-generic-code')
    ) {
      throw new LedgerApiError(
        'TEMPLATES_OR_INTERFACES_NOT_FOUND',
        `The following templates or interfaces do not exist on the ledger: ${error.errorCause}`,
      );
    }
    // Fault: a format whose filtersByParty and filtersForAnyParty are both empty reads as a filter that matches nothing.
    if (
      error instanceof LedgerApiError &&
      error.errorCause.includes('filtersByParty and filtersForAnyParty cannot be empty simultaneously') &&
      state.faults.has('empty-filters-accepted')
    ) {
      throw new LedgerApiError('UPDATE_NOT_FOUND', `Update not found for offset ${offset}`);
    }
    throw error;
  }

  // Holdout fault `holdout-offset-past-end-returns-last`: the offset just past the end reads the update at the end.
  const pastEndReadsLast = state.faults.has('holdout-offset-past-end-returns-last') && offset === BigInt(state.log.end) + 1n;
  const stored =
    offset <= BigInt(state.log.end) ? state.log.at(Number(offset)) : pastEndReadsLast ? state.log.at(state.log.end) : undefined;
  // Fault `checkpoint-past-end`: an offset past the ledger end is answered as an offset checkpoint there.
  if (!stored && offset > BigInt(state.log.end) && state.faults.has('checkpoint-past-end')) {
    const recordTime = state.nextRecordTime();
    return {
      status: 200,
      body: {
        update: {
          OffsetCheckpoint: {
            value: { offset: Number(offset), synchronizerTimes: [{ synchronizerId: state.fixtures.synchronizerId, recordTime }] },
          },
        },
      },
    };
  }
  if (!stored) {
    if (state.faults.has('update-not-found-500')) {
      throw new LedgerApiError('LEDGER_API_INTERNAL_ERROR', `no update stored at offset ${offset}`);
    }
    throw updateNotFound(offset);
  }
  const rendered = renderUpdate({ pkg: state.pkg, faults: state.faults }, stored, format);
  if (!rendered) throw updateNotFound(offset);
  // Holdout fault `holdout3-record-time-at-read`: a transaction's record time is stamped when it is read.
  const transaction = (rendered.update as { Transaction?: { value: { recordTime: string } } }).Transaction;
  if (transaction && state.faults.has('holdout3-record-time-at-read')) transaction.value.recordTime = formatTimestamp(state.now());
  return { status: 200, body: rendered };
}
