/**
 * Authorization of area A, by right: act-as / read-as / execute-as / read-as-any-party are enforced on
 * submit-and-wait, update-by-offset, execute and the traffic account; a user token stands for its own user.
 * (Suite `auth`, with auth-tokens.suite.ts and auth-headers.suite.ts.)
 */
import type { ClientResponse } from '../../client/http.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { authEnforcement } from '../../checks/auth.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { execute, executeBody, prepareIou } from '../support/prepared-iou.js';
import { iouCreate, partyView, submit, transactionFormat, updateByOffset, wildcardFilter } from '../support/ledger.js';
import { freshId } from '../../generators/index.js';

/** A lookup's answer that shows it was served: the update, or UPDATE_NOT_FOUND (nothing visible at the offset). */
const servedOrNotFound = (answer: ClientResponse): boolean =>
  answer.status === 200 || (answer.status === 404 && answer.text.includes('UPDATE_NOT_FOUND'));

const userOf = (context: ConformanceContext, alias: string, description: string, rule: 'actAs' | 'readAs'): string =>
  context.userWhere(description, (user) => user.rights[rule].includes(alias)).id;

conformanceSuite('auth', () => {
  conformanceTest(
    {
      name: 'submit-and-wait for a party the user cannot act as is denied',
      endpoint: 'submit-and-wait',
      clauses: [
        'auth.submit-and-wait.act-as',
        'submit-and-wait.actAs.authorized',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const outsider = context.userWhere('cannot act as bank', (user) => !user.rights.actAs.includes('bank') && !user.rights.admin).id;
      const body = { commands: [iouCreate(context, bank, context.party('alice'))], commandId: freshId('auth-act-as'), actAs: [bank] };
      const denied = await context.send({ endpoint: 'submit-and-wait', user: outsider, body });
      const denial = await authEnforcement(context, {
        response: denied,
        // The control: the same command from a user who may act as bank.
        control: () =>
          context.send({
            endpoint: 'submit-and-wait',
            user: userOf(context, 'bank', 'can act as bank', 'actAs'),
            body: { ...body, commandId: freshId('auth-act-as') },
          }),
        denial: 'permission-denied',
        clauseId: 'auth.submit-and-wait.act-as',
        sameRule: ['submit-and-wait.actAs.authorized'],
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'submit-and-wait reading as a party the user cannot read as is denied',
      endpoint: 'submit-and-wait',
      clauses: ['auth.submit-and-wait.read-as', 'submit-and-wait.readAs.authorized', 'canton.auth.insufficient-rights-403'],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const reader = context.userWhere(
        'acts as alice and reads as bank',
        (user) => user.rights.actAs.includes('alice') && user.rights.readAs.includes('bank'),
      );
      const alice = context.party('alice');
      const unreadable = context.fixtures.parties.find(
        (party) => !party.external && !reader.rights.actAs.includes(party.alias) && !reader.rights.readAs.includes(party.alias),
      );
      if (!unreadable) return context.skip(`every fixture party is readable by ${reader.id}`);
      const commands = [iouCreate(context, alice, context.party('bob'))];
      const denied = await context.send({
        endpoint: 'submit-and-wait',
        user: reader.id,
        body: { commands, commandId: freshId('auth-read-as'), actAs: [alice], readAs: [unreadable.id] },
      });
      const denial = await authEnforcement(context, {
        response: denied,
        // The control: reading as a party the user may read as.
        control: () =>
          context.send({
            endpoint: 'submit-and-wait',
            user: reader.id,
            body: { commands, commandId: freshId('auth-read-as'), actAs: [alice], readAs: [context.party('bank')] },
          }),
        denial: 'permission-denied',
        clauseId: 'auth.submit-and-wait.read-as',
        sameRule: ['submit-and-wait.readAs.authorized'],
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'update-by-offset with a filter party the user cannot read as is denied',
      endpoint: 'update-by-offset',
      clauses: [
        'canton.auth.update-by-offset.read-as-filter-parties',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      requires: ['authorization'],
    },
    async (context) => {
      const reader = context.userWhere('acts as alice', (user) => user.rights.actAs.includes('alice') && !user.rights.admin);
      const unreadable = context.fixtures.parties.find(
        (party) => !reader.rights.actAs.includes(party.alias) && !reader.rights.readAs.includes(party.alias),
      );
      if (!unreadable) return context.skip(`every fixture party is readable by ${reader.id}`);
      const offset = context.fixtures.seededUpdates.transactionOffset ?? 1;
      const lookup = (party: string) => partyView(context, reader.id, offset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
      const response = await lookup(unreadable.id);
      const denial = await authEnforcement(context, {
        response,
        // The control: the same lookup filtering a party the user may read as (served, or UPDATE_NOT_FOUND).
        control: () => lookup(context.party('alice')),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.update-by-offset.read-as-filter-parties',
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'update-by-offset filtering a party the user can only execute as is denied: execute-as does not read',
      endpoint: 'update-by-offset',
      clauses: ['canton.auth.execute-as-does-not-read', 'canton.auth.insufficient-rights-403', 'canton.auth.permission-denied-403'],
      requires: ['authorization'],
    },
    async (context) => {
      const executor = context.userWhere(
        'can execute as a party it cannot act or read as',
        (user) =>
          !user.rights.admin &&
          !user.rights.readAsAnyParty &&
          user.rights.executeAs.some((alias) => !user.rights.actAs.includes(alias) && !user.rights.readAs.includes(alias)),
      );
      const alias = executor.rights.executeAs.find(
        (candidate) => !executor.rights.actAs.includes(candidate) && !executor.rights.readAs.includes(candidate),
      )!;
      const reader = context.userWhere('may read as any party (rights.readAsAnyParty)', (user) => user.rights.readAsAnyParty);
      const offset = context.fixtures.seededUpdates.transactionOffset ?? 1;
      const format = transactionFormat({ [context.party(alias)]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
      const response = await updateByOffset(context, executor.id, offset, format);
      const denial = await authEnforcement(context, {
        response,
        // The control: the same lookup by a user who may read as any party (served, or UPDATE_NOT_FOUND).
        control: () => updateByOffset(context, reader.id, offset, format),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.execute-as-does-not-read',
        // UPDATE_NOT_FOUND: the node read as the party (and found nothing there): no denial.
        servedDespite4xx: servedOrNotFound,
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'filtersForAnyParty needs the read-as-any-party right, which participant_admin does not imply',
      endpoint: 'update-by-offset',
      clauses: [
        'canton.auth.update-by-offset.filters-for-any-party-right',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      requires: ['authorization'],
    },
    async (context) => {
      const admin = context.userWhere(
        'is a participant administrator without the read-as-any-party right',
        (user) => user.rights.admin && !user.rights.readAsAnyParty,
      );
      const reader = context.userWhere('may read as any party (rights.readAsAnyParty)', (user) => user.rights.readAsAnyParty);
      const offset = context.fixtures.seededUpdates.transactionOffset ?? 1;
      const format = {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: { cumulative: [wildcardFilter()] } },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      };
      const response = await updateByOffset(context, admin.id, offset, format);
      const denial = await authEnforcement(context, {
        response,
        // The control: the same lookup by a user with the right (served, or UPDATE_NOT_FOUND).
        control: () => updateByOffset(context, reader.id, offset, format),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.update-by-offset.filters-for-any-party-right',
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'execute by a user without act-as or execute-as for the signing party is denied',
      endpoint: 'execute',
      clauses: ['auth.execute.act-as-or-execute-as', 'execute.auth.act-as-or-execute-as', 'canton.auth.insufficient-rights-403'],
      requires: ['authorization', 'interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const outsider = context.userWhere(
        `can neither act nor execute as ${prepared.payer.alias}`,
        (user) =>
          !user.rights.actAs.includes(prepared.payer.alias) && !user.rights.executeAs.includes(prepared.payer.alias) && !user.rights.admin,
      ).id;
      const denied = await execute(context, outsider, executeBody(prepared, {}, { userId: outsider }));
      const denial = await authEnforcement(context, {
        response: denied,
        // The control: the executor, who holds execute-as rights, gets the same prepared transaction accepted.
        control: () => execute(context, prepared.executor, executeBody(prepared)),
        denial: 'permission-denied',
        clauseId: 'auth.execute.act-as-or-execute-as',
        sameRule: ['execute.auth.act-as-or-execute-as'],
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'the traffic account of a party the user can neither act nor execute as is denied',
      endpoint: 'traffic-account',
      clauses: ['auth.traffic-account', 'traffic-account.auth.act-as-or-execute-as', 'canton.auth.insufficient-rights-403'],
      requires: ['authorization', 'trafficAccounts', 'ledgerApi3.5'],
    },
    async (context) => {
      const account = context.fixtures.trafficAccount;
      if (!account) return context.skip('the fixtures name no traffic account (trafficAccount)');
      const outsider = context.userWhere(
        `can neither act nor execute as ${account.party}`,
        (user) => !user.rights.actAs.includes(account.party) && !user.rights.executeAs.includes(account.party) && !user.rights.admin,
      ).id;
      const read = (user: string) => context.send({ endpoint: 'traffic-account', params: { 'account-id': account.accountId }, user });
      const response = await read(outsider);
      const denial = await authEnforcement(context, {
        response,
        // The control: a user who may act as the account's party reads it.
        control: () => read(context.userWhere(`can act as ${account.party}`, (user) => user.rights.actAs.includes(account.party)).id),
        denial: 'permission-denied',
        clauseId: 'auth.traffic-account',
        sameRule: ['traffic-account.auth.act-as-or-execute-as'],
      });
      if (denial === 'credited' && context.profile === 'canton')
        statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: "a user token stands for its user when userId is left out; another user's id is denied",
      endpoint: 'submit-and-wait',
      clauses: [
        'auth.submit-and-wait.user-id-from-token',
        'submit-and-wait.userId.from-token',
        'submit-and-wait.userId.optional',
        'canton.auth.insufficient-rights-403',
      ],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const bankUser = context.userWhere(
        'can act as bank and is no admin',
        (user) => user.rights.actAs.includes('bank') && !user.rights.admin,
      ).id;
      const commandId = freshId('user-from-token');
      const commands = [iouCreate(context, bank, context.party('alice'))];
      await submit(context, { user: bankUser, actAs: [bank], commands, commandId, clauseId: 'submit-and-wait.userId.optional' });
      // The change id is (user id, act-as, command id): naming the token's user explicitly must hit the same one.
      const again = await context.send({
        endpoint: 'submit-and-wait',
        user: bankUser,
        body: { commands, commandId, actAs: [bank], userId: bankUser },
      });
      // Rejected as a repeat of the same change id: the first submission was recorded under the token's user.
      statusInRange(again, 400, 499, 'auth.submit-and-wait.user-id-from-token');
      const duplicate = expectError(context, again, 'submit-and-wait.errors.default-body');
      expectErrorCode(duplicate, ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'], 'submit-and-wait.userId.from-token', again);
      if (context.profile === 'canton') {
        expectErrorCode(
          duplicate,
          ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'],
          'canton.submit-and-wait.duplicate-command-409',
          again,
        );
        const other = context.fixtures.users.find((user) => user.id !== bankUser)?.id ?? 'another-user';
        const submitAs = (userId: string) =>
          context.send({
            endpoint: 'submit-and-wait',
            user: bankUser,
            body: { commands, commandId: freshId('user-from-token'), actAs: [bank], userId },
          });
        const foreign = await submitAs(other);
        await authEnforcement(context, {
          response: foreign,
          control: () => submitAs(bankUser),
          denial: 'permission-denied',
          clauseId: 'canton.auth.insufficient-rights-403',
        });
      }
    },
  );
});
