/**
 * `update-by-offset`: a seeding phase (not measured) submits commands and keeps their offsets; the
 * measured phase looks them up with a mix of update formats (party filter with a wildcard or a template
 * filter, a wildcard for any party when an admin user is configured; both transaction shapes) and a configurable share of lookups that must answer
 * `UPDATE_NOT_FOUND` (a party filter naming a party that is no stakeholder of the update).
 */
import { ScenarioSetupError, type Actor } from '../actors.js';
import { loadLimits } from '../limits.js';
import { numberOption } from '../scenario-options.js';
import type { LoadRequest, RequestStream, Scenario, ScenarioContext } from '../types.js';
import { createSubmitStream } from './submit-and-wait.js';
import { endpointPath } from '../../specification/endpoints.js';

const updateByOffsetPath = endpointPath('update-by-offset');

const name = 'update-by-offset';
const shapes = ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const;
/** One object per kind of answer: the open model numbers expectations by identity. */
const updateFound: LoadRequest['expect'] = { statuses: [200], schema: 'GetUpdateResponse' };

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
    // Reading for any party takes a user with Canton's CanReadAsAnyParty right (participant_admin does not grant it).
    const reader = context.fixtures.users.find((user) => user.rights.readAsAnyParty && !user.isDeactivated);
    if (reader) {
      const token = await context.tokens.tokenFor(reader.id);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      };
      formats.push(() => ({
        headers,
        eventFormat: { filtersForAnyParty: { cumulative: [{ identifierFilter: wildcard }] }, verbose: true },
      }));
    }
    const formatCount = formats.length * shapes.length;
    const foundAt = (index: number): LoadRequest => {
      // Walks offsets fastest and formats slowest, so consecutive lookups differ in both.
      const update = seeded[index % seeded.length]!;
      const format = Math.floor(index / seeded.length);
      const shape = shapes[Math.floor(format / formats.length)]!;
      return lookup(update.offset, formats[format % formats.length]!(update), shape, updateFound);
    };
    const found = builtOnFirstUse(foundAt, seeded.length * formatCount);
    const notFound = builtOnFirstUse(notFoundLookups(seeded, wildcard), seeded.length);
    return mixStream(found, notFound, notFoundShare);
  },
};

/**
 * Submits `count` commands, `loadLimits.maxSetupConcurrency` at a time, and keeps their offsets.
 * Stops between submits when the run is aborted (Ctrl-C; in-flight submits are aborted too) or when
 * one submit failed, so neither a user nor a broken target waits for the remaining ones.
 */
async function seed(context: ScenarioContext, count: number): Promise<SeededUpdate[]> {
  const submits = await createSubmitStream({ ...context, commandIdPrefix: `${context.commandIdPrefix}-seed` }, name);
  const seeded: SeededUpdate[] = [];
  let issued = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (issued < count && !failed) {
      context.signal?.throwIfAborted();
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
  const stopAllOnFailure = (error: unknown): never => {
    failed = true;
    throw error;
  };
  await Promise.all(Array.from({ length: Math.min(loadLimits.maxSetupConcurrency, count) }, () => worker().catch(stopAllOnFailure)));
  return seeded;
}

/** Who reads an update, and with which event format. */
type LookupFormat = (update: SeededUpdate) => { headers: Record<string, string>; eventFormat: object };

function partyFilter(party: string, identifierFilter: object): object {
  return { filtersByParty: { [party]: { cumulative: [{ identifierFilter }] } }, verbose: true };
}

function lookup(offset: number, format: ReturnType<LookupFormat>, shape: string, expect: LoadRequest['expect']): LoadRequest {
  const body = JSON.stringify({
    offset,
    updateFormat: { includeTransactions: { eventFormat: format.eventFormat, transactionShape: shape } },
  });
  return { method: 'POST', path: updateByOffsetPath, headers: format.headers, body, expect };
}

/**
 * Lookups every event of which is filtered out: an update read for a party that is no stakeholder
 * (the target must answer UPDATE_NOT_FOUND). With a single acting party, an offset far beyond the
 * seeded ones (and so beyond the ledger end) is looked up instead.
 */
function notFoundLookups(seeded: SeededUpdate[], wildcard: object): (index: number) => LoadRequest {
  const expect: LoadRequest['expect'] = { statuses: [404], errorCode: 'UPDATE_NOT_FOUND', schema: 'JsCantonError' };
  // One actor per party (few), so finding an outsider does not walk all seeded updates per lookup.
  const partyActors: Actor[] = [];
  let highestOffset = 0;
  for (const { actor, offset } of seeded) {
    if (!partyActors.some((known) => known.party === actor.party)) partyActors.push(actor);
    highestOffset = Math.max(highestOffset, offset);
  }
  return (index) => {
    const update = seeded[index]!;
    const outsider = partyActors.find((actor) => actor.party !== update.actor.party);
    if (outsider)
      return lookup(update.offset, { headers: outsider.headers, eventFormat: partyFilter(outsider.party, wildcard) }, shapes[0], expect);
    return lookup(
      highestOffset + 1_000_000_000,
      { headers: update.actor.headers, eventFormat: partyFilter(update.actor.party, wildcard) },
      shapes[0],
      expect,
    );
  };
}

/**
 * Request `index` of `count` (cyclic), built on its first use and kept: building every lookup of
 * 100,000 seeded updates up front would hold the run (and Ctrl-C) for seconds before it starts.
 */
function builtOnFirstUse(build: (index: number) => LoadRequest, count: number): (sequence: number) => LoadRequest {
  const built: LoadRequest[] = [];
  return (sequence) => {
    const index = sequence % count;
    return (built[index] ??= build(index));
  };
}

/** Spreads the not-found lookups evenly: exactly ⌊n·share⌋ of the first n requests. */
function mixStream(
  found: (sequence: number) => LoadRequest,
  notFound: (sequence: number) => LoadRequest,
  notFoundShare: number,
): RequestStream {
  let sequence = 0;
  let foundIndex = 0;
  let notFoundIndex = 0;
  return {
    next() {
      const takeNotFound = Math.floor((sequence + 1) * notFoundShare) > Math.floor(sequence * notFoundShare);
      sequence += 1;
      return takeNotFound ? notFound(notFoundIndex++) : found(foundIndex++);
    },
  };
}
