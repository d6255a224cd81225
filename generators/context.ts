/**
 * What the generators need to know about a target, distilled from its fixtures once, so that every
 * arbitrary stays a pure function of this plain object (no I/O, no config reads while generating).
 */
import type { Fixtures } from '../config/types.js';

export interface ContextParty {
  alias: string;
  id: string;
  /** The party signs its own transactions (interactive submission); `fingerprint` is its key's. */
  externalFingerprint?: string;
}

/** A user that may submit commands: the parties it acts and reads as, already resolved to ids. */
export interface ActingUser {
  userId: string;
  actAs: string[];
  readAs: string[];
}

/** A user that may read as some parties (acts or reads as them): the parties update lookups may name. */
export interface ReadingUser {
  userId: string;
  /** Party ids, without repeats (every fixture party for a reader as any party). */
  parties: string[];
  /** Canton's CanReadAsAnyParty right: may read with `filtersForAnyParty`. */
  anyParty: boolean;
}

/** A user that may execute prepared submissions for external parties. */
export interface ExecutingUser {
  userId: string;
  /** External parties this user may execute for, with their key fingerprints. */
  parties: { id: string; fingerprint: string }[];
}

export interface GeneratorContext {
  packageName: string;
  /** 64 lowercase hex characters. */
  packageId: string;
  /**
   * Package ids by package name: the model package's and those of the suite's own DARs the node has
   * (`fixtures.suitePackages`), for the package-id form of a template or interface of either.
   */
  packageIds: Readonly<Record<string, string>>;
  synchronizerId: string;
  participantId: string;
  parties: ContextParty[];
  /** Active users with at least one act-as right; only these can make accepted submissions. */
  actingUsers: ActingUser[];
  /** Active users that may read as at least one party; only these can make accepted update lookups. */
  readingUsers: ReadingUser[];
  executingUsers: ExecutingUser[];
  userIds: string[];
  /** `account`: a template with a contract key, when the fixtures name one (Canton's CantonExamples has none). */
  templateIds: { iou: string; getCash: string; account?: string };
  /** An interface Iou implements, when the fixtures name one (Canton's CantonExamples has none). */
  interfaceId?: string;
  trafficAccountId?: string;
  /** Offsets of seeded updates, known to exist on the target. */
  seededOffsets: number[];
  scan: {
    synchronizerId: string;
    memberIds: string[];
    partyIds: string[];
  };
}

/** Builds the context from fixtures; throws when the fixtures name a party alias they do not define. */
export function generatorContextFromFixtures(fixtures: Fixtures): GeneratorContext {
  const partyIdByAlias = new Map(fixtures.parties.map((party) => [party.alias, party.id]));
  const resolve = (alias: string, where: string): string => {
    const id = partyIdByAlias.get(alias);
    if (id === undefined) {
      throw new Error(`fixtures: ${where} names party alias "${alias}", which is not in fixtures.parties; add it there or fix the alias`);
    }
    return id;
  };
  const activeUsers = fixtures.users.filter((user) => !user.isDeactivated);
  const actingUsers = activeUsers
    .filter((user) => user.rights.actAs.length > 0)
    .map((user) => ({
      userId: user.id,
      actAs: user.rights.actAs.map((alias) => resolve(alias, `users[${user.id}].rights.actAs`)),
      readAs: user.rights.readAs.map((alias) => resolve(alias, `users[${user.id}].rights.readAs`)),
    }));
  const readingUsers = activeUsers
    .map((user) => ({
      userId: user.id,
      parties: user.rights.readAsAnyParty
        ? fixtures.parties.map((party) => party.id)
        : [
            ...new Set([
              ...user.rights.actAs.map((alias) => resolve(alias, `users[${user.id}].rights.actAs`)),
              ...user.rights.readAs.map((alias) => resolve(alias, `users[${user.id}].rights.readAs`)),
            ]),
          ],
      anyParty: user.rights.readAsAnyParty,
    }))
    .filter((user) => user.parties.length > 0);
  const executingUsers = activeUsers
    .map((user) => ({
      userId: user.id,
      parties: user.rights.executeAs.flatMap((alias) => {
        const party = fixtures.parties.find((candidate) => candidate.alias === alias);
        return party?.external ? [{ id: party.id, fingerprint: party.external.fingerprint }] : [];
      }),
    }))
    .filter((user) => user.parties.length > 0);
  const seeded = fixtures.seededUpdates;
  return {
    packageName: fixtures.package.name,
    packageId: fixtures.package.id,
    packageIds: {
      ...Object.fromEntries(Object.values(fixtures.suitePackages ?? {}).map((pkg) => [pkg.name, pkg.id])),
      [fixtures.package.name]: fixtures.package.id,
    },
    synchronizerId: fixtures.synchronizerId,
    participantId: fixtures.participantId,
    parties: fixtures.parties.map((party) => ({
      alias: party.alias,
      id: party.id,
      ...(party.external ? { externalFingerprint: party.external.fingerprint } : {}),
    })),
    actingUsers,
    readingUsers,
    executingUsers,
    userIds: activeUsers.map((user) => user.id),
    templateIds: {
      iou: fixtures.templates.iou.templateId,
      getCash: fixtures.templates.getCash.templateId,
      ...(fixtures.templates.keyedAccount ? { account: fixtures.templates.keyedAccount.templateId } : {}),
    },
    ...(fixtures.templates.assetInterface ? { interfaceId: fixtures.templates.assetInterface.interfaceId } : {}),
    ...(fixtures.trafficAccount ? { trafficAccountId: fixtures.trafficAccount.accountId } : {}),
    seededOffsets: [seeded.topologyOffset, seeded.transactionOffset, seeded.reassignmentOffset, seeded.checkpointOffset].filter(
      (offset): offset is number => offset !== undefined,
    ),
    scan: {
      synchronizerId: fixtures.scan.synchronizerId,
      memberIds: [fixtures.scan.members.topUpInProgress, fixtures.scan.members.topUpComplete].filter(
        (id): id is string => id !== undefined,
      ),
      partyIds: [fixtures.scan.parties.singleHosted, fixtures.scan.parties.multiHosted].filter((id): id is string => id !== undefined),
    },
  };
}

/** Every party id of the context, for fields that may name any known party (observers, viewers). */
export function allPartyIds(context: GeneratorContext): string[] {
  return context.parties.map((party) => party.id);
}
