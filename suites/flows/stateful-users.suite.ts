/**
 * Stateful property tests of user management over time (issue 27): sequences of user operations run against the target
 * and the sequence's own model of its users side by side; every exchange is also held by the engine against the worker's
 * users model (checks/user-model.ts).
 *
 * Every sequence, whatever the seed and `--cases`, first runs one step of each variant (suites/support/coverage-sequence.ts:
 * fast-check may still shrink them away): a create with every optional field (primary party, annotations, rights of each
 * kind, primaryPartyAuthentication, identityProviderId) and a bare one (the id only); an update under each mask path
 * (primary_party, is_deactivated, metadata.annotations with a removal, metadata with the current resourceVersion,
 * primary_party_authentication, identity_provider_id), also of a deactivated user; grants and revocations; the user read
 * back; every user listed in pages of one and of two, and without a page size; a delete and a create again under the same
 * id; a user created deactivated (reads, and writes to distinct users, at once). Then one to four random operations of any kind.
 *
 * After each change to a user, the sequence reads `GET /v2/authenticated-user` with a token minted for that user (where the
 * auth provider mints: hs256, rs256, es256) beside the user's read-back, and holds the answer to the model: an active user
 * sees its record as the model has it; a deactivated or deleted user is refused (401 or 403). Where tokens cannot be
 * minted, that step's clause is waived with the reason, not left out silently.
 *
 * A failure is shrunk by fast-check to the shortest sequence that shows it and printed as a script with the seed;
 * `ledger-conformance replay <test id>` reruns it. Budget: `--cases` / 25 sequences (at least two), run concurrently, each
 * with its own users (ids that sort first, so small pages reach them on any node).
 */
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { freshId } from '../../generators/index.js';
import { coverage } from '../support/coverage-sequence.js';
import { runModelSequence } from '../support/model-sequence.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonObject } from '../../specification/json.js';
import type { JsonObject } from '../support/ledger.js';

const CLAUSE = 'canton.model.stateful-sequence';
const AUTHENTICATED = 'canton.model.users-authenticated-user';
const PARTIES = ['alice', 'bob', 'bank', 'carol'] as const;
type Party = (typeof PARTIES)[number];

/** A right the sequence grants: a kind, with a party for the per-party kinds. */
interface RightSpec {
  kind: 'CanActAs' | 'CanReadAs' | 'CanExecuteAs' | 'CanReadAsAnyParty';
  party?: Party;
}

interface UserState {
  primaryParty: string;
  isDeactivated: boolean;
  primaryPartyAuthentication: boolean;
  annotations: Record<string, string>;
  /** Rights as `Kind party` or `Kind` (the engine's users model compares them alike). */
  rights: Set<string>;
  /** The resourceVersion the last answer about the user showed. */
  resourceVersion: string | undefined;
}

interface UsersModel {
  users: Map<number, UserState>;
}

interface UsersReal {
  context: ConformanceContext;
  admin: string;
  /** This sequence's user ids, by index. */
  prefix: string;
  /** Whether tokens can be minted for the sequence's users (authenticated-user is read after each change). */
  mints: boolean;
  log: string[];
}

type Json = Record<string, unknown>;

const rightBody = (context: ConformanceContext, right: RightSpec): JsonObject => ({
  kind: { [right.kind]: { value: right.party === undefined ? {} : { party: context.party(right.party) } } },
});
const rightKey = (context: ConformanceContext, right: RightSpec): string =>
  right.party === undefined ? right.kind : `${right.kind} ${context.party(right.party)}`;
const showRight = (right: RightSpec): string => (right.party === undefined ? right.kind : `${right.kind}(${right.party})`);
const userId = (real: UsersReal, index: number): string => `${real.prefix}-${index}`;

function agree(condition: boolean, detail: string, response?: ClientResponse): asserts condition {
  agreesWithModel(CLAUSE, condition, detail, response);
}

const bodyOf = (response: ClientResponse): Json | undefined => parseJsonObject(response.text);

function rightKeyOf(right: unknown): string {
  const kind = ((right as Json | undefined)?.['kind'] ?? {}) as Json;
  const [name, inner] = Object.entries(kind)[0] ?? ['?', {}];
  const party = ((inner as Json | undefined)?.['value'] as Json | undefined)?.['party'];
  return typeof party === 'string' && party !== '' ? `${name} ${party}` : name;
}

const sortedEntries = (record: Record<string, unknown>): string =>
  JSON.stringify(Object.entries(record).sort(([left], [right]) => left.localeCompare(right)));

/** Where a shown user record differs from the model's (empty: it agrees). */
function differences(state: UserState, id: string, user: Json | undefined): string[] {
  if (user === undefined) return ['no user record'];
  const metadata = (user['metadata'] as Json | undefined) ?? {};
  const shown = {
    id: user['id'],
    primaryParty: user['primaryParty'] ?? '',
    isDeactivated: user['isDeactivated'] ?? false,
    primaryPartyAuthentication: user['primaryPartyAuthentication'] ?? false,
    identityProviderId: user['identityProviderId'] ?? '',
    annotations: sortedEntries((metadata['annotations'] as Record<string, unknown> | undefined) ?? {}),
  };
  const expected = {
    id,
    primaryParty: state.primaryParty,
    isDeactivated: state.isDeactivated,
    primaryPartyAuthentication: state.primaryPartyAuthentication,
    identityProviderId: '',
    annotations: sortedEntries(state.annotations),
  };
  const out: string[] = [];
  for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
    if (shown[key] !== expected[key]) out.push(`${key}: the model expects ${String(expected[key])}, shown ${String(shown[key])}`);
  }
  return out;
}

abstract class UserCommand implements fc.AsyncCommand<UsersModel, UsersReal> {
  check = (): boolean => true;
  abstract run(model: UsersModel, real: UsersReal): Promise<void>;
  abstract toString(): string;
  /** The answer is what the model expects of a user that exists (200) or not (404 USER_NOT_FOUND). */
  protected expect(exists: boolean, response: ClientResponse): void {
    agree(
      exists ? response.status === 200 : response.status === 404,
      `${this.toString()}: the model expects ${exists ? '200' : '404 USER_NOT_FOUND'}, the target answered ${response.status}`,
      response,
    );
  }
}

/**
 * The user as the model has it, read back by the admin (GET /v2/users/{id}) and, where tokens are minted, as the user itself
 * (GET /v2/authenticated-user), at once: an active user sees its record; a deactivated or deleted one is refused.
 */
async function readBack(model: UsersModel, real: UsersReal, index: number, step: string, idpQuery = false): Promise<void> {
  const { context } = real;
  const id = userId(real, index);
  const state = model.users.get(index);
  const query = idpQuery ? { 'identity-provider-id': '' } : undefined;
  const [read, self] = await Promise.all([
    context.send({ endpoint: 'users.get', params: { 'user-id': id }, user: real.admin, ...(query ? { query } : {}) }),
    real.mints
      ? context.tokens
          .mint({ userId: id })
          .then((token) => context.send({ endpoint: 'authenticated-user', token, ...(query ? { query } : {}) }))
      : Promise.resolve(undefined),
  ]);
  if (state === undefined) {
    agree(read.status === 404, `${step}: the model expects user #${index} gone (404 USER_NOT_FOUND); read ${read.status}`, read);
  } else {
    const user = bodyOf(read)?.['user'] as Json | undefined;
    const wrong = read.status === 200 ? differences(state, id, user) : [`status ${read.status}`];
    agree(wrong.length === 0, `${step}: user #${index} read back disagrees with the model: ${wrong.join('; ')}`, read);
    const version = (user?.['metadata'] as Json | undefined)?.['resourceVersion'];
    if (typeof version === 'string') state.resourceVersion = version;
  }
  if (self === undefined) return;
  if (state === undefined || state.isDeactivated) {
    agreesWithModel(
      AUTHENTICATED,
      self.status === 401 || self.status === 403,
      `${step}: authenticated-user with a token of user #${index}, which is ${state === undefined ? 'deleted' : 'deactivated'}: the model expects a refusal (401 or 403); answered ${self.status} ${self.text.slice(0, 200)}`,
      self,
    );
    return;
  }
  const wrong = self.status === 200 ? differences(state, id, bodyOf(self)?.['user'] as Json | undefined) : [`status ${self.status}`];
  agreesWithModel(
    AUTHENTICATED,
    wrong.length === 0,
    `${step}: authenticated-user with a token of user #${index} disagrees with the model: ${wrong.join('; ')}`,
    self,
  );
}

interface CreateSpec {
  /** Only the id is sent: no primary party, metadata, deactivation, identity provider or rights. */
  bare: boolean;
  party: Party | undefined;
  annotations: Record<string, string>;
  rights: RightSpec[];
  deactivated: boolean;
  authentication: boolean;
}

class CreateUser extends UserCommand {
  constructor(
    readonly index: number,
    readonly spec: CreateSpec,
  ) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const { spec } = this;
    const state: UserState = spec.bare
      ? {
          primaryParty: '',
          isDeactivated: false,
          primaryPartyAuthentication: false,
          annotations: {},
          rights: new Set(),
          resourceVersion: undefined,
        }
      : {
          primaryParty: spec.party === undefined ? '' : context.party(spec.party),
          isDeactivated: spec.deactivated,
          primaryPartyAuthentication: spec.authentication,
          annotations: { ...spec.annotations },
          rights: new Set(spec.rights.map((right) => rightKey(context, right))),
          resourceVersion: undefined,
        };
    const id = userId(real, this.index);
    const response = await context.send({
      endpoint: 'users.create',
      user: real.admin,
      body: spec.bare
        ? { user: { id }, rights: [] }
        : {
            user: {
              id,
              primaryParty: state.primaryParty,
              isDeactivated: spec.deactivated,
              primaryPartyAuthentication: spec.authentication,
              metadata: { resourceVersion: '', annotations: state.annotations },
              identityProviderId: '',
            },
            rights: spec.rights.map((right) => rightBody(context, right)),
          },
    });
    const exists = model.users.has(this.index);
    agree(
      exists ? response.status === 409 : response.status === 200,
      `${this.toString()}: the model expects ${exists ? '409 USER_ALREADY_EXISTS' : '200'}, the target answered ${response.status}`,
      response,
    );
    if (exists) return;
    const wrong = differences(state, id, bodyOf(response)?.['user'] as Json | undefined);
    agree(wrong.length === 0, `${this.toString()}: the answer disagrees with the request: ${wrong.join('; ')}`, response);
    model.users.set(this.index, state);
    await Promise.all([readBack(model, real, this.index, this.toString()), readRights(model, real, this.index, this.toString())]);
  }
  toString(): string {
    const { spec } = this;
    if (spec.bare) return `create user #${this.index} with its id only`;
    return (
      `create user #${this.index} primaryParty=${spec.party ?? '-'} annotations=${JSON.stringify(spec.annotations)} ` +
      `rights=[${spec.rights.map(showRight).join(',')}] isDeactivated=${spec.deactivated} primaryPartyAuthentication=${spec.authentication}`
    );
  }
}

type MaskPath =
  'primary_party' | 'is_deactivated' | 'metadata.annotations' | 'metadata' | 'primary_party_authentication' | 'identity_provider_id';
const MASK_PATHS: readonly MaskPath[] = [
  'primary_party',
  'is_deactivated',
  'metadata.annotations',
  'metadata',
  'primary_party_authentication',
  'identity_provider_id',
];

interface UpdateSpec {
  paths: MaskPath[];
  party: Party;
  deactivated: boolean;
  authentication: boolean;
  /** Annotations sent: a key with an empty value removes it. */
  annotations: Record<string, string>;
  /** Send the resourceVersion the model last saw (the current one: the sequence's users are its own). */
  withVersion: boolean;
}

class UpdateUser extends UserCommand {
  constructor(
    readonly index: number,
    readonly spec: UpdateSpec,
  ) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const { spec } = this;
    const id = userId(real, this.index);
    const state = model.users.get(this.index);
    // Every field is sent; only those the mask names may change.
    const response = await context.send({
      endpoint: 'users.update',
      params: { 'user-id': id },
      user: real.admin,
      body: {
        user: {
          id,
          primaryParty: context.party(spec.party),
          isDeactivated: spec.deactivated,
          primaryPartyAuthentication: spec.authentication,
          identityProviderId: '',
          metadata: {
            annotations: spec.annotations,
            ...(spec.withVersion && state?.resourceVersion !== undefined ? { resourceVersion: state.resourceVersion } : {}),
          },
        },
        updateMask: { paths: spec.paths },
      },
    });
    const named = new Set(spec.paths);
    // Canton's update-path trie may not know identity_provider_id (the identity provider has its own route): a refusal of
    // the path (INVALID_USER_UPDATE_REQUEST) is accepted as well as an update that leaves the identity provider as it is;
    // either way nothing changed unless answered 200, and the read-back holds it.
    if (state !== undefined && named.has('identity_provider_id') && response.status === 400) {
      agree(
        response.text.includes('INVALID_USER_UPDATE_REQUEST'),
        `${this.toString()}: the model expects 200, or 400 INVALID_USER_UPDATE_REQUEST for the identity_provider_id path; answered ${response.status} ${response.text.slice(0, 200)}`,
        response,
      );
      real.log.push('  (the node refused the identity_provider_id path: nothing changed)');
      await readBack(model, real, this.index, this.toString());
      return;
    }
    this.expect(state !== undefined, response);
    if (state === undefined) return;
    if (named.has('primary_party')) state.primaryParty = context.party(spec.party);
    if (named.has('is_deactivated')) state.isDeactivated = spec.deactivated;
    if (named.has('primary_party_authentication')) state.primaryPartyAuthentication = spec.authentication;
    if (named.has('metadata.annotations') || (named.has('metadata') && Object.keys(spec.annotations).length > 0)) {
      for (const [key, value] of Object.entries(spec.annotations)) {
        if (value === '') delete state.annotations[key];
        else state.annotations[key] = value;
      }
    }
    const wrong = differences(state, id, bodyOf(response)?.['user'] as Json | undefined);
    agree(wrong.length === 0, `${this.toString()}: the answer disagrees with the model: ${wrong.join('; ')}`, response);
    await readBack(model, real, this.index, this.toString());
  }
  toString(): string {
    const { spec } = this;
    return (
      `update user #${this.index} mask=[${spec.paths.join(',')}] primaryParty=${spec.party} isDeactivated=${spec.deactivated} ` +
      `primaryPartyAuthentication=${spec.authentication} annotations=${JSON.stringify(spec.annotations)}${spec.withVersion ? ' with its resourceVersion' : ''}`
    );
  }
}

/** The user's rights read back (GET /v2/users/{id}/rights) against the model's. */
async function readRights(model: UsersModel, real: UsersReal, index: number, step: string): Promise<void> {
  const state = model.users.get(index);
  if (state === undefined) return;
  const read = await real.context.send({ endpoint: 'users.rights', params: { 'user-id': userId(real, index) }, user: real.admin });
  const shown = ((bodyOf(read)?.['rights'] as unknown[] | undefined) ?? []).map(rightKeyOf);
  agree(
    read.status === 200 && [...new Set(shown)].sort().join() === [...state.rights].sort().join(),
    `${step}: the model expects the rights [${[...state.rights].join(', ')}] of user #${index}; read ${read.status} [${shown.join(', ')}]`,
    read,
  );
}

class ChangeRights extends UserCommand {
  constructor(
    readonly index: number,
    readonly revoke: boolean,
    readonly rights: RightSpec[],
  ) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const id = userId(real, this.index);
    const state = model.users.get(this.index);
    const response = await context.send({
      endpoint: this.revoke ? 'users.revoke-rights' : 'users.grant-rights',
      params: { 'user-id': id },
      user: real.admin,
      body: { userId: id, rights: this.rights.map((right) => rightBody(context, right)), identityProviderId: '' },
    });
    this.expect(state !== undefined, response);
    if (state === undefined) return;
    for (const right of this.rights) {
      if (this.revoke) state.rights.delete(rightKey(context, right));
      else state.rights.add(rightKey(context, right));
    }
    await Promise.all([readRights(model, real, this.index, this.toString()), readBack(model, real, this.index, this.toString())]);
  }
  toString(): string {
    return `${this.revoke ? 'revoke' : 'grant'} [${this.rights.map(showRight).join(',')}] for user #${this.index}`;
  }
}

class DeleteUser extends UserCommand {
  constructor(readonly index: number) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    const response = await real.context.send({
      endpoint: 'users.delete',
      params: { 'user-id': userId(real, this.index) },
      user: real.admin,
    });
    this.expect(model.users.has(this.index), response);
    model.users.delete(this.index);
    await readBack(model, real, this.index, this.toString());
  }
  toString(): string {
    return `delete user #${this.index}`;
  }
}

class GetUser extends UserCommand {
  constructor(
    readonly index: number,
    readonly idpQuery: boolean,
  ) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    await readBack(model, real, this.index, this.toString(), this.idpQuery);
  }
  toString(): string {
    return `read user #${this.index}${this.idpQuery ? ' with identity-provider-id=""' : ''}, also as itself`;
  }
}

const MAX_USER_PAGES = 50;
/** How many pages a listing reads at its drawn size at least before the pages grow (also until it passed the sequence's users). */
const SMALL_PAGES = 2;

class ListUsers extends UserCommand {
  /** undefined: no pageSize is sent (the node's default). */
  constructor(readonly pageSize: number | undefined) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    real.log.push(this.toString());
    const seen: string[] = [];
    let pageToken = '';
    let last: ClientResponse | undefined;
    const mineSorted = [...model.users.keys()].map((index) => userId(real, index)).sort();
    for (let page = 0; page < MAX_USER_PAGES; page++) {
      // Small pages until the listing has passed the sequence's own users (ids are listed in order) and for two pages at
      // least, then each twice the one before: page boundaries fall on the sequence's users, in a bounded number of pages.
      const passed = mineSorted.every((id) => seen.includes(id)) || seen.some((id) => id > (mineSorted.at(-1) ?? ''));
      const small = page < SMALL_PAGES || !passed;
      const size =
        this.pageSize === undefined ? undefined : small ? this.pageSize : this.pageSize * 2 ** Math.min(10, page - SMALL_PAGES + 1);
      const query: Record<string, string> = {};
      if (size !== undefined) query.pageSize = String(size);
      if (pageToken !== '') query.pageToken = pageToken;
      last = await real.context.send({ endpoint: 'users.list', user: real.admin, query });
      if (last.status !== 200) break;
      const body = bodyOf(last) ?? {};
      seen.push(...((body['users'] as Json[] | undefined) ?? []).map((user) => String(user['id'])));
      pageToken = typeof body['nextPageToken'] === 'string' ? body['nextPageToken'] : '';
      if (pageToken === '') break;
    }
    // A node with more users than the pages read holds leaves some unlisted: the sequence's own may be among them.
    if (last?.status === 200 && pageToken !== '') {
      recordInconclusive(
        'stateful_consistency',
        CLAUSE,
        `${this.toString()}: a page token remained after ${MAX_USER_PAGES} pages; the listing is not judged`,
        last,
      );
      return;
    }
    const mine = seen.filter((id) => id.startsWith(`${real.prefix}-`)).sort();
    agree(
      last?.status === 200 && mine.join() === mineSorted.join(),
      `${this.toString()}: the model expects the sequence's users [${mineSorted.join(', ')}] each once; the pages listed [${mine.join(', ')}] (last page ${last?.status ?? '-'})`,
      last,
    );
  }
  toString(): string {
    return this.pageSize === undefined ? 'list every user, pages of the default size' : `list every user, ${this.pageSize} a page`;
  }
}

const party = fc.constantFrom(...PARTIES);
const userIndex = fc.nat(2);
const right: fc.Arbitrary<RightSpec> = fc.oneof(
  fc.record({ kind: fc.constantFrom('CanActAs' as const, 'CanReadAs' as const, 'CanExecuteAs' as const), party }),
  fc.constant({ kind: 'CanReadAsAnyParty' as const }),
);
const rights = fc.uniqueArray(right, { maxLength: 3, selector: (each) => `${each.kind} ${each.party ?? ''}` });
const annotationKey = fc.constantFrom('note', 'conformance.example.com/tag', 'k');
const annotations = fc.dictionary(annotationKey, fc.constantFrom('a', 'b', 'x'), { maxKeys: 2 });
/** Sent in an update: a key with '' removes it. */
const updateAnnotations = fc.dictionary(annotationKey, fc.constantFrom('a', 'y', ''), { maxKeys: 2 });
const createSpec = (over: Partial<CreateSpec> = {}): fc.Arbitrary<CreateSpec> =>
  fc
    .record({
      bare: fc.boolean(),
      party: fc.option(party, { nil: undefined }),
      annotations,
      rights,
      deactivated: fc.boolean(),
      authentication: fc.boolean(),
    })
    .map((spec) => ({ ...spec, ...over }));
const updateSpec = (paths: fc.Arbitrary<MaskPath[]>, over: Partial<UpdateSpec> = {}): fc.Arbitrary<UpdateSpec> =>
  fc
    .record({
      paths,
      party,
      deactivated: fc.boolean(),
      authentication: fc.boolean(),
      annotations: updateAnnotations,
      withVersion: fc.boolean(),
    })
    .map((spec) => ({ ...spec, ...over }));
/** One to three distinct mask paths, never `metadata` beside `metadata.annotations`. */
const maskPaths = fc
  .uniqueArray(fc.constantFrom(...MASK_PATHS), { minLength: 1, maxLength: 3 })
  .map((paths) =>
    paths.includes('metadata') && paths.includes('metadata.annotations') ? paths.filter((path) => path !== 'metadata') : paths,
  );

type Step = UserCommand;
const create = (index: number, over: Partial<CreateSpec>): fc.Arbitrary<Step> =>
  createSpec(over).map((spec) => new CreateUser(index, spec));
const update = (index: number, paths: MaskPath[], over: Partial<UpdateSpec> = {}): fc.Arbitrary<Step> =>
  updateSpec(fc.constant(paths), over).map((spec) => new UpdateUser(index, spec));

/** Steps sent at once (reads, or writes to distinct users): one step of the chain of requests. */
class Together extends UserCommand {
  constructor(readonly steps: UserCommand[]) {
    super();
  }
  async run(model: UsersModel, real: UsersReal): Promise<void> {
    await Promise.all(this.steps.map((step) => step.run(model, real)));
  }
  toString(): string {
    return `at once: ${this.steps.map(String).join('; ')}`;
  }
}

/**
 * One step of each variant, in an order where each reaches its case: user #0 created with every field and rights, #1 with
 * its id only; #0 updated under each mask path, deactivated, its annotations changed while deactivated, rights granted
 * and revoked, reactivated; every user listed in pages of one (#0 and #1 exist, nothing writes), #1 read; #0 deleted and
 * created again under its id (none of its old rights), #2 created deactivated; every user listed in pages of two and of the
 * default size.
 */
const coverageSteps = coverage<Step>([
  create(0, {
    bare: false,
    party: 'alice',
    annotations: { note: 'a', k: 'b' },
    rights: [
      { kind: 'CanActAs', party: 'alice' },
      { kind: 'CanReadAs', party: 'bob' },
    ],
    deactivated: false,
    authentication: true,
  }),
  create(1, { bare: true }),
  update(0, ['primary_party', 'primary_party_authentication'], { authentication: false }),
  update(0, ['metadata.annotations'], { annotations: { note: '', 'conformance.example.com/tag': 'y' } }),
  update(0, ['identity_provider_id']),
  update(0, ['metadata'], { withVersion: true, annotations: { k: 'y' } }),
  update(0, ['is_deactivated'], { deactivated: true }),
  update(0, ['metadata.annotations'], { annotations: { note: 'x' } }),
  fc.constant(new ChangeRights(0, false, [{ kind: 'CanReadAsAnyParty' }, { kind: 'CanExecuteAs', party: 'bank' }])),
  fc.constant(new ChangeRights(0, true, [{ kind: 'CanReadAs', party: 'bob' }])),
  update(0, ['is_deactivated'], { deactivated: false }),
  fc.boolean().map((idpQuery) => new Together([new ListUsers(1), new GetUser(1, idpQuery)])),
  fc.constant(new DeleteUser(0)),
  fc
    .tuple(create(0, { bare: false, rights: [], deactivated: false }), create(2, { bare: false, deactivated: true }))
    .map((steps) => new Together(steps)),
  fc.constant(new Together([new ListUsers(2), new ListUsers(undefined)])),
]);

const randomSteps = fc.array(
  fc.oneof(
    fc.record({ index: userIndex, spec: createSpec() }).map(({ index, spec }) => new CreateUser(index, spec) as Step),
    {
      weight: 2,
      arbitrary: fc.record({ index: userIndex, spec: updateSpec(maskPaths) }).map(({ index, spec }) => new UpdateUser(index, spec)),
    },
    fc
      .record({ index: userIndex, revoke: fc.boolean(), rights: rights.filter((each) => each.length > 0) })
      .map(({ index, revoke, rights: chosen }) => new ChangeRights(index, revoke, chosen)),
    userIndex.map((index) => new DeleteUser(index)),
    fc.record({ index: userIndex, idpQuery: fc.boolean() }).map(({ index, idpQuery }) => new GetUser(index, idpQuery)),
    fc.constantFrom(1, 2, 3, undefined).map((size) => new ListUsers(size)),
  ),
  { minLength: 1, maxLength: 4 },
);

conformanceSuite('flows / stateful users', () => {
  conformanceTest(
    {
      name: 'random sequences of user creates, masked updates, grants, revokes, deletes and paging agree with the model step by step',
      endpoint: 'users.update',
      // The users model's rules (checks/user-model.ts) are judged by the engine on these exchanges; declared here so a
      // target without user management has them skipped with this test's reason, not left uncovered.
      clauses: [
        CLAUSE,
        AUTHENTICATED,
        'canton.model.users-read-last-write',
        'canton.model.users-deleted-gone',
        'canton.model.users-rights',
        'canton.model.users-update-mask',
        'canton.model.users-paging',
      ],
      requires: ['userManagement', 'writes'],
    },
    async (context) => {
      const admin = context.userWhere('is a participant administrator (rights.admin)', (user) => user.rights.admin).id;
      const mints = context.tokens.canMint;
      if (!mints) {
        context.waive(
          [AUTHENTICATED],
          `the auth provider (${context.tokens.kind}) cannot mint a token for a user the sequence created (needs hs256, rs256 or es256): authenticated-user is not read after the sequence's changes`,
        );
      }
      await context.forAll(
        fc.tuple(coverageSteps, randomSteps),
        async ([covered, rest]) => {
          // Ids that sort before most others (a digit first), so the small pages of a listing reach them on any node.
          const real: UsersReal = { context, admin, prefix: freshId('0-stateful-user'), mints, log: [] };
          const model: UsersModel = { users: new Map() };
          try {
            await runModelSequence(context.seed, model, real, [...covered, ...rest]);
          } finally {
            // Every user the sequence created and left (the model's) is deleted, whatever the outcome.
            await Promise.all(
              [...model.users.keys()].map((index) =>
                context.send({ endpoint: 'users.delete', params: { 'user-id': userId(real, index) }, user: admin }),
              ),
            );
          }
        },
        { numRuns: Math.max(2, Math.round(context.cases / 25)) },
      );
    },
  );
});
