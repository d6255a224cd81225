/**
 * User management as Canton 3.5 does it (canton profile, where the target declares `userManagement`): the
 * create / get / update / delete errors, the update mask, primaryParty and isDeactivated updates, and rights
 * grant, list and revoke. Each expectation is the test's own record of what it wrote, never the node's
 * answer. Users created here are deleted again.
 */
import { acceptedWith, statusCodeConformance } from '../../checks/basic.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { eventSetsEqual } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { Requirement } from '../../harness/library/requirements.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { adminUser, createUser, deleteUser, getUser, updateUser } from '../support/user-management.js';

const ENDPOINT = 'users';
const REQUIRES: Requirement[] = ['userManagement', 'writes'];

type Json = Record<string, unknown>;

interface UserBody {
  id: string;
  primaryParty?: string;
  isDeactivated?: boolean;
  primaryPartyAuthentication?: boolean;
  identityProviderId?: string;
  metadata?: { resourceVersion?: string; annotations?: Record<string, string> };
}

const right = (kind: string, party?: string): Json => ({ kind: { [kind]: { value: party === undefined ? {} : { party } } } });

/** A right as one comparable string: `CanActAs party`, `CanReadAsAnyParty`. */
function rightKey(value: unknown): string {
  const kind = ((value as Json | undefined)?.kind ?? {}) as Json;
  const [name, inner] = Object.entries(kind)[0] ?? ['?', {}];
  const party = ((inner as Json | undefined)?.value as Json | undefined)?.party;
  return typeof party === 'string' && party !== '' ? `${name} ${party}` : name;
}

const bodyOf = (response: ClientResponse): Json => {
  try {
    return (parseJsonLossless(response.text) as Json | undefined) ?? {};
  } catch {
    return {};
  }
};
const userIn = (response: ClientResponse): UserBody => (bodyOf(response).user ?? {}) as UserBody;

/** The request (described by `what`, for the reader of the test) is accepted: 200. */
function accepted(response: ClientResponse, clauseId: ClauseId, what: string): void {
  void what;
  acceptedWith(response, 200, clauseId);
}

/** A Canton error: this status and code (the redacted-free JsCantonError body). */
function rejectedWith(context: ConformanceContext, response: ClientResponse, status: number, code: string, clauseId: ClauseId): void {
  const error = expectError(context, response, clauseId, { code, cantonClauseId: clauseId });
  expectErrorCode(error, code, clauseId, response);
  statusCodeConformance(response, [status], clauseId);
}

function grantRights(context: ConformanceContext, admin: string, id: string, rights: Json[], revoke = false): Promise<ClientResponse> {
  return context.send({
    endpoint: revoke ? 'users.revoke-rights' : 'users.grant-rights',
    params: { 'user-id': id },
    user: admin,
    body: { userId: id, rights, identityProviderId: '' },
  });
}

function listRights(context: ConformanceContext, admin: string, id: string): Promise<ClientResponse> {
  return context.send({ endpoint: 'users.rights', params: { 'user-id': id }, user: admin });
}

const removeUser = (context: ConformanceContext, admin: string, id: string): Promise<ClientResponse> =>
  context.send({ endpoint: 'users.delete', params: { 'user-id': id }, user: admin });

const createBody = (user: UserBody, rights: Json[] = []): Json => ({
  user: { isDeactivated: false, metadata: { annotations: {} }, ...user },
  rights,
});

/** Creates a user (the control of what follows) and returns it, or ends the test inconclusive on `clauseId`. */
async function setUp(
  context: ConformanceContext,
  admin: string,
  user: UserBody,
  clauseId: ClauseId,
  rights: Json[] = [],
): Promise<UserBody | undefined> {
  const response = await createUser(context, admin, createBody(user, rights));
  if (response.status === 200) return userIn(response);
  recordInconclusive(
    'positive_data_acceptance',
    clauseId,
    `a valid user could not be created (${response.status}: ${response.text.slice(0, 200)})`,
    response,
  );
  return undefined;
}

/** Concurrent requests of the race cases (LAPITT's RaceCondition* send ten). */
const RACERS = 10;

/** How many answers had each status. */
function statusCounts(responses: readonly ClientResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/**
 * Exactly one of racing requests succeeds; the others lose with `loser` or, as LAPITT's race cases allow (a unique
 * constraint violated in Canton's database), with an internal error (500).
 */
function oneWinner(responses: readonly ClientResponse[], loser: number, clauseId: ClauseId, what: string): void {
  const counts = statusCounts(responses);
  expectValue(clauseId, `the number of successes among ${what}`, counts[200] ?? 0, 1);
  expectValueMatches(
    clauseId,
    `the statuses of the other answers to ${what}`,
    Object.keys(counts)
      .map(Number)
      .filter((status) => status !== 200),
    (statuses) => statuses.every((status) => status === loser || status === 500),
    `${loser} (or 500, an internal error)`,
  );
}

const emptyParty = (party: unknown): boolean => party === undefined || party === null || party === '';

conformanceSuite('participant / user management CRUD', () => {
  conformanceTest(
    {
      name: 'participant_admin exists: no primary party, active, default identity provider, no annotations, the one right ParticipantAdmin',
      endpoint: 'users.get',
      clauses: ['canton.users.crud.admin-exists'],
      requires: ['userManagement'],
    },
    async (context) => {
      const clauseId = 'canton.users.crud.admin-exists';
      const fixture = context.fixtures.users.find((user) => user.id === 'participant_admin');
      if (fixture === undefined)
        return context.skip('the fixtures name no participant_admin user (the default administrator this case reads)');
      const { actAs, readAs, executeAs, readAsAnyParty, admin } = fixture.rights as Record<string, unknown>;
      const extra = [actAs, readAs, executeAs].some((list) => Array.isArray(list) && list.length > 0) || readAsAnyParty === true;
      if (admin !== true || extra || fixture.primaryParty !== undefined)
        return context.skip(
          "the fixtures give participant_admin a primary party or rights beyond the admin right: this node's administrator is not Canton's default",
        );
      const caller = adminUser(context);
      const response = await getUser(context, caller, 'participant_admin');
      accepted(response, clauseId, 'reading participant_admin');
      const user = userIn(response);
      expectValue(
        clauseId,
        'participant_admin: id, primaryParty, isDeactivated, identityProviderId, annotations',
        [
          user.id,
          emptyParty(user.primaryParty),
          user.isDeactivated ?? false,
          user.identityProviderId ?? '',
          Object.keys(user.metadata?.annotations ?? {}).length,
        ],
        ['participant_admin', true, false, '', 0],
        response,
      );
      const rights = await listRights(context, caller, 'participant_admin');
      accepted(rights, clauseId, "listing participant_admin's rights");
      eventSetsEqual(
        clauseId,
        "participant_admin's rights",
        ['ParticipantAdmin'],
        ((bodyOf(rights).rights as unknown[] | undefined) ?? []).map(rightKey),
        rights,
      );
    },
  );

  conformanceTest(
    {
      name: 'create, duplicate create (USER_ALREADY_EXISTS), get, delete; then USER_NOT_FOUND for get, delete, update and grant',
      endpoint: ENDPOINT,
      clauses: ['canton.users.crud.create-get-delete', 'canton.users.crud.create-duplicate-409', 'canton.users.crud.unknown-user-404'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const id = freshId('crud-user');
      const alice = context.party('alice');
      const written: UserBody = {
        id,
        primaryParty: alice,
        isDeactivated: false,
        primaryPartyAuthentication: true,
        metadata: { annotations: {} },
      };
      try {
        const created = await createUser(context, admin, createBody(written, [right('CanReadAs', alice)]));
        accepted(created, 'canton.users.crud.create-get-delete', 'the creation of a new user');
        for (const [what, response] of [
          ['the created user', created],
          ['the user read back', await getUser(context, admin, id)],
        ] as const) {
          const user = userIn(response);
          expectValue('canton.users.crud.create-get-delete', `id of ${what}`, user.id, id, response);
          expectValue('canton.users.crud.create-get-delete', `primaryParty of ${what}`, user.primaryParty, alice, response);
          expectValueMatches(
            'canton.users.crud.create-get-delete',
            `isDeactivated of ${what}`,
            user.isDeactivated,
            (value) => value !== true,
            'false or unset',
            response,
          );
          expectValue(
            'canton.users.crud.create-get-delete',
            `primaryPartyAuthentication of ${what}`,
            user.primaryPartyAuthentication,
            true,
            response,
          );
          expectValueMatches(
            'canton.users.crud.create-get-delete',
            `metadata.resourceVersion of ${what}`,
            user.metadata?.resourceVersion,
            (version) => typeof version === 'string' && version !== '',
            'a non-empty string',
            response,
          );
        }
        rejectedWith(
          context,
          await createUser(context, admin, createBody(written)),
          409,
          'USER_ALREADY_EXISTS',
          'canton.users.crud.create-duplicate-409',
        );
        // Ten concurrent creations of one new id: exactly one succeeds, the others are USER_ALREADY_EXISTS.
        const raced = freshId('crud-race');
        try {
          const answers = await Promise.all(Array.from({ length: RACERS }, () => createUser(context, admin, createBody({ id: raced }))));
          oneWinner(answers, 409, 'canton.users.crud.create-duplicate-409', '10 concurrent creations of one id');
          // Ten concurrent deletions of it: exactly one succeeds, the others are USER_NOT_FOUND.
          const deletions = await Promise.all(Array.from({ length: RACERS }, () => removeUser(context, admin, raced)));
          oneWinner(deletions, 404, 'canton.users.crud.unknown-user-404', '10 concurrent deletions of one user');
        } finally {
          await deleteUser(context, admin, raced);
        }

        const deleted = await removeUser(context, admin, id);
        accepted(deleted, 'canton.users.crud.create-get-delete', 'the deletion of the user');
        expectValue('canton.users.crud.create-get-delete', 'the keys of the deletion answer', Object.keys(bodyOf(deleted)), [], deleted);

        const unknown = 'canton.users.crud.unknown-user-404';
        rejectedWith(context, await getUser(context, admin, id), 404, 'USER_NOT_FOUND', unknown);
        rejectedWith(context, await removeUser(context, admin, id), 404, 'USER_NOT_FOUND', unknown);
        rejectedWith(
          context,
          await updateUser(context, admin, id, { user: { id, primaryParty: alice }, updateMask: { paths: ['primary_party'] } }),
          404,
          'USER_NOT_FOUND',
          unknown,
        );
        rejectedWith(context, await grantRights(context, admin, id, [right('CanReadAs', alice)]), 404, 'USER_NOT_FOUND', unknown);
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'a creation with a resourceVersion, a malformed primaryParty or right party, or an empty right is INVALID_ARGUMENT and creates nothing',
      endpoint: ENDPOINT,
      clauses: ['canton.users.crud.create-invalid-refused'],
      requires: REQUIRES,
    },
    async (context) => {
      const clauseId = 'canton.users.crud.create-invalid-refused';
      const admin = adminUser(context);
      const alice = context.party('alice');
      const malformedParty = 'not a party id!';
      const cases: { what: string; user: (id: string) => UserBody; rights: Json[] }[] = [
        { what: 'a resourceVersion', user: (id) => ({ id, metadata: { resourceVersion: '1', annotations: {} } }), rights: [] },
        { what: 'a malformed primaryParty', user: (id) => ({ id, primaryParty: malformedParty }), rights: [] },
        { what: 'a right naming a malformed party', user: (id) => ({ id }), rights: [right('CanActAs', malformedParty)] },
        { what: 'a right of no kind', user: (id) => ({ id }), rights: [{ kind: { Empty: {} } }] },
      ];
      for (const invalid of cases) {
        const id = freshId('crud-invalid');
        try {
          const response = await createUser(context, admin, createBody(invalid.user(id), invalid.rights));
          // The control: the same creation without the mutation (a valid primary party and right) is accepted.
          const after = await getUser(context, admin, id);
          const controlId = freshId('crud-control');
          const control = await createUser(context, admin, createBody({ id: controlId, primaryParty: alice }, [right('CanActAs', alice)]));
          await deleteUser(context, admin, controlId);
          if (control.status !== 200) {
            recordInconclusive(
              'error_body_conformance',
              clauseId,
              `the control creation was refused too (${control.status}): the rejection proves nothing`,
              control,
            );
            continue;
          }
          rejectedWith(context, response, 400, 'INVALID_ARGUMENT', clauseId);
          expectValue(clauseId, `the status of a lookup of the user refused for ${invalid.what}`, after.status, 404, after);
        } finally {
          await deleteUser(context, admin, id);
        }
      }
      // The empty right refused in a grant too.
      const id = freshId('crud-grant');
      try {
        if ((await setUp(context, admin, { id }, clauseId)) === undefined) return;
        rejectedWith(context, await grantRights(context, admin, id, [{ kind: { Empty: {} } }]), 400, 'INVALID_ARGUMENT', clauseId);
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'an update mask with no path, an unknown path or a duplicated path is INVALID_USER_UPDATE_REQUEST; id and metadata.resource_version are allowed paths',
      endpoint: ENDPOINT,
      clauses: ['canton.users.crud.update-mask-invalid'],
      requires: REQUIRES,
    },
    async (context) => {
      const clauseId = 'canton.users.crud.update-mask-invalid';
      const admin = adminUser(context);
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      const id = freshId('crud-mask');
      try {
        if ((await setUp(context, admin, { id, primaryParty: alice }, clauseId)) === undefined) return;
        const update = (paths: string[]) => updateUser(context, admin, id, { user: { id, primaryParty: bob }, updateMask: { paths } });
        for (const paths of [[], ['no_such_field'], ['primary_party', 'primary_party']]) {
          rejectedWith(context, await update(paths), 400, 'INVALID_USER_UPDATE_REQUEST', clauseId);
        }
        expectValue(clauseId, 'primaryParty after the refused updates', userIn(await getUser(context, admin, id)).primaryParty, alice);
        // The control, and LAPITT's AllowSpecifyingResourceVersionAndResourceIdInUpdateMask.
        const allowed = await update(['id', 'metadata.resource_version', 'primary_party']);
        accepted(allowed, clauseId, 'an update naming id, metadata.resource_version and primary_party');
        expectValue(clauseId, 'primaryParty after the accepted update', userIn(allowed).primaryParty, bob, allowed);
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'primaryParty, isDeactivated and primaryPartyAuthentication are set and reset through their paths; an empty annotations map changes nothing',
      endpoint: ENDPOINT,
      clauses: ['canton.users.crud.update-fields'],
      requires: REQUIRES,
    },
    async (context) => {
      const clauseId = 'canton.users.crud.update-fields';
      const admin = adminUser(context);
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      const id = freshId('crud-fields');
      const annotations = { 'conformance.example.com/kept': 'yes' };
      try {
        if ((await setUp(context, admin, { id, primaryParty: alice, metadata: { annotations } }, clauseId)) === undefined) return;
        const check = async (
          what: string,
          answer: ClientResponse,
          expected: { primaryParty: string; isDeactivated: boolean; auth: boolean; annotations: Record<string, string> },
        ) => {
          accepted(answer, clauseId, what);
          for (const [source, response] of [
            ['the answer', answer],
            ['a later GET', await getUser(context, admin, id)],
          ] as const) {
            const user = userIn(response);
            expectValueMatches(
              clauseId,
              `primaryParty after ${what} (${source})`,
              user.primaryParty,
              (party) => (expected.primaryParty === '' ? emptyParty(party) : party === expected.primaryParty),
              expected.primaryParty === '' ? 'empty or unset' : expected.primaryParty,
              response,
            );
            expectValueMatches(
              clauseId,
              `isDeactivated after ${what} (${source})`,
              user.isDeactivated,
              (value) => (value === true) === expected.isDeactivated,
              String(expected.isDeactivated),
              response,
            );
            expectValueMatches(
              clauseId,
              `primaryPartyAuthentication after ${what} (${source})`,
              user.primaryPartyAuthentication,
              (value) => (value === true) === expected.auth,
              String(expected.auth),
              response,
            );
            eventSetsEqual(
              clauseId,
              `annotations after ${what} (${source})`,
              Object.entries(expected.annotations).map(([key, value]) => `${key}=${value}`),
              Object.entries(user.metadata?.annotations ?? {}).map(([key, value]) => `${key}=${value}`),
              response,
            );
          }
        };
        const added = { ...annotations, 'conformance.example.com/added': 'also' };
        await check(
          'one update of every field',
          await updateUser(context, admin, id, {
            user: {
              id,
              primaryParty: bob,
              isDeactivated: true,
              primaryPartyAuthentication: true,
              metadata: { annotations: { 'conformance.example.com/added': 'also' } },
            },
            updateMask: { paths: ['primary_party', 'is_deactivated', 'primary_party_authentication', 'metadata.annotations'] },
          }),
          { primaryParty: bob, isDeactivated: true, auth: true, annotations: added },
        );
        // Reset to the defaults, with no metadata in the request at all.
        await check(
          'an update naming the fields with their default values',
          await updateUser(context, admin, id, {
            user: { id, primaryParty: '', isDeactivated: false, primaryPartyAuthentication: false },
            updateMask: { paths: ['primary_party', 'is_deactivated', 'primary_party_authentication'] },
          }),
          { primaryParty: '', isDeactivated: false, auth: false, annotations: added },
        );
        const viaMetadata = { ...added, 'conformance.example.com/via-metadata': 'too' };
        await check(
          'an update of annotations through the metadata path',
          await updateUser(context, admin, id, {
            user: { id, metadata: { annotations: { 'conformance.example.com/via-metadata': 'too' } } },
            updateMask: { paths: ['metadata'] },
          }),
          { primaryParty: '', isDeactivated: false, auth: false, annotations: viaMetadata },
        );
        await check(
          'an update with an empty annotations map',
          await updateUser(context, admin, id, {
            user: { id, metadata: { annotations: {} } },
            updateMask: { paths: ['metadata.annotations'] },
          }),
          { primaryParty: '', isDeactivated: false, auth: false, annotations: viaMetadata },
        );
        // Ten concurrent annotation updates (no resourceVersion), each with its own key: all land.
        const keys = Array.from({ length: RACERS }, (_, index) => `conformance.example.com/race-${index}`);
        const updates = await Promise.all(
          keys.map((key) =>
            updateUser(context, admin, id, {
              user: { id, metadata: { annotations: { [key]: 'x' } } },
              updateMask: { paths: ['metadata.annotations'] },
            }),
          ),
        );
        expectValue(clauseId, 'the statuses of 10 concurrent annotation updates', statusCounts(updates), { 200: RACERS });
        const raced = await getUser(context, admin, id);
        eventSetsEqual(
          clauseId,
          'the annotations after 10 concurrent updates',
          [...Object.keys(viaMetadata), ...keys],
          Object.keys(userIn(raced).metadata?.annotations ?? {}),
          raced,
        );
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'granting answers the newly granted rights (none on a repeat), listing shows them, revoking answers the newly revoked; resourceVersion unchanged',
      endpoint: ENDPOINT,
      clauses: ['canton.users.crud.rights-grant-revoke'],
      requires: REQUIRES,
    },
    async (context) => {
      const clauseId = 'canton.users.crud.rights-grant-revoke';
      const admin = adminUser(context);
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      const id = freshId('crud-rights');
      const keysOf = (response: ClientResponse, field: string): string[] =>
        ((bodyOf(response)[field] as unknown[] | undefined) ?? []).map(rightKey);
      try {
        const created = await setUp(context, admin, { id }, clauseId);
        if (created === undefined) return;
        const version = created.metadata?.resourceVersion;
        const listed = async (what: string, expected: string[]) => {
          const response = await listRights(context, admin, id);
          accepted(response, clauseId, `listing the rights ${what}`);
          eventSetsEqual(clauseId, `the rights listed ${what}`, expected, keysOf(response, 'rights'), response);
        };
        await listed('of a user created without rights', []);
        const three = [right('CanActAs', alice), right('CanReadAs', bob), right('CanReadAsAnyParty')];
        const threeKeys = [`CanActAs ${alice}`, `CanReadAs ${bob}`, 'CanReadAsAnyParty'];
        const granted = await grantRights(context, admin, id, three);
        accepted(granted, clauseId, 'a grant of three rights');
        eventSetsEqual(clauseId, 'newlyGrantedRights of the first grant', threeKeys, keysOf(granted, 'newlyGrantedRights'), granted);
        const again = await grantRights(context, admin, id, three);
        accepted(again, clauseId, 'the same grant again');
        eventSetsEqual(clauseId, 'newlyGrantedRights of a repeated grant', [], keysOf(again, 'newlyGrantedRights'), again);
        const none = await grantRights(context, admin, id, []);
        accepted(none, clauseId, 'a grant of no rights');
        // UserManagementServiceIT.scala:1304: an empty grant and an empty revoke both succeed and change nothing.
        const noneRevoked = await grantRights(context, admin, id, [], true);
        accepted(noneRevoked, clauseId, 'a revocation of no rights');
        eventSetsEqual(
          clauseId,
          'newlyRevokedRights of a revocation of no rights',
          [],
          keysOf(noneRevoked, 'newlyRevokedRights'),
          noneRevoked,
        );
        await listed('after the grants', threeKeys);
        const revoked = await grantRights(context, admin, id, [right('CanReadAs', bob)], true);
        accepted(revoked, clauseId, 'a revocation of one right');
        eventSetsEqual(clauseId, 'newlyRevokedRights', [`CanReadAs ${bob}`], keysOf(revoked, 'newlyRevokedRights'), revoked);
        const revokedAgain = await grantRights(context, admin, id, [right('CanReadAs', bob)], true);
        accepted(revokedAgain, clauseId, 'the same revocation again');
        eventSetsEqual(
          clauseId,
          'newlyRevokedRights of a repeated revocation',
          [],
          keysOf(revokedAgain, 'newlyRevokedRights'),
          revokedAgain,
        );
        await listed('after the revocation', [`CanActAs ${alice}`, 'CanReadAsAnyParty']);
        // Ten concurrent grants of one new right: exactly one reports it newly granted; ten revocations: exactly one revokes it.
        const raceRight = [right('CanExecuteAs', bob)];
        const grants = await Promise.all(Array.from({ length: RACERS }, () => grantRights(context, admin, id, raceRight)));
        expectValue(
          clauseId,
          'how many of 10 concurrent grants of one right report it newly granted',
          grants.filter((g) => keysOf(g, 'newlyGrantedRights').length > 0).length,
          1,
        );
        const revokes = await Promise.all(Array.from({ length: RACERS }, () => grantRights(context, admin, id, raceRight, true)));
        expectValue(
          clauseId,
          'how many of 10 concurrent revocations of one right report it newly revoked',
          revokes.filter((r) => keysOf(r, 'newlyRevokedRights').length > 0).length,
          1,
        );
        const after = await getUser(context, admin, id);
        expectValue(clauseId, 'resourceVersion after rights changes', userIn(after).metadata?.resourceVersion, version, after);
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );
});
