/**
 * The users part of the ledger model (canton profile): built only from the run's own user-management writes and their
 * answers, it holds every later read of a user the run created to them:
 * - a user read (get, or an entry of a list page) shows what the last write to it answered: primary party,
 *   deactivation, annotations, resource version, identity provider;
 * - a user the run deleted is USER_NOT_FOUND and no longer listed;
 * - a user's rights are those it was created with, plus those granted, less those revoked.
 * A read is judged only when the last write to the user was answered before the read was sent and no other write to
 * it was under way meanwhile (concurrent writes may land in either order): the model states no order the node chooses.
 * A record is known only from a write that ran alone; rights are kept through races (grants and revocations of distinct
 * rights commute, and the run never races a grant against a revocation of one right).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClauseId } from '../specification/clauses.js';
import { matchEndpoint, type DescriptorName } from '../specification/endpoints.js';
import { parseJsonLossless } from '../specification/json.js';
import { assertClause } from './assertion.js';
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

interface Violation {
  clause: ClauseId;
  path: string;
  expected: string;
  actual: unknown;
}

const USER_CLAUSES = ['canton.model.users-read-last-write', 'canton.model.users-deleted-gone', 'canton.model.users-rights'] as const;

const show = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

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

  /**
   * Learns every write of a test's exchanges first, then judges its reads: a write sent before a read was answered but
   * answered after it (another property case's, say) still counts as racing that read, whatever order the answers came in.
   */
  applyAll(exchanges: readonly ObservedExchange[]): boolean {
    const isWrite = (exchange: ObservedExchange) =>
      WRITES.has(exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path) ?? '');
    const ordered = [...exchanges].sort((left, right) => (left.answeredAt ?? 0) - (right.answeredAt ?? 0));
    let applied = false;
    for (const exchange of ordered) if (isWrite(exchange)) this.apply(exchange);
    for (const exchange of ordered) if (!isWrite(exchange)) applied = this.apply(exchange) || applied;
    return applied;
  }

  /** Learns from or judges one exchange; returns whether the model applied to it. */
  apply(exchange: ObservedExchange): boolean {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
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
      case 'users.update':
      case 'users.delete':
      case 'users.grant-rights':
      case 'users.revoke-rights':
        this.write(descriptor as DescriptorName, userId, exchange, body, sentAt, answeredAt);
        return false;
      case 'users.get':
        return this.read(exchange, userId, body, sentAt, answeredAt);
      case 'users.list':
        return ok ? this.list(exchange, body, sentAt, answeredAt) : false;
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

  private judge(exchange: ObservedExchange, judged: ReadonlySet<ClauseId>, violations: readonly Violation[]): void {
    for (const clause of USER_CLAUSES) {
      if (!judged.has(clause)) continue;
      const first = violations.find((violation) => violation.clause === clause);
      assertClause(
        'stateful_consistency',
        clause,
        first === undefined,
        first === undefined
          ? ''
          : `the ledger model disagrees at ${first.path}: the model expects ${first.expected}; the answer has ${show(first.actual)}`,
        exchange.response,
      );
    }
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
