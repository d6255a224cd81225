/**
 * Building blocks of the interactive-submission flows: prepare a command for an external party, sign the
 * prepared transaction hash with a fixture key, execute, and find the committed transaction afterwards.
 *
 * Execute is asynchronous: the transaction shows up later at an offset the client is never told. It is
 * found by bracketing: a submit-and-wait before executing gives a lower bound, and "marker" submissions
 * afterwards give upper bounds; only the offsets in between are looked up.
 */
import { createPrivateKey, randomInt, randomUUID, sign } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import type { PartyFixture } from '../../config/types.js';
import { parseJsonLossless } from '../../specification/json.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { PREPARE_REQUIRED } from './interactive.js';
import { preparedHashByScheme } from '../../checks/prepared-transaction.js';
import { readRunContext } from '../../harness/library/run-context.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { expectOneOf, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import {
  createdEvents,
  iouCreate,
  submit,
  transactionFormat,
  transactionIn,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from './ledger.js';
import { freshId } from '../../generators/index.js';

/** What `prepareIou` asserts of the prepare step: a prepared transaction, its hash and an allowed scheme. */
export const PREPARE_CLAUSES: ClauseId[] = ['execute.preparedTransaction.required', 'execute.hashingSchemeVersion.allowed-values'];
/** What `ledgerEndMarker` (and so `findPreparedIou`) asserts: the marker's create is accepted. */
export const MARKER_CLAUSES: ClauseId[] = ['command.CreateCommand.fields-required'];

const HASHING_SCHEME_VERSIONS = ['HASHING_SCHEME_VERSION_UNSPECIFIED', 'HASHING_SCHEME_VERSION_V2', 'HASHING_SCHEME_VERSION_V3'];

export interface ExternalParty {
  alias: string;
  id: string;
  fingerprint: string;
  privateKey: string;
}

export interface PreparedIou {
  /** The prepare response as sent back by the target. */
  response: ClientResponse;
  preparedTransaction: string;
  /** The hash the external party signs (raw bytes). */
  hash: Buffer;
  hashingSchemeVersion: string;
  commandId: string;
  /** The executing user (holds execute-as rights for the external party). */
  executor: string;
  payer: ExternalParty;
  owner: string;
  /** A per-test amount, so the created Iou can be told apart from every other one on the ledger. */
  amount: string;
}

/** The external fixture party with this alias, with its signing key; skips when the fixtures hold no key. */
export function externalParty(context: ConformanceContext, alias: string): ExternalParty {
  const party: PartyFixture | undefined = context.fixtures.parties.find((candidate) => candidate.alias === alias);
  if (!party?.external) context.skip(`the fixtures name no external party "${alias}" (parties[].external)`);
  if (!party.external.privateKey)
    context.skip(`the fixtures hold no private key of the external party "${alias}" (parties[].external.privateKey)`);
  return { alias, id: party.id, fingerprint: party.external.fingerprint, privateKey: party.external.privateKey };
}

/** An Ed25519 signature (base64) of `message` with a PKCS#8 DER private key given as base64. */
export function signEd25519(privateKeyBase64: string, message: Buffer): string {
  const key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  return sign(null, message, key).toString('base64');
}

/** Prepares an Iou create with the external party `payerAlias` as payer (signatory) and `ownerAlias` as owner. */
export async function prepareIou(context: ConformanceContext, payerAlias = 'dana', ownerAlias = 'alice'): Promise<PreparedIou> {
  const payer = externalParty(context, payerAlias);
  const owner = context.party(ownerAlias);
  const executor = context.userWhere(`can execute as ${payerAlias}`, (user) => user.rights.executeAs.includes(payerAlias)).id;
  const commandId = freshId('interactive');
  const amount = `${randomInt(1, 1_000_000_000)}.0`;
  const commands = [iouCreate(context, payer.id, owner, amount) as Record<string, unknown>];
  const response = await context.send({
    endpoint: 'prepare',
    user: executor,
    body: {
      userId: executor,
      commandId,
      commands,
      actAs: [payer.id],
      readAs: [],
      ...PREPARE_REQUIRED(context),
      verboseHashing: false,
    },
  });
  // Execute takes the preparedTransaction of a prepare response: prepare must hand one out, with its hash.
  positiveDataAcceptance(response, 'execute.preparedTransaction.required');
  const body = parseJsonLossless(response.text) as {
    preparedTransaction?: string;
    preparedTransactionHash?: string;
    hashingSchemeVersion?: string;
  };
  expectValueMatches(
    'execute.preparedTransaction.required',
    'the prepare response',
    body,
    (prepared) => typeof prepared.preparedTransaction === 'string' && typeof prepared.preparedTransactionHash === 'string',
    'an object with preparedTransaction and preparedTransactionHash',
    response,
  );
  expectOneOf(
    'execute.hashingSchemeVersion.allowed-values',
    'the hashingSchemeVersion prepare names (execute sends it back)',
    body.hashingSchemeVersion,
    HASHING_SCHEME_VERSIONS,
    response,
  );
  if (context.profile === 'canton') {
    // The hash the external party is asked to sign is the V2 hash of the transaction it is shown (no scheme was asked).
    const answer = {
      preparedTransaction: body.preparedTransaction!,
      preparedTransactionHash: body.preparedTransactionHash!,
      ...(body.hashingSchemeVersion === undefined ? {} : { hashingSchemeVersion: body.hashingSchemeVersion }),
    };
    await preparedHashByScheme(response, answer, {
      commands,
      actAs: [payer.id],
      commandId,
      signatoryFields: context.fixtures.templates.iou.signatories,
    });
  }
  return {
    response,
    preparedTransaction: body.preparedTransaction!,
    hash: Buffer.from(body.preparedTransactionHash!, 'base64'),
    hashingSchemeVersion: body.hashingSchemeVersion!,
    commandId,
    executor,
    payer,
    owner,
    amount,
  };
}

export interface SignatureChoice {
  /** Whose key signs (default: the payer's own). */
  signingKey?: string;
  /** What is signed (default: the prepared transaction hash). */
  message?: Buffer;
  /** The `signedBy` fingerprint sent (default: the payer's). */
  signedBy?: string;
}

/** The execute request body for a prepared Iou, signed as `choice` says; `overrides` replace top-level fields. */
export function executeBody(
  prepared: Pick<PreparedIou, 'preparedTransaction' | 'hash' | 'hashingSchemeVersion' | 'executor' | 'payer'>,
  choice: SignatureChoice = {},
  overrides: JsonObject = {},
): JsonObject {
  const signature = signEd25519(choice.signingKey ?? prepared.payer.privateKey, choice.message ?? prepared.hash);
  return {
    preparedTransaction: prepared.preparedTransaction,
    partySignatures: {
      signatures: [
        {
          party: prepared.payer.id,
          signatures: [
            {
              format: 'SIGNATURE_FORMAT_CONCAT',
              signature,
              signedBy: choice.signedBy ?? prepared.payer.fingerprint,
              signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
            },
          ],
        },
      ],
    },
    deduplicationPeriod: { Empty: {} },
    submissionId: randomUUID(),
    userId: prepared.executor,
    hashingSchemeVersion: prepared.hashingSchemeVersion,
    ...overrides,
  };
}

export async function execute(context: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return context.send({ endpoint: 'execute', user, body });
}

/** A submission by the bank alone (invisible to the Iou's owner): its completion offset is the ledger end now. */
export async function ledgerEndMarker(context: ConformanceContext): Promise<number> {
  const bank = context.party('bank');
  const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
  const submitted = await submit(context, {
    user: bankUser,
    actAs: [bank],
    commands: [iouCreate(context, bank, bank, '1.0')],
    clauseId: 'command.CreateCommand.fields-required',
  });
  return submitted.completionOffset;
}

export interface FoundTransaction {
  offset: number;
  response: ClientResponse;
  transaction: JsonObject;
  created: JsonObject;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function numberOf(value: unknown): number {
  return typeof value === 'object' && value !== null && 'value' in value ? Number((value as { value: unknown }).value) : Number(value);
}

/** Whether the created event is the prepared Iou (same payer, owner and per-test amount). */
function isPreparedIou(created: JsonObject, prepared: PreparedIou): boolean {
  const argument = created.createArgument as Record<string, unknown> | undefined;
  if (!argument) return false;
  const amount = argument.amount as Record<string, unknown> | undefined;
  return argument.payer === prepared.payer.id && argument.owner === prepared.owner && numberOf(amount?.value) === Number(prepared.amount);
}

export interface SearchBounds {
  /** The prepared Iou can only be committed after this offset. */
  after: number;
  /** Overall budget before --timeout-scale. */
  timeoutMs?: number;
  maxLookups?: number;
  /**
   * Without `stopAtFirst`: once a commit is found, scan this much longer (before --timeout-scale) for another, then stop.
   * Execute is asynchronous, and a node's commit may come seconds after its answer (more through a slow link): the
   * search waits for the first commit up to the whole budget, not only for this window.
   */
  quietMs?: number;
}

/**
 * The bounds of a search that counts every commit of a change id: it waits for the first commit up to 10 s, then scans
 * one second more for a second one.
 */
export const COUNT_EVERY_COMMIT: Omit<SearchBounds, 'after'> = { timeoutMs: 10_000, quietMs: 1_000, maxLookups: 100 };

/**
 * Every commit of the prepared Iou after `bounds.after`, looked up through the owner's filter (the
 * executor may not read the external party). Stops at the first one found when `stopAtFirst`, else
 * scans until the time budget is spent (or `quietMs` after the first commit found), so a second commit would be seen too. A search: it judges
 * nothing but the ledger-end markers it submits; the caller asserts what it expects to find.
 */
export async function findPreparedIou(
  context: ConformanceContext,
  prepared: PreparedIou,
  bounds: SearchBounds,
  stopAtFirst: boolean,
): Promise<FoundTransaction[]> {
  const ownerAlias = context.fixtures.parties.find((party) => party.id === prepared.owner)?.alias ?? '';
  const reader = context.userWhere(
    `can read as ${ownerAlias}`,
    (user) => user.rights.actAs.includes(ownerAlias) || user.rights.readAs.includes(ownerAlias),
  ).id;
  const format = transactionFormat({ [prepared.owner]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
  const scale = readRunContext().config.run.timeoutScale;
  let deadline = Date.now() + (bounds.timeoutMs ?? 10_000) * scale;
  let quiet = false;
  let lookups = bounds.maxLookups ?? 200;
  let scanned = bounds.after;
  const found: FoundTransaction[] = [];
  while (Date.now() < deadline && lookups > 0) {
    const end = await ledgerEndMarker(context);
    const offsets: number[] = [];
    for (let offset = scanned + 1; offset < end && lookups > 0; offset++, lookups--) offsets.push(offset);
    // Independent reads: they go out together, within the run's bound on requests in flight, and are read in order.
    const responses = await Promise.all(offsets.map((offset) => updateByOffset(context, reader, offset, format)));
    responses.forEach((response, index) => {
      if (response.status !== 200) return;
      const transaction = transactionIn(parseJsonLossless(response.text));
      if (!transaction) return;
      const created = createdEvents(transaction.events).find((event) => isPreparedIou(event, prepared));
      if (created) found.push({ offset: offsets[index]!, response, transaction: transaction.value, created });
    });
    scanned = Math.max(scanned, end);
    if (stopAtFirst && found.length > 0) return found;
    if (bounds.quietMs !== undefined && found.length > 0 && !quiet) {
      quiet = true;
      deadline = Math.min(deadline, Date.now() + bounds.quietMs * scale);
    }
    await sleep(100 * scale);
  }
  return found;
}
