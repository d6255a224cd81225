/**
 * The search for an executed prepared Iou (suites/support/prepared-iou.ts `findPreparedIou`) against a fake slow node
 * whose commit comes after execute's answer (execute is asynchronous): the search that counts every commit waits for the
 * first one, then scans its quiet window for a second. A search bounded by one short window alone found none through a
 * slow link, and the test that asserts exactly one commit (flows / canton answers) failed a sound node.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponse, AnyClientRequest } from '../../client/http.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { runContextEnvVar } from '../../harness/library/run-context.js';
import { COUNT_EVERY_COMMIT, findPreparedIou, type PreparedIou } from '../../suites/support/prepared-iou.js';
import { jsonAnswer } from '../checks/support.js';

const parties = [
  { alias: 'bank', id: 'Bank::1220aa' },
  { alias: 'alice', id: 'Alice::1220aa' },
  { alias: 'dana', id: 'Dana::1220aa' },
];
const users = [
  { id: 'bank-user', rights: { actAs: ['bank'], readAs: [], executeAs: [] } },
  { id: 'alice-user', rights: { actAs: ['alice'], readAs: [], executeAs: [] } },
];

/**
 * A node answering every request after `delayMs`; the prepared Iou is committed `commitAfterMarkers` ledger-end markers
 * after the search starts (just before that marker), `commits` times.
 */
function slowNode(delayMs: number, commitAfterMarkers: number, commits = 1): { context: ConformanceContext; prepared: PreparedIou } {
  const prepared = { payer: { id: 'Dana::1220aa' }, owner: 'Alice::1220aa', amount: '17.0' } as unknown as PreparedIou;
  const ledger = new Map<number, 'iou' | 'marker'>();
  let end = 10;
  let markers = 0;
  const send = async (request: AnyClientRequest): Promise<ClientResponse> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const { endpoint, body } = request as { endpoint: string; body: { offset?: number } };
    if (endpoint === 'submit-and-wait') {
      markers++;
      if (markers === commitAfterMarkers) for (let index = 0; index < commits; index++) ledger.set(++end, 'iou');
      ledger.set(++end, 'marker');
      return jsonAnswer(200, { updateId: `u${end}`, completionOffset: end });
    }
    const offset = body.offset!;
    if (ledger.get(offset) !== 'iou') return jsonAnswer(404, { code: 'UPDATE_NOT_FOUND', cause: 'Update not found, or not visible.' });
    const created = {
      CreatedEvent: {
        contractId: `c${offset}`,
        createArgument: { payer: prepared.payer.id, owner: prepared.owner, amount: { value: prepared.amount, currency: 'USD' } },
      },
    };
    return jsonAnswer(200, { update: { Transaction: { value: { updateId: `u${offset}`, offset, events: [created] } } } });
  };
  const context = {
    fixtures: { parties, templates: { iou: { templateId: '#CantonExamples:Iou:Iou' } } },
    party: (alias: string) => parties.find((party) => party.alias === alias)!.id,
    userWhere: (_description: string, predicate: (user: (typeof users)[number]) => boolean) => users.find(predicate)!,
    send,
  } as unknown as ConformanceContext;
  return { context, prepared };
}

beforeAll(() => {
  const file = join(mkdtempSync(join(tmpdir(), 'prepared-iou-search-')), 'context.json');
  writeFileSync(file, JSON.stringify({ config: { run: { timeoutScale: 1 } } }));
  process.env[runContextEnvVar] = file;
});

describe('findPreparedIou through a slow link', () => {
  // The bounds flows / canton answers counts the commits of a change id executed twice with.
  it('counting every commit, it waits for a commit that lands after the first marker, then stops after its quiet window', async () => {
    const { context, prepared } = slowNode(1_000, 2);
    const found = await findPreparedIou(context, prepared, { after: 10, ...COUNT_EVERY_COMMIT }, false);
    expect(found.map((entry) => entry.offset)).toEqual([12]);
  }, 30_000);

  it('a second commit is still counted', async () => {
    const { context, prepared } = slowNode(100, 1, 2);
    const found = await findPreparedIou(context, prepared, { after: 10, ...COUNT_EVERY_COMMIT }, false);
    expect(found.map((entry) => entry.offset)).toEqual([11, 12]);
  }, 30_000);
});
