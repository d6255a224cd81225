/**
 * `update-by-offset`: a seeding phase (not measured) submits commands and keeps their offsets; the
 * measured phase looks them up with a mix of update formats (party filter with a wildcard or a template
 * filter, a wildcard for any party when an admin user is configured; both transaction shapes) and a configurable share of lookups that must answer
 * `UPDATE_NOT_FOUND` (a party filter naming a party that is no stakeholder of the update).
 */
import { ScenarioSetupError, type Actor } from '../actors.js';
import { numberOption } from '../scenario-options.js';
import type { LoadRequest, RequestStream, Scenario, ScenarioContext } from '../types.js';
import { createSubmitStream } from './submit-and-wait.js';

export const updateByOffsetPath = '/v2/updates/update-by-offset';

const name = 'update-by-offset';
const seedingConcurrency = 16;
const shapes = ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const;

interface SeededUpdate {
  offset: number;
  actor: Actor;
}

export const updateByOffsetScenario: Scenario = {
  name,
  description: 'looks up seeded updates by offset with mixed update formats, plus a share of UPDATE_NOT_FOUND lookups',
  async prepare(context) {
    const options = context.optionsOf(name);
    const seedCommands = numberOption(options, name, 'seedCommands', 200, { min: 1, max: 100_000 });
    const notFoundShare = numberOption(options, name, 'notFoundShare', 0.1, { min: 0, max: 1 });
    const seeded = await seed(context, Math.round(seedCommands));
    const templateId = context.fixtures.templates.iou.templateId;
    const wildcard = { WildcardFilter: { value: { includeCreatedEventBlob: false } } };
    const templateFilter = { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } };
    const formats: LookupFormat[] = [
      (update) => ({ headers: update.actor.headers, eventFormat: partyFilter(update.actor.party, wildcard) }),
      (update) => ({ headers: update.actor.headers, eventFormat: partyFilter(update.actor.party, templateFilter) }),
    ];
    // Reading for any party takes a user that may read as any party: an admin user of the fixtures.
    const admin = context.fixtures.users.find((user) => user.rights.admin && !user.isDeactivated);
    if (admin) {
      const token = await context.tokens.tokenFor(admin.id);
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      formats.push(() => ({ headers, eventFormat: { filtersForAnyParty: { cumulative: [{ identifierFilter: wildcard }] }, verbose: true } }));
    }
    const found: LoadRequest[] = [];
    const formatCount = formats.length * shapes.length;
    for (let j = 0; j < seeded.length * formatCount; j += 1) {
      // Walks offsets fastest and formats slowest, so consecutive lookups differ in both.
      const update = seeded[j % seeded.length]!;
      const format = Math.floor(j / seeded.length) % formatCount;
      const shape = shapes[Math.floor(format / formats.length)]!;
      found.push(lookup(update.offset, formats[format % formats.length]!(update), shape, { statuses: [200], schema: 'GetUpdateResponse' }));
    }
    const notFound = seeded.map((update) => notFoundLookup(update, seeded, wildcard));
    return mixStream(found, notFound, notFoundShare);
  },
};

async function seed(context: ScenarioContext, count: number): Promise<SeededUpdate[]> {
  const submits = await createSubmitStream({ ...context, commandIdPrefix: `${context.commandIdPrefix}-seed` }, name);
  const seeded: SeededUpdate[] = [];
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < count) {
      const actor = submits.actors[issued % submits.actors.length]!;
      issued += 1;
      const request = submits.next();
      const response = await context.send(request);
      const offset = response.status === 200 ? (JSON.parse(response.body) as { completionOffset?: unknown }).completionOffset : undefined;
      if (typeof offset !== 'number') {
        throw new ScenarioSetupError(
          `load ${name}: seeding command failed with status ${response.status} at ${context.participantUrl}${request.path}: ${response.body.slice(0, 300)}`,
        );
      }
      seeded.push({ offset, actor });
    }
  };
  await Promise.all(Array.from({ length: Math.min(seedingConcurrency, count) }, worker));
  return seeded;
}

/** Who reads an update, and with which event format. */
type LookupFormat = (update: SeededUpdate) => { headers: Record<string, string>; eventFormat: object };

function partyFilter(party: string, identifierFilter: object): object {
  return { filtersByParty: { [party]: { cumulative: [{ identifierFilter }] } }, verbose: true };
}

function lookup(offset: number, format: ReturnType<LookupFormat>, shape: string, expect: LoadRequest['expect']): LoadRequest {
  const body = JSON.stringify({ offset, updateFormat: { includeTransactions: { eventFormat: format.eventFormat, transactionShape: shape } } });
  return { method: 'POST', path: updateByOffsetPath, headers: format.headers, body, expect };
}

/**
 * A lookup every event of which is filtered out: the update read for a party that is no stakeholder
 * (the target must answer UPDATE_NOT_FOUND). With a single acting party, an offset far beyond the
 * seeded ones (and so beyond the ledger end) is looked up instead.
 */
function notFoundLookup(update: SeededUpdate, seeded: SeededUpdate[], wildcard: object): LoadRequest {
  const expect: LoadRequest['expect'] = { statuses: [404], errorCode: 'UPDATE_NOT_FOUND', schema: 'JsCantonError' };
  const outsider = seeded.find((candidate) => candidate.actor.party !== update.actor.party)?.actor;
  if (outsider) return lookup(update.offset, { headers: outsider.headers, eventFormat: partyFilter(outsider.party, wildcard) }, shapes[0], expect);
  const beyond = Math.max(...seeded.map((candidate) => candidate.offset)) + 1_000_000_000;
  return lookup(beyond, { headers: update.actor.headers, eventFormat: partyFilter(update.actor.party, wildcard) }, shapes[0], expect);
}

/** Spreads the not-found lookups evenly: exactly ⌊n·share⌋ of the first n requests. */
function mixStream(found: LoadRequest[], notFound: LoadRequest[], notFoundShare: number): RequestStream {
  let sequence = 0;
  let foundIndex = 0;
  let notFoundIndex = 0;
  return {
    next() {
      const takeNotFound = Math.floor((sequence + 1) * notFoundShare) > Math.floor(sequence * notFoundShare);
      sequence += 1;
      if (takeNotFound) return notFound[notFoundIndex++ % notFound.length]!;
      return found[foundIndex++ % found.length]!;
    },
  };
}
