/**
 * Where the written spec and Canton 3.5 disagree (facts: verified-against-real.md §2). Each test sends a request
 * the target accepts (the control) and the same request with the disputed input, and classifies the answer as
 * the spec's, Canton's, or neither (`checks/conflict.ts`). The canton profile expects Canton's; the spec profile
 * expects the spec's and reports Canton's as a deviation, apart from failures.
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { specConflict, type ConflictSide } from '../../checks/conflict.js';
import { freshId } from '../../generators/index.js';
import type { ClientResponse } from '../../client/http.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { preparedAndSigned } from '../support/interactive.js';
import { iouSubmission, postJson } from '../support/requests.js';

type Body = Record<string, unknown>;

const isAccepted = (response: ClientResponse) => response.status >= 200 && response.status < 300;
const isRejected = (response: ClientResponse) => response.status >= 400 && response.status < 500;
const brief = (response: ClientResponse) =>
  `${response.status} ${response.contentType}: ${response.text.slice(0, 160).replace(/\s+/g, ' ')}`;

/**
 * Sends the disputed request, then (when it was rejected) the control; classifies the first answer.
 * `cantonAccepts`: Canton accepts the input (most conflicts) or rejects it (execute without deduplicationPeriod).
 */
async function judge(
  context: ConformanceContext,
  clauseId: ClauseId,
  disputed: () => Promise<ClientResponse>,
  control: () => Promise<ClientResponse>,
  cantonAccepts: boolean,
): Promise<void> {
  const response = await disputed();
  if (isRejected(response)) {
    const base = await control();
    if (!isAccepted(base)) {
      recordInconclusive(
        'spec_conflict',
        clauseId,
        `the control (the same request without the disputed input) was rejected too: ${brief(base)}`,
        base,
      );
      return;
    }
  }
  const accepted = isAccepted(response);
  const rejected = isRejected(response);
  const side: ConflictSide = accepted ? (cantonAccepts ? 'canton' : 'spec') : rejected ? (cantonAccepts ? 'spec' : 'canton') : 'neither';
  specConflict(context, clauseId, side, `${accepted ? 'accepted' : rejected ? 'rejected' : 'answered'} it: ${brief(response)}`, response);
}

function bankSubmitter(context: ConformanceContext) {
  const bank = context.party('bank');
  const user = context.userWhere('can act as the Iou payer bank', (candidate) => candidate.rights.actAs.includes('bank'));
  return { user: user.id, bank, alice: context.party('alice') };
}

/** A submission the target accepts, fresh each call, with `extra` merged in. */
function submission(context: ConformanceContext, extra: Body = {}): Body {
  const { bank, alice } = bankSubmitter(context);
  return { ...iouSubmission(context.fixtures, { payer: bank, owner: alice }), ...extra };
}

const SUBMIT_CONFLICTS: { name: string; clauseId: ClauseId; extra: (context: ConformanceContext) => Body }[] = [
  {
    name: 'submit-and-wait with deduplicationPeriod Empty',
    clauseId: 'deduplication-period.Empty.execute-form-only',
    extra: () => ({ deduplicationPeriod: { Empty: {} } }),
  },
  {
    name: 'submit-and-wait with deduplicationPeriod DeduplicationOffset',
    clauseId: 'deduplication-period.DeduplicationOffset.execute-form-only',
    extra: () => ({ deduplicationPeriod: { DeduplicationOffset: { value: 1 } } }),
  },
  { name: 'an empty workflowId', clauseId: 'submit-and-wait.workflowId.non-empty', extra: () => ({ workflowId: '' }) },
  {
    name: 'a Duration without seconds',
    clauseId: 'duration.seconds.required',
    extra: () => ({ deduplicationPeriod: { DeduplicationDuration: { value: { nanos: 0 } } } }),
  },
  { name: 'an empty userId with a user token', clauseId: 'submit-and-wait.userId.empty-with-user-token', extra: () => ({ userId: '' }) },
  {
    name: 'a union object with two keys',
    clauseId: 'unions.several-keys',
    extra: () => ({
      deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 60, nanos: 0 } }, DeduplicationOffset: { value: 1 } },
    }),
  },
];

conformanceSuite('spec and Canton conflicts', () => {
  for (const conflict of SUBMIT_CONFLICTS) {
    conformanceTest(
      {
        name: `${conflict.name}: rejected by the spec, accepted by Canton 3.5`,
        endpoint: 'submit-and-wait',
        clauses: [conflict.clauseId],
        requires: ['writes'],
      },
      async (context) => {
        const { user } = bankSubmitter(context);
        await judge(
          context,
          conflict.clauseId,
          () => postJson(context, 'submit-and-wait', submission(context, conflict.extra(context)), user),
          () => postJson(context, 'submit-and-wait', submission(context), user),
          true,
        );
      },
    );
  }

  conformanceTest(
    {
      name: 'execute without deduplicationPeriod: accepted by the spec, rejected by Canton 3.5',
      endpoint: 'execute',
      clauses: ['execute.deduplicationPeriod.optional'],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      const { user, body } = await preparedAndSigned(context, 'execute.exists');
      const { deduplicationPeriod: _left, ...without } = body;
      await judge(
        context,
        'execute.deduplicationPeriod.optional',
        () => postJson(context, 'execute', without, user),
        () => postJson(context, 'execute', body, user),
        false,
      );
    },
  );

  conformanceTest(
    {
      name: 'canton: an unknown top-level field is ignored (the spec does not say)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.requests.unknown-fields-ignored'],
      requires: ['writes'],
    },
    async (context) => {
      const { user } = bankSubmitter(context);
      const response = await postJson(context, 'submit-and-wait', submission(context, { someFutureField: { nested: true } }), user);
      positiveDataAcceptance(response, 'canton.requests.unknown-fields-ignored');
    },
  );

  conformanceTest(
    {
      name: 'canton: the content type of a JSON body is not enforced',
      endpoint: 'submit-and-wait',
      clauses: ['canton.http.content-type-not-enforced'],
      requires: ['writes'],
    },
    async (context) => {
      const { user } = bankSubmitter(context);
      const asText = await context.send({
        endpoint: 'submit-and-wait',
        user,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ ...submission(context), commandId: freshId('cmd') }),
      });
      positiveDataAcceptance(asText, 'canton.http.content-type-not-enforced');
    },
  );
});
