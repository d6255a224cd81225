/**
 * `submit-and-wait`: every request creates a contract from the configured template, with a command id
 * unique to the run, shard and request (so the target never deduplicates it), rotating over the users
 * that may act and their tokens.
 */
import { createArgumentsFor, resolveActors, type Actor } from '../actors.js';
import { stringListOption } from '../scenario-options.js';
import type { LoadRequest, RequestStream, Scenario, ScenarioContext } from '../types.js';
import { endpointPath } from '../../specification/endpoints.js';

const submitAndWaitPath = endpointPath('submit-and-wait');

const commandIdSlot = '\u0000command-id\u0000';
/** One object for every request: the open model numbers expectations by identity. */
const submitted: LoadRequest['expect'] = { statuses: [200], schema: 'SubmitAndWaitResponse' };

/**
 * A stream of create commands; the body of each actor is serialized once with a slot for the command
 * id, so a request costs two string concatenations.
 */
export async function createSubmitStream(context: ScenarioContext, scenario: string): Promise<RequestStream & { actors: Actor[] }> {
  const { fixtures } = context;
  const actors = await resolveActors(fixtures, context.tokens, stringListOption(context.optionsOf(scenario), scenario, 'users'));
  const template = fixtures.templates.iou;
  const bodies = actors.map((actor) => {
    const body = JSON.stringify({
      commands: [
        { CreateCommand: { templateId: template.templateId, createArguments: createArgumentsFor(template, fixtures, actor.party) } },
      ],
      commandId: commandIdSlot,
      actAs: [actor.party],
      userId: actor.userId,
    });
    const [before, after] = body.split(JSON.stringify(commandIdSlot)) as [string, string];
    return { before: `${before}"`, after: `"${after}` };
  });
  let sequence = 0;
  return {
    actors,
    next(): LoadRequest {
      const index = sequence % actors.length;
      const body = bodies[index]!;
      const request: LoadRequest = {
        method: 'POST',
        path: submitAndWaitPath,
        headers: actors[index]!.headers,
        body: `${body.before}${context.commandIdPrefix}-${sequence}${body.after}`,
        expect: submitted,
      };
      sequence += 1;
      return request;
    },
  };
}

export const submitAndWaitScenario: Scenario = {
  name: 'submit-and-wait',
  description: 'creates a contract per request (unique command id), rotating over the users that may act',
  prepare: (context) => createSubmitStream(context, 'submit-and-wait'),
};
