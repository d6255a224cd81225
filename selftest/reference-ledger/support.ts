/**
 * Test support for the reference ledger: the committed reference config, a started reference target,
 * HS256 tokens for the fixture users, and small request helpers.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { SignJWT } from 'jose';
import { loadConfig } from '../../config/load.js';
import type { Fixtures, ReferenceTargetConfig } from '../../config/types.js';
import type { FaultName } from '../../reference/faults.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';

export async function referenceTarget(): Promise<ReferenceTargetConfig> {
  const config = await loadConfig({ env: {}, dotenvPath: false });
  if (config.target.kind !== 'reference') throw new Error('the committed default config must select the reference target');
  return config.target;
}

export interface Reply {
  status: number;
  contentType: string;
  text: string;
  // Tests read fields of JSON replies freely.
  json: any;
}

export interface TestReference {
  handle: ReferenceHandle;
  fixtures: Fixtures;
  party(alias: string): string;
  token(userId: string): Promise<string>;
  post(path: string, body: unknown, user?: string): Promise<Reply>;
  submit(user: string, body: Record<string, unknown>): Promise<Reply>;
  updateByOffset(user: string, offset: unknown, updateFormat: unknown): Promise<Reply>;
  close(): Promise<void>;
}

export async function startTestReference(faults: FaultName[] = []): Promise<TestReference> {
  const target = await referenceTarget();
  const handle = await startReference({ target, faults });
  const { auth, fixtures } = target;
  if (auth.kind !== 'hs256') throw new Error('the reference target config must use hs256 auth');
  const secret = new TextEncoder().encode(auth.secret);
  const tokens = new Map<string, string>();
  const token = async (userId: string): Promise<string> => {
    let value = tokens.get(userId);
    if (!value) {
      const jwt = new SignJWT({ scope: auth.scope ?? 'daml_ledger_api' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setExpirationTime('1h');
      value = await (auth.audience ? jwt.setAudience(auth.audience) : jwt).sign(secret);
      tokens.set(userId, value);
    }
    return value;
  };
  const post = async (path: string, body: unknown, user?: string): Promise<Reply> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (user !== undefined) headers.authorization = `Bearer ${await token(user)}`;
    const response = await fetch(`${handle.participantUrl}${path}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return { status: response.status, contentType, text, json: contentType.includes('json') && text !== '' ? JSON.parse(text) : undefined };
  };
  return {
    handle,
    fixtures,
    party: (alias) => {
      const found = fixtures.parties.find((party) => party.alias === alias);
      if (!found) throw new Error(`no fixture party ${alias}`);
      return found.id;
    },
    token,
    post,
    submit: (user, body) => post('/v2/commands/submit-and-wait', body, user),
    updateByOffset: (user, offset, updateFormat) => post('/v2/updates/update-by-offset', { offset, updateFormat }, user),
    close: () => handle.close(),
  };
}

let commandCounter = 0;
export function uniqueCommandId(prefix = 'cmd'): string {
  commandCounter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${commandCounter}`;
}

export const IOU = '#CantonExamples:Iou:Iou';
export const ACCOUNT = '#CantonExamples:Account:Account';
export const ASSET = '#CantonExamples:Asset:Asset';

export function iouArguments(payer: string, owner: string, value = '100.0', viewers: string[] = []): Record<string, unknown> {
  return { payer, owner, amount: { value, currency: 'USD' }, viewers };
}

export function createIou(payer: string, owner: string, value = '100.0'): Record<string, unknown> {
  return { CreateCommand: { templateId: IOU, createArguments: iouArguments(payer, owner, value) } };
}

export function exercise(templateId: string, contractId: string, choice: string, choiceArgument: unknown = {}): Record<string, unknown> {
  return { ExerciseCommand: { templateId, contractId, choice, choiceArgument } };
}

/** A wildcard event format for the given parties. */
export function wildcardFor(parties: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { filtersByParty: Object.fromEntries(parties.map((party) => [party, { cumulative: [] }])), verbose: true, ...extra };
}

export function transactionsFormat(parties: string[], shape: string, filters?: unknown[]): Record<string, unknown> {
  const byParty = Object.fromEntries(parties.map((party) => [party, { cumulative: filters ?? [] }]));
  return { includeTransactions: { eventFormat: { filtersByParty: byParty, verbose: true }, transactionShape: shape } };
}

/** Signs a prepared transaction hash (base64) with a fixture external party's private key. */
export function signHash(fixtures: Fixtures, alias: string, hashBase64: string): { party: string; signatures: unknown[] } {
  const party = fixtures.parties.find((candidate) => candidate.alias === alias);
  if (!party?.external?.privateKey) throw new Error(`fixture party ${alias} has no private key`);
  const key = createPrivateKey({ key: Buffer.from(party.external.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  const signature = sign(null, Buffer.from(hashBase64, 'base64'), key).toString('base64');
  return {
    party: party.id,
    signatures: [
      {
        format: 'SIGNATURE_FORMAT_CONCAT',
        signature,
        signedBy: party.external.fingerprint,
        signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
      },
    ],
  };
}

/** Polls until `check` returns a value (asynchronous commits), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
