/**
 * The users part of the ledger model (canton profile): built only from the run's own user-management writes and their
 * answers, it holds every later read of a user the run created to them:
 * - a user read (get, or an entry of a list page) shows what the last write to it answered: primary party,
 *   deactivation, annotations, resource version, identity provider;
 * - a user the run deleted is USER_NOT_FOUND and no longer listed;
 * - a user's rights are those it was created with, plus those granted, less those revoked;
 * - an update answers the record before it with the fields its mask names from the request, and a resource version
 *   other than the one before (Canton moves it on every accepted update, not on grants or revocations).
 * A read is judged only when the last write to the user was answered before the read was sent and no other write to
 * it was under way meanwhile (concurrent writes may land in either order): the model states no order the node chooses.
 * A record is known only from a write that ran alone; rights are kept through races (grants and revocations of distinct
 * rights commute, and the run never races a grant against a revocation of one right).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClauseId } from '../specification/clauses.js';
import { matchEndpoint, type DescriptorName } from '../specification/endpoints.js';
import { parseJsonLossless } from '../specification/json.js';
import { judgeClauses, showValue, type ModelViolation } from './model-judgement.js';
import { requestJson, type ObservedExchange } from './response-checks.js';

type Json = Record<string, unknown>;

interface Write {
  sentAt: number;
  answeredAt: number;
  /** No answer says what it did (a timeout, a 5xx, a transport fault): it may have landed, so the record is unknown. */
  unknown?: true;
  /** The record after this write (null: deleted), and the rights after it (undefined: unknown). */
  record?: Json | null;
  rights?: ReadonlySet<string> | undefined;
}

interface TrackedUser {
  /** The record the last write answered, or undefined once deleted. */
  record: Json | undefined;
  /** When the user's record was last written, and every write to it (for overlaps). */
  writes: Write[];
  rights: Set<string> | undefined;
  rightsWrites: Write[];
}

type Violation = ModelViolation;

const USER_CLAUSES = [
  'canton.model.users-read-last-write',
  'canton.model.users-deleted-gone',
  'canton.model.users-rights',
  'canton.model.users-update-mask',
  'canton.model.users-paging',
  'canton.model.users-authenticated-user',
] as const;

/** The paths of a user update mask the model predicts (proto names), and the parent path that names annotations. */
const MASK_PATHS: Readonly<Record<string, string>> = {
  primary_party: 'primaryParty',
  is_deactivated: 'isDeactivated',
  primary_party_authentication: 'primaryPartyAuthentication',
  'metadata.annotations': 'annotations',
};
const OTHER_MASK_PATHS = new Set(['metadata', 'metadata.resource_version', 'identity_provider_id', 'id']);

/** A paging through the user list, from its first page on: when it began and the users its pages listed so far. */
interface Paging {
  firstSentAt: number;
  ids: Set<string>;
}

const show = showValue;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Json)
        .sort()
        .map((key) => [key, canonical((value as Json)[key])]),
    );
  }
  return value;
}

/** A right as a comparable key: its kind and party (`CanActAs <party>`, `CanReadAsAnyParty`). */
function rightKey(right: unknown): string {
  const kind = ((right as Json | undefined)?.['kind'] ?? {}) as Json;
  const [name, inner] = Object.entries(kind)[0] ?? ['?', {}];
  const party = ((inner as Json | undefined)?.['value'] as Json | undefined)?.['party'];
  return typeof party === 'string' && party !== '' ? `${name} ${party}` : name;
}

const rightsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(rightKey) : []);

/** The fields of a user record the model compares (the ones a write sets). */
function fieldsOf(user: Json): Json {
  const metadata = (user['metadata'] as Json | undefined) ?? {};
  return {
    primaryParty: user['primaryParty'] ?? '',
    isDeactivated: user['isDeactivated'] ?? false,
    annotations: canonical(metadata['annotations'] ?? {}),
    resourceVersion: metadata['resourceVersion'] ?? '',
    identityProviderId: user['identityProviderId'] ?? '',
  };
}

/**
 * Whether the read sent at `sentAt` must show what the last write answered before it: no write overlaps the read and,
 * when `isolated`, none overlapped that last write either. Writes under way together may be applied in any order, and
 * their answers may come back in another (a slow link delays each differently): the last answer to arrive need not be
 * the last write applied, so after such a race the record is unknown until the next write that ran alone.
 */
function settled(writes: readonly Write[], sentAt: number, answeredAt: number, isolated: boolean): Write | undefined {
  const before = writes.filter((write) => write.answeredAt < sentAt);
  if (before.length === 0) return undefined;
  const last = before.reduce((latest, write) => (write.answeredAt > latest.answeredAt ? write : latest));
  if (writes.some((write) => write.answeredAt > last.answeredAt && write.sentAt < answeredAt)) return undefined;
  if (isolated && last.unknown === true) return undefined;
  if (isolated && writes.some((write) => write !== last && write.sentAt < last.answeredAt && write.answeredAt > last.sentAt))
    return undefined;
  return last;
}

const WRITES = new Set<string>(['users.create', 'users.update', 'users.delete', 'users.grant-rights', 'users.revoke-rights']);

export class UserModel {
  private readonly users = new Map<string, TrackedUser>();
  /** The record writes of the test being judged (see applyAll). */
  private testWrites: { exchange: ObservedExchange; sentAt: number; answeredAt: number }[] = [];

  /**
   * Learns every write of a test's exchanges first, then judges its reads: a write sent before a read was answered but
   * answered after it (another property case's, say) still counts as racing that read, whatever order the answers came in.
   */
  applyAll(exchanges: readonly ObservedExchange[]): boolean {
    const isWrite = (exchange: ObservedExchange) =>
      WRITES.has(exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path) ?? '');
    let applied = false;
    const ordered = [...exchanges].sort((left, right) => (left.answeredAt ?? 0) - (right.answeredAt ?? 0));
    // Every record write of the test, answered or not yet learned: an update racing one of them is not predicted.
    this.testWrites = ordered
      .filter((exchange) =>
        ['users.update', 'users.delete', 'users.create'].includes(
          exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path) ?? '',
        ),
      )
      .map((exchange) => ({ exchange, sentAt: exchange.sentAt ?? 0, answeredAt: exchange.answeredAt ?? 0 }));
    for (const exchange of ordered) if (isWrite(exchange)) applied = this.apply(exchange) || applied;
    for (const exchange of ordered) if (!isWrite(exchange)) applied = this.apply(exchange) || applied;
    return applied;
  }

  /** Learns from or judges one exchange; returns whether the model applied to it. */
  apply(exchange: ObservedExchange): boolean {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
    if (descriptor === 'authenticated-user') return this.authenticated(exchange, parsed(exchange.response.text));
    if (descriptor === undefined || !descriptor.startsWith('users.')) return false;
    const { response } = exchange;
    const sentAt = exchange.sentAt ?? 0;
    const answeredAt = exchange.answeredAt ?? 0;
    const body = parsed(response.text);
    const userId = decodeURIComponent(exchange.path.split('/')[3] ?? '');
    const ok = response.status === 200 && body !== undefined;
    switch (descriptor as DescriptorName) {
      case 'users.create': {
        const user = (body?.['user'] as Json | undefined) ?? undefined;
        if (!ok || user === undefined || typeof user['id'] !== 'string') return false;
        const request = requestJson(exchange) as Json | undefined;
        const rights = new Set(rightsOf(request?.['rights']));
        const write: Write = { sentAt, answeredAt, record: user, rights: new Set(rights) };
        const tracked = this.users.get(user['id']);
        if (tracked === undefined) this.users.set(user['id'], { record: user, writes: [write], rights, rightsWrites: [write] });
        else
          Object.assign(tracked, {
            record: user,
            rights,
            writes: [...tracked.writes, write],
            rightsWrites: [...tracked.rightsWrites, write],
          });
        return false;
      }
      case 'users.update': {
        const judged = this.predictUpdate(userId, exchange, body, sentAt, answeredAt);
        this.write(descriptor as DescriptorName, userId, exchange, body, sentAt, answeredAt);
        return judged;
      }
      case 'users.delete':
      case 'users.grant-rights':
      case 'users.revoke-rights':
        this.write(descriptor as DescriptorName, userId, exchange, body, sentAt, answeredAt);
        return false;
      case 'users.get':
        return this.read(exchange, userId, body, sentAt, answeredAt);
      case 'users.list': {
        if (!ok) return false;
        const listed = this.list(exchange, body, sentAt, answeredAt);
        return this.paging(exchange, body, sentAt, answeredAt) || listed;
      }
      case 'users.rights':
        return ok ? this.rights(exchange, userId, body, sentAt, answeredAt) : false;
      default:
        return false;
    }
  }

  private write(
    descriptor: DescriptorName,
    userId: string,
    exchange: ObservedExchange,
    body: Json | undefined,
    sentAt: number,
    answeredAt: number,
  ): void {
    const tracked = this.users.get(userId);
    if (tracked === undefined) return;
    // A definite refusal (a 4xx other than a timeout or back-pressure) changed nothing: it is no write to order.
    const status = exchange.response.status;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return;
    const answered = status === 200 && (descriptor !== 'users.update' || body?.['user'] !== undefined);
    const write: Write = answered ? { sentAt, answeredAt } : { sentAt, answeredAt, unknown: true };
    const rightsWrite = descriptor === 'users.grant-rights' || descriptor === 'users.revoke-rights' || descriptor === 'users.delete';
    // A write whose outcome is unknown (no 200) may still have landed: it overlaps whatever it overlaps.
    if (descriptor !== 'users.grant-rights' && descriptor !== 'users.revoke-rights') tracked.writes.push(write);
    if (rightsWrite) tracked.rightsWrites.push(write);
    if (status !== 200) {
      tracked.rights = undefined;
      write.rights = undefined;
      return;
    }
    if (descriptor === 'users.update') {
      const user = body?.['user'] as Json | undefined;
      if (user !== undefined) tracked.record = user;
    } else if (descriptor === 'users.delete') {
      tracked.record = undefined;
      tracked.rights = new Set();
    } else if (tracked.rights !== undefined) {
      const rights = rightsOf((requestJson(exchange) as Json | undefined)?.['rights']);
      for (const right of rights) {
        if (descriptor === 'users.grant-rights') tracked.rights.add(right);
        else tracked.rights.delete(right);
      }
    }
    write.record = tracked.record ?? null;
    write.rights = tracked.rights === undefined ? undefined : new Set(tracked.rights);
  }

  /**
   * An update answered 200 on a user whose record the model knows (the last write before it ran alone, none races it): the
   * answer is that record with the fields the mask names taken from the request, as Canton's update mapper does (a path
   * named exactly sets the field, also to its default; `metadata` sets the annotations unless they are empty), annotations
   * merged into the old ones (an empty value removes its key), every other field unchanged.
   */
  private predictUpdate(userId: string, exchange: ObservedExchange, body: Json | undefined, sentAt: number, answeredAt: number): boolean {
    const tracked = this.users.get(userId);
    const answer = body?.['user'] as Json | undefined;
    if (tracked === undefined || exchange.response.status !== 200 || answer === undefined) return false;
    const last = settled(tracked.writes, sentAt, answeredAt, true);
    const concurrent =
      tracked.writes.some((write) => write.sentAt < answeredAt && write.answeredAt > sentAt) ||
      this.testWrites.some(
        (write) =>
          write.exchange !== exchange &&
          decodeURIComponent(write.exchange.path.split('/')[3] ?? '') === userId &&
          write.sentAt < answeredAt &&
          write.answeredAt > sentAt,
      );
    if (last?.record === undefined || last.record === null || concurrent) return false;
    const request = requestJson(exchange) as Json | undefined;
    const paths = ((request?.['updateMask'] as Json | undefined)?.['paths'] ?? []) as unknown[];
    const sent = (request?.['user'] as Json | undefined) ?? {};
    if (paths.length === 0 || !paths.every((path) => typeof path === 'string' && (path in MASK_PATHS || OTHER_MASK_PATHS.has(path))))
      return false;
    const named = new Set(paths as string[]);
    const before = fieldsOf(last.record);
    const expected: Json = {
      primaryParty: before['primaryParty'],
      isDeactivated: before['isDeactivated'],
      annotations: before['annotations'],
    };
    if (named.has('primary_party')) expected['primaryParty'] = sent['primaryParty'] ?? '';
    if (named.has('is_deactivated')) expected['isDeactivated'] = sent['isDeactivated'] ?? false;
    const sentAnnotations = (((sent['metadata'] as Json | undefined)?.['annotations'] ?? {}) as Record<string, unknown>) ?? {};
    if (named.has('metadata.annotations') || (named.has('metadata') && Object.keys(sentAnnotations).length > 0)) {
      const merged: Record<string, unknown> = { ...(before['annotations'] as Record<string, unknown>) };
      for (const [key, value] of Object.entries(sentAnnotations)) {
        if (value === '') delete merged[key];
        else merged[key] = value;
      }
      expected['annotations'] = canonical(merged);
    }
    const actual = fieldsOf(answer);
    const violations: Violation[] = [];
    for (const field of Object.keys(expected)) {
      if (isDeepStrictEqual(expected[field], actual[field])) continue;
      violations.push({
        clause: 'canton.model.users-update-mask',
        path: `$.user.${field === 'annotations' ? 'metadata.annotations' : field}`,
        expected: `${show(expected[field])}: the record before the update (${show(before[field])}) with the fields the mask [${[...named].join(', ')}] names from the request`,
        actual: actual[field],
      });
    }
    // The resource version moves on every update answered 200, whatever fields the mask names (also none that changes
    // anything): Canton's updateUser starts by increasing it (compareAndIncreaseResourceVersion with the version sent,
    // increaseResourceVersion without), before it applies the annotations, deactivation, primary party and authentication.
    // Grants and revocations do not touch it (they are no record writes here, so a read after them expects the version the
    // last update answered). Source: community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/
    // localstore/PersistentUserManagementStore.scala (updateUser, step 1; grantRights, revokeRights), and the same in
    // InMemoryUserManagementStore.scala (currentResourceVersion + 1), Canton 3.5.
    if (before['resourceVersion'] !== '' && isDeepStrictEqual(before['resourceVersion'], actual['resourceVersion']))
      violations.push({
        clause: 'canton.model.users-update-mask',
        path: '$.user.metadata.resourceVersion',
        expected: `a version other than ${show(before['resourceVersion'])} (the record before the update): every accepted update moves it, whatever its mask [${[...named].join(', ')}] names`,
        actual: actual['resourceVersion'],
      });
    this.judge(exchange, new Set(['canton.model.users-update-mask']), violations);
    return true;
  }

  /** Pagings through the user list under way, by the page token that continues each. */
  private readonly pagings = new Map<string, Paging>();

  /**
   * A paging through every user (first page without a token, each next page with the token the one before answered): once
   * its last page is answered, every user the run created that existed throughout it, with no write to it meanwhile, was on
   * one of its pages. The order of the pages is the node's: only the union is judged.
   */
  private paging(exchange: ObservedExchange, body: Json | undefined, sentAt: number, answeredAt: number): boolean {
    let token: string;
    try {
      token = new URL(exchange.response.request.url).searchParams.get('pageToken') ?? '';
    } catch {
      return false;
    }
    const paging = token === '' ? { firstSentAt: sentAt, ids: new Set<string>() } : this.pagings.get(token);
    if (paging === undefined) return false;
    this.pagings.delete(token);
    const listed = Array.isArray(body?.['users']) ? (body['users'] as Json[]) : [];
    for (const user of listed) if (typeof user?.['id'] === 'string') paging.ids.add(user['id']);
    const next = body?.['nextPageToken'];
    if (typeof next === 'string' && next !== '') {
      this.pagings.set(next, paging);
      if (this.pagings.size > 1_000) this.pagings.delete(this.pagings.keys().next().value as string);
      return false;
    }
    // Judged only with evidence: a user the run created that existed throughout the paging, with no write to it meanwhile.
    const missing: string[] = [];
    let held = 0;
    for (const [id, tracked] of this.users) {
      const last = settled(tracked.writes, paging.firstSentAt, answeredAt, true);
      const touched = tracked.writes.some((write) => write.sentAt < answeredAt && write.answeredAt > paging.firstSentAt);
      if (last?.record === undefined || last.record === null || last.unknown === true || touched) continue;
      held += 1;
      if (!paging.ids.has(id)) missing.push(id);
    }
    if (held === 0) return false;
    this.judge(
      exchange,
      new Set(['canton.model.users-paging']),
      missing.length === 0
        ? []
        : [
            {
              clause: 'canton.model.users-paging',
              path: '$.users',
              expected: `every user that existed throughout the paging on one of its pages, also ${missing.join(', ')}`,
              actual: `${paging.ids.size} users on the pages`,
            },
          ],
    );
    return true;
  }

  private judge(exchange: ObservedExchange, judged: ReadonlySet<ClauseId>, violations: readonly Violation[]): void {
    // Its failures have always said "the ledger model": the users are part of the ledger the run holds.
    judgeClauses(
      'ledger',
      USER_CLAUSES.filter((clause) => judged.has(clause)),
      violations,
      exchange.response,
    );
  }

  private compare(record: Json | null | undefined, user: Json, path: string, violations: Violation[]): void {
    if (record === undefined) return;
    if (record === null) {
      violations.push({
        clause: 'canton.model.users-deleted-gone',
        path,
        expected: 'no such user: the run deleted it',
        actual: user['id'],
      });
      return;
    }
    const expected = fieldsOf(record);
    const actual = fieldsOf(user);
    for (const field of Object.keys(expected)) {
      if (!isDeepStrictEqual(expected[field], actual[field])) {
        violations.push({
          clause: 'canton.model.users-read-last-write',
          path: `${path}.${field === 'annotations' || field === 'resourceVersion' ? `metadata.${field}` : field}`,
          expected: `${show(expected[field])}, what the last write to the user answered`,
          actual: actual[field],
        });
      }
    }
  }

  private read(exchange: ObservedExchange, userId: string, body: Json | undefined, sentAt: number, answeredAt: number): boolean {
    const tracked = this.users.get(userId);
    const last = tracked === undefined ? undefined : settled(tracked.writes, sentAt, answeredAt, true);
    if (last?.record === undefined) return false;
    const violations: Violation[] = [];
    const status = exchange.response.status;
    if (last.record === null) {
      if (status === 200)
        violations.push({
          clause: 'canton.model.users-deleted-gone',
          path: '$.user',
          expected: 'USER_NOT_FOUND: the run deleted the user',
          actual: body?.['user'],
        });
      else if (status !== 404) return false;
      this.judge(exchange, new Set(['canton.model.users-deleted-gone']), violations);
      return true;
    }
    const user = body?.['user'] as Json | undefined;
    if (status !== 200 || user === undefined) return false;
    this.compare(last.record, user, '$.user', violations);
    this.judge(exchange, new Set(['canton.model.users-read-last-write', 'canton.model.users-deleted-gone']), violations);
    return true;
  }

  /**
   * authenticated-user answered 200 for a user the run created: the caller's record is what the last write to it answered
   * (a token's user is read through the same store as GET /v2/users/{id}).
   */
  private authenticated(exchange: ObservedExchange, body: Json | undefined): boolean {
    const user = body?.['user'] as Json | undefined;
    if (exchange.response.status !== 200 || typeof user?.['id'] !== 'string') return false;
    const tracked = this.users.get(user['id']);
    const last = tracked === undefined ? undefined : settled(tracked.writes, exchange.sentAt ?? 0, exchange.answeredAt ?? 0, true);
    if (last?.record === undefined) return false;
    const violations: Violation[] = [];
    if (last.record === null)
      violations.push({
        clause: 'canton.model.users-authenticated-user',
        path: '$.user',
        expected: 'a refusal: the run deleted the user the token names',
        actual: user['id'],
      });
    else {
      this.compare(last.record, user, '$.user', violations);
      if (last.record['isDeactivated'] === true)
        violations.push({
          clause: 'canton.model.users-authenticated-user',
          path: '$.user.isDeactivated',
          expected: 'a refusal: the last write to the user deactivated it',
          actual: user['isDeactivated'],
        });
    }
    this.judge(
      exchange,
      new Set(['canton.model.users-authenticated-user']),
      violations.map((violation) => ({ ...violation, clause: 'canton.model.users-authenticated-user' })),
    );
    return true;
  }

  private list(exchange: ObservedExchange, body: Json | undefined, sentAt: number, answeredAt: number): boolean {
    const listed = Array.isArray(body?.['users']) ? (body['users'] as Json[]) : [];
    const violations: Violation[] = [];
    let applied = false;
    listed.forEach((user, index) => {
      const tracked = typeof user?.['id'] === 'string' ? this.users.get(user['id']) : undefined;
      const last = tracked === undefined ? undefined : settled(tracked.writes, sentAt, answeredAt, true);
      if (last?.record === undefined) return;
      applied = true;
      this.compare(last.record, user, `$.users[${index}]`, violations);
    });
    if (applied) this.judge(exchange, new Set(['canton.model.users-read-last-write', 'canton.model.users-deleted-gone']), violations);
    return applied;
  }

  private rights(exchange: ObservedExchange, userId: string, body: Json | undefined, sentAt: number, answeredAt: number): boolean {
    const tracked = this.users.get(userId);
    const last = tracked === undefined ? undefined : settled(tracked.rightsWrites, sentAt, answeredAt, false);
    if (last?.rights === undefined || last.record === null) return false;
    const shown = rightsOf(body?.['rights']);
    const expected = [...last.rights].sort();
    const same = isDeepStrictEqual([...new Set(shown)].sort(), expected);
    this.judge(
      exchange,
      new Set(['canton.model.users-rights']),
      same
        ? []
        : [
            {
              clause: 'canton.model.users-rights',
              path: '$.rights',
              expected: `the rights created, granted and not revoked: ${expected.join(', ')}`,
              actual: body?.['rights'],
            },
          ],
    );
    return true;
  }
}

function parsed(text: string): Json | undefined {
  try {
    const value = parseJsonLossless(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}
