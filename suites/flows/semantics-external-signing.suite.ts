/**
 * Ledger semantics, part 2: external signing: externalTransactionHash is the hash the external party signed, and
 * execute refuses a wrong signature, a signer outside act-as and a prepare on an invisible contract.
 * Part of suite `flows / semantics of commands` (see semantics-commands.suite.ts).
 * Canton profile only: every clause here is real Canton 3.5 behaviour, cited in specification/clauses/semantics-commands.ts.
 */
import { statusCodeConformance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { createIouAndFindIt, iouCreate, type JsonObject, partyView, submit, transactionOf } from '../support/ledger.js';
import { bankUser, refusedFor, transfer } from '../support/command-semantics.js';
import { execute, executeBody, externalParty, findPreparedIou, ledgerEndMarker, prepareIou } from '../support/prepared-iou.js';
import { PREPARE_REQUIRED } from '../support/interactive.js';

conformanceSuite('flows / semantics of commands', () => {
  conformanceTest(
    {
      name: 'externalTransactionHash is the hash the external party signed; a local submission has none',
      endpoint: 'execute',
      clauses: ['canton.interactive.external-transaction-hash'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const after = await ledgerEndMarker(context);
      const executed = await execute(context, prepared.executor, executeBody(prepared));
      statusCodeConformance(executed, [200], 'canton.interactive.external-transaction-hash');
      const found = await findPreparedIou(context, prepared, { after }, true);
      writeVisible('canton.interactive.external-transaction-hash', 'the committed externally signed Iou', found.slice(0, 1), 1, executed);
      const [committed] = found;
      expectValue(
        'canton.interactive.external-transaction-hash',
        'externalTransactionHash of the committed transaction (base64)',
        committed!.transaction.externalTransactionHash,
        prepared.hash.toString('base64'),
        committed!.response,
      );
      // A local submission's transaction carries none (null, absent or empty).
      const payer = context.party('bank');
      const user = bankUser(context);
      const local = await submit(context, {
        user,
        actAs: [payer],
        commands: [iouCreate(context, payer, payer)],
        clauseId: 'canton.interactive.external-transaction-hash',
      });
      const response = await partyView(context, user, local.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value } = transactionOf(response, 'canton.interactive.external-transaction-hash');
      expectValueMatches(
        'canton.interactive.external-transaction-hash',
        'externalTransactionHash of a locally submitted transaction',
        value.externalTransactionHash,
        (hash) => hash === null || hash === undefined || hash === '',
        'none (null, absent or empty)',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'external signing under attack: a wrong signature, a signature by a party outside act-as, a prepare on an invisible contract',
      endpoint: 'execute',
      clauses: ['canton.interactive.execute-refusal-codes', 'canton.interactive.prepare-invisible-contract'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const twin = await prepareIou(context);
      const control = await execute(context, twin.executor, executeBody(twin));
      const wrong = await execute(context, prepared.executor, executeBody(prepared, { message: Buffer.alloc(32, 7) }));
      const wrongError = refusedFor(
        context,
        'canton.interactive.execute-refusal-codes',
        wrong,
        control,
        'FAILED_TO_EXECUTE_TRANSACTION',
        400,
      );
      if (wrongError) {
        expectValueMatches(
          'canton.interactive.execute-refusal-codes',
          'the cause of a signature over other bytes',
          wrongError.cause,
          (cause) => cause.includes('valid signatures from distinct keys'),
          'containing "valid signatures from distinct keys"',
          wrong,
        );
      }
      // Signatures only by another external party, who is not in the prepared act-as.
      const outsider = externalParty(context, 'erin');
      const body = executeBody(prepared, { signingKey: outsider.privateKey, signedBy: outsider.fingerprint });
      const signatures = (body.partySignatures as { signatures: JsonObject[] }).signatures;
      signatures[0]!.party = outsider.id;
      const foreign = await execute(context, prepared.executor, body);
      const foreignError = refusedFor(
        context,
        'canton.interactive.execute-refusal-codes',
        foreign,
        control,
        'FAILED_TO_EXECUTE_TRANSACTION',
        400,
      );
      if (foreignError) {
        expectValueMatches(
          'canton.interactive.execute-refusal-codes',
          'the cause of signatures by a party outside act-as',
          foreignError.cause,
          (cause) => cause.includes('did not provide an external signature'),
          'containing "did not provide an external signature"',
          foreign,
        );
      }
      // A contract the external party cannot see (the bank's own Iou): CONTRACT_NOT_FOUND at prepare.
      const invisible = await createIouAndFindIt(context, context.party('bank'));
      const invisiblePrepare = await context.send({
        endpoint: 'prepare',
        user: prepared.executor,
        body: {
          userId: prepared.executor,
          commandId: freshId('invisible'),
          commands: [transfer(context, invisible.contractId, prepared.payer.id)],
          actAs: [prepared.payer.id],
          readAs: [],
          ...PREPARE_REQUIRED(context),
          verboseHashing: false,
        },
      });
      refusedFor(context, 'canton.interactive.prepare-invisible-contract', invisiblePrepare, prepared.response, 'CONTRACT_NOT_FOUND', 404);
    },
  );
});
