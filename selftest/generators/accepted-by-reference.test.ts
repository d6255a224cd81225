/**
 * "Accepted" means accepted: generated `accepted` requests, sent to the embedded reference target with
 * the token of their `asUser`, are carried out (2xx). Run as properties (bias on, as in a suite run), also
 * replayed and shrunk against the same node, so that ids that repeat, Numerics at the edge of their range
 * and formats the user may not read show up.
 *
 * update-by-offset may also answer UPDATE_NOT_FOUND (404): an accepted lookup names an offset and
 * filters, and the target may hold no update there that the filters show; any other answer fails.
 * Execute bodies get a real prepared transaction and signature (prepare as the body's user for the
 * body's external party, sign the hash with the party's fixture key), as the suites do.
 */
import { createPrivateKey, sign } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenProvider, type TokenProvider } from '../../client/auth.js';
import { loadConfig } from '../../config/load.js';
import type { Fixtures, ReferenceTargetConfig } from '../../config/types.js';
import { generatorContextFromFixtures, validRequests, withPreparedSubmission, type GeneratedRequest } from '../../generators/index.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { stringifyJson } from '../../specification/json.js';
import { SEED } from './support.js';

const RUNS = 100;
/**
 * Lookups are cheap, and some formats are rare: an update format without any of its three optional
 * parts (which Canton rejects) is one value in 216.
 */
const LOOKUP_RUNS = 1000;

interface Answer {
  status: number;
  text: string;
}

let target: ReferenceTargetConfig;
let reference: ReferenceHandle;
let tokens: TokenProvider;

beforeAll(async () => {
  const config = await loadConfig({ env: {}, dotenvPath: false });
  if (config.target.kind !== 'reference') throw new Error('the committed default config must select the reference target');
  target = config.target;
  reference = await startReference({ target });
  tokens = createTokenProvider(target.auth, target.fixtures);
});

afterAll(async () => {
  await reference?.close();
});

async function post(path: string, body: unknown, user: string | undefined): Promise<Answer> {
  if (user === undefined) throw new Error(`an accepted request to ${path} must name the user who sends it (asUser)`);
  const token = await tokens.tokenFor(user);
  const response = await fetch(`${reference.participantUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: stringifyJson(body),
  });
  return { status: response.status, text: await response.text() };
}

function send(request: GeneratedRequest): Promise<Answer> {
  return post(request.path, request.body, request.asUser);
}

/** Runs `arbitrary` as a property: every value must get an answer `acceptable` allows. */
async function everyAnswer(
  arbitrary: fc.Arbitrary<GeneratedRequest>,
  answer: (request: GeneratedRequest) => Promise<Answer>,
  acceptable: (reply: Answer) => boolean,
  numRuns = RUNS,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  // endOnFailure: the first rejection is the finding; shrinking would only send more requests.
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const reply = await answer(request);
      answers.push(reply);
      expect(
        acceptable(reply),
        `${request.asUser} sent ${stringifyJson(request.body)}\n→ ${reply.status} ${reply.text.slice(0, 500)}`,
      ).toBe(true);
    }),
    { seed: SEED, numRuns, endOnFailure: true },
  );
  return answers;
}

const is2xx = (reply: Answer) => reply.status >= 200 && reply.status < 300;

function privateKeyOf(fixtures: Fixtures, partyId: string) {
  const key = fixtures.parties.find((party) => party.id === partyId)?.external?.privateKey;
  if (key === undefined) throw new Error(`the fixtures hold no private key for the external party ${partyId}`);
  return createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
}

/** Prepares an Iou create paid by the body's external party, as the body's user, and signs its hash. */
async function preparedFor(request: GeneratedRequest, index: number) {
  const body = request.body as { partySignatures: { signatures: { party: string }[] } };
  const party = body.partySignatures.signatures[0]!.party;
  const { fixtures } = target;
  const owner = fixtures.parties.find((candidate) => candidate.alias === 'alice')!.id;
  const prepare = {
    userId: request.asUser,
    commandId: `accepted-by-reference-${index}`,
    commands: [
      {
        CreateCommand: {
          templateId: fixtures.templates.iou.templateId,
          createArguments: { payer: party, owner, amount: { value: '1.0', currency: 'USD' }, viewers: [] },
        },
      },
    ],
    actAs: [party],
    readAs: [],
    synchronizerId: fixtures.synchronizerId,
    packageIdSelectionPreference: [],
  };
  const reply = await post('/v2/interactive-submission/prepare', prepare, request.asUser);
  if (reply.status !== 200) throw new Error(`prepare failed: ${reply.status} ${reply.text.slice(0, 300)}`);
  const prepared = JSON.parse(reply.text) as { preparedTransaction: string; preparedTransactionHash: string };
  const signature = sign(null, Buffer.from(prepared.preparedTransactionHash, 'base64'), privateKeyOf(fixtures, party)).toString('base64');
  return { preparedTransaction: prepared.preparedTransaction, signature };
}

describe('accepted requests are accepted by the reference target', () => {
  const accepted = () => validRequests(generatorContextFromFixtures(target.fixtures), 'accepted');

  it('submit-and-wait: every body is carried out, also when the run is replayed with its seed', async () => {
    // A replay (same seed, same node, as `--seed` against a remote target) must not repeat ids the node remembers.
    for (const _replay of [1, 2]) {
      const answers = await everyAnswer(accepted()['submit-and-wait'], send, is2xx);
      expect(answers).toHaveLength(RUNS);
    }
  });

  it('submit-and-wait: the values fast-check shrinks a body to are carried out too', async () => {
    const replies: Answer[] = [];
    // A property that always fails: fast-check shrinks its first value as far as it can, sending each step.
    const details = await fc.check(
      fc.asyncProperty(accepted()['submit-and-wait'], async (request) => {
        replies.push(await send(request));
        return false;
      }),
      { seed: SEED + 1, numRuns: 1 },
    );
    expect(details.numShrinks).toBeGreaterThan(0);
    expect(replies.filter((reply) => !is2xx(reply)).map((reply) => `${reply.status} ${reply.text.slice(0, 300)}`)).toEqual([]);
  });

  it('update-by-offset: every lookup is answered with an update or UPDATE_NOT_FOUND', async () => {
    const notFound = (reply: Answer) => reply.status === 404 && reply.text.includes('UPDATE_NOT_FOUND');
    const answers = await everyAnswer(
      accepted()['update-by-offset'],
      send,
      (reply) => reply.status === 200 || notFound(reply),
      LOOKUP_RUNS,
    );
    // Half the lookups name a seeded update's offset: some must find one, or this test proves little.
    expect(answers.filter((reply) => reply.status === 200).length).toBeGreaterThan(LOOKUP_RUNS / 10);
  });

  it('execute: every body, with a real prepared transaction and signature, is executed', async () => {
    let prepared = 0;
    const execute = (request: GeneratedRequest) =>
      preparedFor(request, prepared++).then((real) =>
        send({ ...request, body: withPreparedSubmission(request.body as Record<string, unknown>, real) }),
      );
    const answers = await everyAnswer(accepted().execute, execute, is2xx);
    expect(answers).toHaveLength(RUNS);
  });
});
