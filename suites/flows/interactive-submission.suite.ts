/**
 * prepare → sign → execute: execute answers at once, and the transaction appears later at a new offset;
 * a transaction whose signature does not verify is rejected and never committed, while its twin signed
 * properly (the control) is accepted; one change id is committed once.
 */
import { answerBody } from '../../checks/schema.js';
import { randomBytes } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { positiveDataAcceptance, statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { duplicateCommandDetails, expectErrorCode, expectError } from '../../checks/error-body.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectOneOf, expectValue } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import {
  MARKER_CLAUSES,
  PREPARE_CLAUSES,
  execute,
  executeBody,
  externalParty,
  findPreparedIou,
  ledgerEndMarker,
  prepareIou,
  type PreparedIou,
  type SignatureChoice,
} from '../support/prepared-iou.js';
import type { JsonObject } from '../support/ledger.js';

/** What `executeAndFind` asserts besides the clause it credits the acceptance to. */
const EXECUTED_CLAUSES: ClauseId[] = [...PREPARE_CLAUSES, ...MARKER_CLAUSES, 'execute.summary.asynchronous'];

/**
 * An execute of the prepared Iou was accepted (credited to `clauseId`) and the transaction then committed
 * exactly once after offset `after`, with the prepared command id.
 */
async function expectCommittedOnce(
  context: ConformanceContext,
  prepared: PreparedIou,
  response: ClientResponse,
  after: number,
  clauseId: ClauseId,
): Promise<void> {
  positiveDataAcceptance(response, clauseId);
  const found = await findPreparedIou(context, prepared, { after }, true);
  writeVisible(
    'execute.summary.asynchronous',
    `commits after offset ${after} of the executed transaction (an Iou of ${prepared.amount} with payer ${prepared.payer.id})`,
    found,
    1,
    found[0]?.response ?? response,
  );
  // The command id is shown to the submitting parties only; the owner may see it empty.
  expectOneOf(
    'execute.summary.asynchronous',
    'the command id of the committed transaction',
    found[0]!.transaction.commandId,
    [undefined, null, '', prepared.commandId],
    found[0]!.response,
  );
}

/** Executes the prepared Iou and expects it accepted and committed once (`expectCommittedOnce`). */
async function executeAndFind(
  context: ConformanceContext,
  prepared: PreparedIou,
  body: JsonObject,
  clauseId: ClauseId,
  after?: number,
): Promise<ClientResponse> {
  const ledgerEnd = after ?? (await ledgerEndMarker(context));
  const response = await execute(context, prepared.executor, body);
  await expectCommittedOnce(context, prepared, response, ledgerEnd, clauseId);
  return response;
}

conformanceSuite('flows / interactive submission', () => {
  conformanceTest(
    {
      name: 'prepare, sign, execute: execute answers at once and the transaction appears later at a new offset',
      endpoint: 'execute',
      clauses: [
        ...EXECUTED_CLAUSES,
        'execute.exists',
        'deduplication-period.Empty.shape',
        'execute.response.200',
        'canton.execute.response-empty-object',
      ],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const response = await executeAndFind(context, prepared, executeBody(prepared), 'execute.exists');
      positiveDataAcceptance(response, 'deduplication-period.Empty.shape');
      const body = answerBody(response, 'execute.response.200');
      if (context.profile === 'canton') expectValue('canton.execute.response-empty-object', 'the execute response', body, {}, response);
    },
  );

  conformanceTest(
    {
      name: 'minLedgerTime (relative and absolute) is accepted and the transaction still commits',
      endpoint: 'execute',
      clauses: [...EXECUTED_CLAUSES, 'execute.minLedgerTime.optional'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const relative = await prepareIou(context);
      await executeAndFind(
        context,
        relative,
        executeBody(relative, {}, { minLedgerTime: { time: { MinLedgerTimeRel: { value: { seconds: 1, nanos: 0 } } } } }),
        'execute.minLedgerTime.optional',
      );
      const absolute = await prepareIou(context);
      const inASecond = new Date(Date.now() + 1000).toISOString();
      await executeAndFind(
        context,
        absolute,
        executeBody(absolute, {}, { minLedgerTime: { time: { MinLedgerTimeAbs: { value: inASecond } } } }),
        'execute.minLedgerTime.optional',
      );
    },
  );

  conformanceTest(
    {
      name: "userId may be left out: the token's user executes",
      endpoint: 'execute',
      clauses: [...EXECUTED_CLAUSES, 'execute.userId.optional'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const body = executeBody(prepared);
      delete body.userId;
      await executeAndFind(context, prepared, body, 'execute.userId.optional');
    },
  );

  const badSignatures: { name: string; what: string; choice: (context: ConformanceContext, prepared: PreparedIou) => SignatureChoice }[] = [
    {
      name: 'a signature over other bytes',
      what: 'a signature over other bytes than the prepared transaction hash',
      choice: () => ({ message: randomBytes(32) }),
    },
    {
      name: "a signature by another party's key",
      what: "a signature by erin's key presented as dana's",
      choice: (context) => ({ signingKey: externalParty(context, 'erin').privateKey }),
    },
    {
      name: 'a signedBy naming another key',
      what: "dana's signature with signedBy naming erin's key",
      choice: (context) => ({ signedBy: externalParty(context, 'erin').fingerprint }),
    },
  ];
  for (const bad of badSignatures) {
    conformanceTest(
      {
        name: `${bad.name} is rejected and never committed, while its twin signed properly is`,
        endpoint: 'execute',
        clauses: [
          ...EXECUTED_CLAUSES,
          'auth.execute.signature',
          'execute.errors.default-body',
          'execute.auth.external-party-signature',
          'canton.errors.status-follows-category',
        ],
        requires: ['interactiveSubmission', 'writes'],
      },
      async (context) => {
        const prepared = await prepareIou(context);
        // The control is a twin prepared the same way and signed properly: re-sending `prepared` itself would
        // meet its own change id, and a rejection could then be deduplication rather than the signature.
        const twin = await prepareIou(context);
        const after = await ledgerEndMarker(context);
        const rejected = await execute(context, prepared.executor, executeBody(prepared, bad.choice(context, prepared)));
        const control = await execute(context, twin.executor, executeBody(twin));
        // Without an accepted control the rejection proves nothing about the signature: it is judged only after.
        positiveDataAcceptance(control, 'execute.auth.external-party-signature');
        statusInRange(rejected, 400, 499, 'auth.execute.signature');
        expectError(context, rejected, 'execute.errors.default-body');
        await expectCommittedOnce(context, twin, control, after, 'execute.auth.external-party-signature');
        const committed = await findPreparedIou(context, prepared, { after, timeoutMs: 300, maxLookups: 100 }, true);
        writeVisible('auth.execute.signature', 'commits of the rejected transaction', committed, 0, committed[0]?.response ?? rejected);
      },
    );
  }

  conformanceTest(
    {
      name: 'the same prepared transaction executed twice with one change id is committed once',
      endpoint: 'execute',
      clauses: [...EXECUTED_CLAUSES, 'execute.exists', 'canton.execute.change-id-deduplicated'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      await executeAndFind(context, prepared, executeBody(prepared), 'execute.exists');
      // The spec says nothing of a second execution of one change id; Canton deduplicates it.
      if (context.profile !== 'canton') return;
      const afterFirst = await ledgerEndMarker(context);
      // A retry of the same change id carries a new submissionId, as the spec advises.
      const second = await execute(context, prepared.executor, executeBody(prepared));
      // Canton acknowledges it and rejects it on the completion stream, or, meeting the first still in flight,
      // rejects it at once.
      if (second.status >= 200 && second.status < 300) positiveDataAcceptance(second, 'canton.execute.change-id-deduplicated');
      else {
        const error = expectError(context, second, 'canton.execute.change-id-deduplicated', {
          cantonClauseId: 'canton.execute.change-id-deduplicated',
        });
        expectErrorCode(error, ['SUBMISSION_ALREADY_IN_FLIGHT', 'DUPLICATE_COMMAND'], 'canton.execute.change-id-deduplicated', second);
        statusCodeConformance(second, [409], 'canton.execute.change-id-deduplicated');
        if (error.code === 'DUPLICATE_COMMAND') duplicateCommandDetails(error, second);
      }
      const again = await findPreparedIou(context, prepared, { after: afterFirst, timeoutMs: 300, maxLookups: 100 }, true);
      writeVisible(
        'canton.execute.change-id-deduplicated',
        'commits of the change id after its first commit',
        again,
        0,
        again[0]?.response ?? second,
      );
    },
  );
});
