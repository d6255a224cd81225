/**
 * `provision`: turns a participant whose admin token we hold into a target the suites can run against,
 * through the JSON Ledger API's admin routes, and writes the fixtures describing it.
 *
 * Steps, each reusing what exists: parties (local, then external ones onboarded with their own Ed25519
 * keys), users with their rights (one of them deactivated), the model's DAR, the seeded updates, the
 * scan ids; then the fixtures file and the `.env` with the keys. A second run finds everything and
 * changes nothing. Parties are never deleted (they cannot be); `cleanup` deletes the users it created.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { createTokenProvider } from '../client/auth.js';
import { TargetClient } from '../client/http.js';
import type { ConfigWithoutFixtures } from '../config/load.js';
import { readDarFile, type DarSummary } from './dar.js';
import { ProvisionError } from './provision-error.js';
import { privateKeyVariable, readPreviousRun, saveSecrets, writeFixtures, type PreviousRun } from './fixtures-file.js';
import { generatePartyKey, multiHashOf, partyKeyFrom, signWith, type PartyKey } from './keys.js';
import { Node, actAs, executeAs, readAs, readAsAnyParty, rightKey, type Right, type UserRecord } from './node.js';
import { PREFIX_PATTERN, planFor, suiteTemplateAlternatives, templatesOf, type Plan, type PlannedUser } from './plan.js';
import { PROVISIONED_SUITE_DARS, suiteDar, suiteDarBytes, type SuiteDarName } from '../specification/suite-dars.js';
import { discoverScanIds, type ScanFlags } from './scan.js';
import { findCheckpointOffset, findTopologyOffset, isTransactionVisible, knowsIdentifier, submitIou, type SeedContext } from './seed.js';

export { ProvisionError } from './provision-error.js';
export type { ScanFlags } from './scan.js';

export interface ProvisionOptions {
  config: ConfigWithoutFixtures;
  /** Where the fixtures are written (the target's fixtures file). */
  fixturesPath: string;
  adminUser: string;
  darPath?: string;
  prefix: string;
  synchronizerId?: string;
  scan: ScanFlags;
  dryRun: boolean;
  cleanup: boolean;
  /** Consent to write to a node that is not on this machine. */
  yes: boolean;
  log: (line: string) => void;
}

export interface ProvisionResult {
  /** Requests that changed the node. */
  writes: number;
  /** A dry run: the changes it listed ("would ..."), which it did not make. */
  planned: number;
  /** Files written or changed. */
  files: string[];
  fixturesPath: string;
}

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/;

type Parties = Map<string, { id: string; key?: PartyKey }>;

export async function provision(options: ProvisionOptions): Promise<ProvisionResult> {
  const target = options.config.target;
  if (target.kind !== 'remote') {
    throw new ProvisionError(
      `target "${target.name}" is the embedded reference target, which starts afresh on every run: ` +
        'serve one with `ledger-conformance reference serve --bare` and provision a remote target pointing at it',
    );
  }
  if (!PREFIX_PATTERN.test(options.prefix)) {
    throw new ProvisionError(`--prefix "${options.prefix}": use 1 to 40 letters, digits, "-" or "_", starting with a letter or digit`);
  }
  if (!options.dryRun && !options.yes && !LOOPBACK.test(target.participant)) {
    throw new ProvisionError(
      `provision writes to ${target.participant}: parties (which can never be deleted), users, a DAR and a transaction. ` +
        'Run it with --yes to allow that, or with --dry-run to see the plan first',
    );
  }
  const tokens = createTokenProvider(target.auth, { users: [] });
  const client = new TargetClient(
    { participant: target.participant, ...(target.scan ? { scan: target.scan } : {}) },
    tokens,
    options.config.run.requestTimeoutMs,
  );
  // A dry run counts the changes it lists, so that its last line does not read as if there were none.
  let planned = 0;
  const log = (line: string): void => {
    if (/^\s*would (allocate|onboard|create|update|upload|delete) /.test(line)) planned++;
    options.log(line);
  };
  try {
    const node = new Node(client, options.adminUser);
    const plan = planFor(options.prefix);
    await checkAdmin(node);
    const result = options.cleanup
      ? await cleanup(node, plan, { ...options, log })
      : await provisionWith(node, client, plan, { ...options, log });
    return { ...result, planned };
  } finally {
    await client.close();
  }
}

async function checkAdmin(node: Node): Promise<void> {
  const admin = await node.user(node.adminUser);
  if (admin === undefined)
    throw new ProvisionError(`the admin user "${node.adminUser}" does not exist on the node: name an existing one with --admin-user`);
  if (!(await node.rights(node.adminUser)).includes('ParticipantAdmin')) {
    throw new ProvisionError(
      `the user "${node.adminUser}" has no ParticipantAdmin right: name a participant administrator with --admin-user`,
    );
  }
}

async function cleanup(node: Node, plan: Plan, options: ProvisionOptions): Promise<Omit<ProvisionResult, 'planned'>> {
  for (const user of plan.users) {
    if ((await node.user(user.id)) === undefined) continue;
    if (options.dryRun) options.log(`  would delete user ${user.id}`);
    else {
      await node.deleteUser(user.id);
      options.log(`  deleted user ${user.id}`);
    }
  }
  options.log(
    `  parties are kept (a party cannot be deleted); ${options.fixturesPath} still names the deleted users: provision again to recreate them`,
  );
  return { writes: node.writes, files: [], fixturesPath: options.fixturesPath };
}

async function provisionWith(
  node: Node,
  client: TargetClient,
  plan: Plan,
  options: ProvisionOptions,
): Promise<Omit<ProvisionResult, 'planned'>> {
  const { log, dryRun } = options;
  const previous = readPreviousRun(options.fixturesPath);
  const uid = await node.participantUid();
  const namespace = uid.slice(uid.lastIndexOf('::') + 2);
  const synchronizerId = await synchronizerOf(node, options.synchronizerId);
  const dar = options.darPath === undefined ? undefined : readDarFile(options.darPath);
  const model = modelPackage(dar, previous, options.fixturesPath);
  const endBefore = await node.ledgerEnd();
  // Checked before any write: the fixtures need scan ids, and a run that stopped after creating parties would
  // leave them behind for nothing.
  const hasScan = options.config.target.kind === 'remote' && options.config.target.scan !== undefined;
  if (!hasScan) throw new ProvisionError('the target has no scan URL (targets.<name>.scan or SCAN_BASE_URL): the fixtures need scan ids');
  const savedEarly: string[] = [];

  const parties: Parties = new Map();
  for (const party of plan.parties.filter((candidate) => !candidate.external)) {
    const id = `${party.hint}::${namespace}`;
    parties.set(party.alias, { id });
    if (await node.partyExists(id)) continue;
    if (dryRun) log(`  would allocate party ${id}`);
    else log(`  allocated party ${await node.allocateParty(party.hint, synchronizerId)}`);
  }
  for (const party of plan.parties.filter((candidate) => candidate.external)) {
    const variable = privateKeyVariable(options.config.target.name, party.alias);
    // A key kept elsewhere (a CI secret in the environment) wins over the .env an earlier run wrote here.
    const stored = options.config.env[variable] || previous.env[variable];
    const key = stored === undefined ? generatePartyKey() : partyKeyFrom(stored);
    const id = `${party.hint}::${key.fingerprint}`;
    parties.set(party.alias, { id, key });
    if (await node.partyExists(id)) continue;
    if (dryRun) log(`  would onboard external party ${party.hint} (a new Ed25519 key)`);
    else {
      // The key is kept before the party exists: its id is the key's fingerprint, and it cannot be deleted.
      if (stored === undefined) {
        const envPath = saveSecrets(options.fixturesPath, { [variable]: key.privateKey });
        if (envPath !== undefined && !savedEarly.includes(envPath)) savedEarly.push(envPath);
      }
      log(`  onboarded external party ${await onboardExternal(node, synchronizerId, party.hint, key)}`);
    }
  }

  for (const user of plan.users) await ensureUser(node, user, parties, dryRun, log);

  if (dar !== undefined && !(await node.packageIds()).includes(dar.mainPackageId)) {
    if (dryRun) log(`  would upload ${dar.path} (${dar.packageName} ${dar.packageVersion}, package ${dar.mainPackageId})`);
    else {
      await node.uploadDar(dar.bytes, dar.path, synchronizerId);
      if (!(await node.packageIds()).includes(dar.mainPackageId)) {
        throw new ProvisionError(`the node accepted ${dar.path} but does not list its package ${dar.mainPackageId} (GET /v2/packages)`);
      }
      log(`  uploaded ${dar.path} (package ${dar.mainPackageId})`);
    }
  }

  const suitePackages = await uploadSuiteDars(node, synchronizerId, dryRun, log);

  if (dryRun) {
    log(
      "  then it would seed an Iou transaction (unless an earlier run's is visible), look up the topology and checkpoint offsets, and write the fixtures",
    );
    return { writes: node.writes, files: [], fixturesPath: options.fixturesPath };
  }

  const candidates = templatesOf(model.name);
  const seeded = await seedUpdates(client, plan, parties, candidates, previous, { from: endBefore, to: await node.ledgerEnd() }, log);
  const templates = await knownTemplates(
    client,
    plan,
    parties,
    candidates,
    suiteTemplateAlternatives(Object.keys(suitePackages) as SuiteDarName[]),
    seeded.transactionOffset,
    log,
  );
  const scan = await discoverScanIds(client, options.scan, `${options.prefix}@${uid}`, log);

  const secrets: Record<string, string> = {};
  const fixtures = {
    participantId: `PAR::${uid}`,
    synchronizerId,
    parties: plan.parties.map((party) => {
      const { id, key } = parties.get(party.alias)!;
      if (key === undefined) return { alias: party.alias, id };
      const variable = privateKeyVariable(options.config.target.name, party.alias);
      secrets[variable] = key.privateKey;
      return {
        alias: party.alias,
        id,
        external: { publicKey: key.publicKey, privateKey: `\${env:${variable}}`, fingerprint: key.fingerprint },
      };
    }),
    users: [
      ...plan.users.map((user) => ({
        id: user.id,
        ...(user.primaryParty === undefined ? {} : { primaryParty: user.primaryParty }),
        ...(user.isDeactivated ? { isDeactivated: true } : {}),
        rights: {
          ...(user.actAs.length > 0 ? { actAs: user.actAs } : {}),
          ...(user.readAs.length > 0 ? { readAs: user.readAs } : {}),
          ...(user.executeAs.length > 0 ? { executeAs: user.executeAs } : {}),
          ...(user.readAsAnyParty ? { readAsAnyParty: true } : {}),
        },
        ...(Object.keys(user.annotations).length > 0 ? { metadata: { annotations: user.annotations } } : {}),
      })),
      { id: options.adminUser, rights: { admin: true } },
    ],
    package: { name: model.name, id: model.id },
    templates,
    dar: model.dar,
    ...(Object.keys(suitePackages).length > 0 ? { suitePackages } : {}),
    seededUpdates: seeded,
    scan,
  };
  const written = writeFixtures(options.fixturesPath, fixtures, secrets);
  const files = [...written, ...savedEarly.filter((path) => !written.includes(path))];
  return { writes: node.writes, files, fixturesPath: options.fixturesPath };
}

interface SuitePackage {
  id: string;
  name: string;
  version: string;
  templates: string[];
  interfaces: string[];
}

/**
 * Uploads the suite's own DARs (daml/dars/, type-checked by Canton's Daml-LF tools) that the node does not list yet,
 * and answers those the node has, for the fixtures. A DAR the node refuses is left out with the node's reason: the
 * tests that need it are skipped.
 */
async function uploadSuiteDars(
  node: Node,
  synchronizerId: string,
  dryRun: boolean,
  log: (line: string) => void,
): Promise<Record<string, SuitePackage>> {
  const listed = new Set(await node.packageIds());
  const packages: Record<string, SuitePackage> = {};
  for (const name of PROVISIONED_SUITE_DARS) {
    const dar = suiteDar(name);
    const entry = {
      id: dar.packageId,
      name: dar.packageName,
      version: dar.packageVersion,
      templates: dar.templates,
      interfaces: dar.interfaces,
    };
    if (listed.has(dar.packageId)) {
      packages[name] = entry;
      continue;
    }
    if (dryRun) {
      log(`  would upload the suite's ${name}.dar (${dar.packageName} ${dar.packageVersion}, package ${dar.packageId})`);
      continue;
    }
    try {
      await node.uploadDar(suiteDarBytes(name), dar.path, synchronizerId);
    } catch (error) {
      if (!(error instanceof ProvisionError)) throw error;
      log(`  the node refused the suite's ${name}.dar, left out of the fixtures (the tests that need it are skipped): ${error.message}`);
      continue;
    }
    if (!(await node.packageIds()).includes(dar.packageId)) {
      throw new ProvisionError(
        `the node accepted the suite's ${name}.dar but does not list its package ${dar.packageId} (GET /v2/packages)`,
      );
    }
    log(`  uploaded the suite's ${name}.dar (package ${dar.packageId})`);
    packages[name] = entry;
  }
  return packages;
}

async function synchronizerOf(node: Node, given: string | undefined): Promise<string> {
  const connected = await node.connectedSynchronizers();
  if (given !== undefined) {
    if (!connected.includes(given))
      throw new ProvisionError(`--synchronizer ${given}: the node is not connected to it (connected: ${connected.join(', ') || 'none'})`);
    return given;
  }
  if (connected.length === 1) return connected[0]!;
  throw new ProvisionError(
    connected.length === 0
      ? 'the node is connected to no synchronizer (GET /v2/state/connected-synchronizers): connect it first'
      : `the node is connected to several synchronizers (${connected.join(', ')}): choose one with --synchronizer ID`,
  );
}

function modelPackage(dar: DarSummary | undefined, previous: PreviousRun, fixturesPath: string): { name: string; id: string; dar: string } {
  if (dar !== undefined) return { name: dar.packageName, id: dar.mainPackageId, dar: darPathFor(fixturesPath, dar.path) };
  const known = previous.fixtures?.package as { name?: string; id?: string } | undefined;
  const darPath = previous.fixtures?.dar;
  // An earlier run's path is relative to the fixtures file already (an absolute one, from an older version, is made so).
  if (known?.name !== undefined && known.id !== undefined && typeof darPath === 'string')
    return { name: known.name, id: known.id, dar: isAbsolute(darPath) ? darPathFor(fixturesPath, darPath) : darPath };
  throw new ProvisionError('--dar FILE is needed (the first time): the model DAR to upload, e.g. CantonExamples.dar of the Canton release');
}

/**
 * The DAR's path as the fixtures hold it: relative to the fixtures file (as `loadFixtures` reads it), with "/"
 * separators, so that the fixtures and the DAR can move together (another folder, a CI cache, a container).
 */
function darPathFor(fixturesPath: string, darPath: string): string {
  return relative(dirname(resolve(fixturesPath)), resolve(darPath))
    .split(sep)
    .join('/');
}

async function onboardExternal(node: Node, synchronizerId: string, hint: string, key: PartyKey): Promise<string> {
  const topology = await node.generateExternalTopology(synchronizerId, hint, key.spkiPublicKey);
  const expected = `${hint}::${key.fingerprint}`;
  if (topology.partyId !== expected || topology.publicKeyFingerprint !== key.fingerprint) {
    throw new ProvisionError(
      `generate-topology for ${hint} answered party ${topology.partyId} with key fingerprint ${topology.publicKeyFingerprint}; ` +
        `expected ${expected} (Canton's fingerprint of the key: "1220" + SHA-256 of int32 12 and the raw key)`,
    );
  }
  // Sign only what we checked: the multi-hash of exactly the transactions we will submit.
  const multiHash = multiHashOf(topology.topologyTransactions.map((transaction) => Buffer.from(transaction, 'base64')));
  if (multiHash.toString('base64') !== topology.multiHash) {
    throw new ProvisionError(
      `generate-topology for ${hint} answered a multi-hash that does not cover its topology transactions; refusing to sign it`,
    );
  }
  return node.allocateExternalParty(synchronizerId, topology.topologyTransactions, signWith(key, multiHash), key.fingerprint);
}

function rightsOf(user: PlannedUser, parties: Parties): Right[] {
  const id = (alias: string): string => parties.get(alias)!.id;
  return [
    ...user.actAs.map((alias) => actAs(id(alias))),
    ...user.readAs.map((alias) => readAs(id(alias))),
    ...user.executeAs.map((alias) => executeAs(id(alias))),
    ...(user.readAsAnyParty ? [readAsAnyParty()] : []),
  ];
}

async function ensureUser(node: Node, user: PlannedUser, parties: Parties, dryRun: boolean, log: (line: string) => void): Promise<void> {
  const primaryParty = user.primaryParty === undefined ? '' : parties.get(user.primaryParty)!.id;
  const wanted: UserRecord = { id: user.id, primaryParty, isDeactivated: user.isDeactivated, metadata: { annotations: user.annotations } };
  const rights = rightsOf(user, parties);
  const existing = await node.user(user.id);
  if (existing === undefined) {
    if (dryRun) return log(`  would create user ${user.id}`);
    await node.createUser(wanted, rights);
    return log(`  created user ${user.id}`);
  }
  const has = new Set(await node.rights(user.id));
  const missing = rights.filter((right) => !has.has(rightKey(right)));
  const annotations = existing.metadata?.annotations ?? {};
  const paths = [
    ...((existing.primaryParty ?? '') === primaryParty ? [] : ['primary_party']),
    ...((existing.isDeactivated ?? false) === user.isDeactivated ? [] : ['is_deactivated']),
    ...(Object.entries(user.annotations).every(([key, value]) => annotations[key] === value) ? [] : ['metadata.annotations']),
  ];
  if (missing.length === 0 && paths.length === 0) return;
  if (dryRun) return log(`  would update user ${user.id} (${[...paths, ...missing.map(rightKey)].join(', ')})`);
  if (missing.length > 0) await node.grantRights(user.id, missing);
  if (paths.length > 0) await node.updateUser(wanted, paths);
  log(`  updated user ${user.id} (${[...paths, ...missing.map(rightKey)].join(', ')})`);
}

async function seedUpdates(
  client: TargetClient,
  plan: Plan,
  parties: Parties,
  templates: Record<string, unknown>,
  previous: PreviousRun,
  window: { from: number; to: number },
  log: (line: string) => void,
): Promise<{ transactionOffset: number; topologyOffset?: number; checkpointOffset?: number }> {
  const context: SeedContext = { client, log };
  const user = (alias: string): string => plan.users.find((candidate) => candidate.alias === alias)!.id;
  const party = (alias: string): string => parties.get(alias)!.id;
  const before = (previous.fixtures?.seededUpdates ?? {}) as {
    transactionOffset?: number;
    topologyOffset?: number;
    checkpointOffset?: number;
  };
  let transactionOffset = before.transactionOffset;
  if (!(await isTransactionVisible(context, user('bank-user'), [party('bank')], transactionOffset))) {
    const iou = templates.iou as { templateId: string; createArguments: Record<string, unknown> };
    const createArguments = JSON.parse(
      JSON.stringify(iou.createArguments).replace(/\{\{party:([A-Za-z0-9_-]+)\}\}/g, (_match, alias: string) => party(alias)),
    );
    transactionOffset = await submitIou(context, user('bank-user'), party('bank'), createArguments, iou.templateId, plan.prefix);
    log(`  seeded an Iou transaction at offset ${transactionOffset}`);
  }
  // The suites read the seeded topology and checkpoint as the first user reading a local party: alice's.
  const reader = { user: user('alice-user'), parties: [party('alice'), party('bank')] };
  const topologyOffset = await findTopologyOffset(context, reader, window, before.topologyOffset);
  const checkpointOffset = await findCheckpointOffset(context, reader, window, before.checkpointOffset);
  if (topologyOffset === undefined)
    log('  no topology transaction of the parties found: the tests of seededUpdates.topologyOffset are skipped');
  if (checkpointOffset === undefined)
    log('  the node serves no offset checkpoint by offset: the tests of seededUpdates.checkpointOffset are skipped');
  return {
    transactionOffset: transactionOffset!,
    ...(topologyOffset === undefined ? {} : { topologyOffset }),
    ...(checkpointOffset === undefined ? {} : { checkpointOffset }),
  };
}

function suiteIdOf(template: unknown): string {
  const { templateId, interfaceId } = template as { templateId?: string; interfaceId?: string };
  return (templateId ?? interfaceId)!;
}

/** The templates every suite needs; the others (a keyed template, an interface, TrailingNone) are optional. */
const REQUIRED_TEMPLATES = ['iou', 'getCash'];

/**
 * The templates the fixtures name: the suite's own (its DARs, `suiteTemplateAlternatives`) where it has one and the node
 * knows it, else the model's when the node knows it. Canton's own CantonExamples (Daml-LF 2.1) has no contract keys and
 * no interface: without the suite's DARs the keyed Account and the Asset interface are left out of the fixtures, and the
 * tests that need them are skipped with that reason instead of failing.
 */
async function knownTemplates(
  client: TargetClient,
  plan: Plan,
  parties: Parties,
  templates: Record<string, unknown>,
  alternatives: Record<string, unknown>,
  offset: number,
  log: (line: string) => void,
): Promise<Record<string, unknown>> {
  const context: SeedContext = { client, log };
  const user = plan.users.find((candidate) => candidate.alias === 'bank-user')!.id;
  const party = parties.get('bank')!.id;
  const known: Record<string, unknown> = {};
  const knows = (template: unknown): Promise<boolean> => {
    const { templateId, interfaceId } = template as { templateId?: string; interfaceId?: string };
    return knowsIdentifier(context, user, party, offset, (templateId ?? interfaceId)!, interfaceId !== undefined);
  };
  for (const [name, template] of Object.entries(templates)) {
    const { templateId, interfaceId } = template as { templateId?: string; interfaceId?: string };
    const id = (templateId ?? interfaceId)!;
    const alternative = alternatives[name];
    if (alternative !== undefined && (await knows(alternative))) {
      // The suite's own DAR, type-checked by Canton's tools, has it: the same template on every node (CantonExamples has
      // no contract key, no interface and no template of every value type).
      known[name] = alternative;
      log(`  templates.${name} names the suite's ${suiteIdOf(alternative)}`);
    } else if (await knows(template)) {
      known[name] = template;
    } else if (REQUIRED_TEMPLATES.includes(name)) {
      throw new ProvisionError(
        `the node does not know ${id} (templates.${name}): upload a DAR that has it with --dar (CantonExamples.dar)`,
      );
    } else {
      log(`  the node has no ${id}: templates.${name} is left out of the fixtures; the tests that need it are skipped`);
    }
  }
  return known;
}
