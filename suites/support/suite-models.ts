/**
 * The suite's own Daml models on the target (daml/lf/*.lf, provisioned as `suitePackages`): a template id of a model the
 * node has, or a skip with the reason; a submission's created events read back as the party sees them.
 */
import type { ClientResponse } from '../../client/http.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import type { ClauseId } from '../../specification/clauses.js';
import { createdEvents, partyView, transactionOf, type JsonObject, type Shape, type TransactionEvent } from './ledger.js';

/** `#conformance-<model>:Module:Entity` of a suite model the fixtures name, or a skip naming the missing package. */
export function suiteTemplates(context: ConformanceContext, model: 'semantics' | 'limits'): (entity: string) => string {
  const name = `conformance-${model}`;
  const pkg = context.fixtures.suitePackages?.[name];
  if (pkg === undefined) {
    return context.skip(
      `the node has no ${name} package (fixtures suitePackages.${name}; provision uploads daml/dars/${name}.dar, built from daml/lf/${model}.lf)`,
    );
  }
  const module = model === 'semantics' ? 'Semantics' : 'Limits';
  return (entity) => `#${pkg.name}:${module}:${entity}`;
}

export const create = (templateId: string, createArguments: JsonObject): JsonObject => ({
  CreateCommand: { templateId, createArguments },
});

export const exercise = (templateId: string, contractId: string, choice: string, choiceArgument: JsonObject = {}): JsonObject => ({
  ExerciseCommand: { templateId, contractId, choice, choiceArgument },
});

export const createAndExercise = (
  templateId: string,
  createArguments: JsonObject,
  choice: string,
  choiceArgument: JsonObject = {},
): JsonObject => ({
  CreateAndExerciseCommand: { templateId, createArguments, choice, choiceArgument },
});

/** The completion offset of an accepted submit-and-wait answer. */
export function completionOffset(response: ClientResponse): number {
  return Number((parseJsonLossless(response.text) as { completionOffset?: unknown } | undefined)?.completionOffset);
}

/** The events of the transaction at an accepted submission's offset as `party` sees it (a wildcard filter). */
export async function eventsOf(
  context: ConformanceContext,
  user: string,
  submitted: ClientResponse,
  party: string,
  shape: Shape,
  clauseId: ClauseId,
): Promise<{ events: TransactionEvent[]; response: ClientResponse }> {
  const response = await partyView(context, user, completionOffset(submitted), party, shape);
  return { events: transactionOf(response, clauseId).events, response };
}

/** The contract ids of the created events, in node order. */
export const createdIds = (events: TransactionEvent[]): string[] => createdEvents(events).map((event) => String(event.contractId));
