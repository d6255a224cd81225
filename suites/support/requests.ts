/**
 * What the participant endpoint suites share: the generator context of the target's fixtures, sending a
 * generated request through the suite client, and small builders of valid bodies from the fixtures.
 */
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import type { Fixtures } from '../../config/types.js';
import { generatorContextFromFixtures, type GeneratedRequest, type GeneratorContext, freshId } from '../../generators/index.js';
import type { SuiteEnvironment } from '../../harness/library/environment.js';
import type { DescriptorName, ENDPOINT_DESCRIPTORS } from '../../specification/endpoints.js';

const contexts = new WeakMap<Fixtures, GeneratorContext>();

/** The generators' view of the target's fixtures (built once per fixtures object). */
export function generatorContext(fixtures: Fixtures): GeneratorContext {
  let context = contexts.get(fixtures);
  if (context === undefined) {
    context = generatorContextFromFixtures(fixtures);
    contexts.set(fixtures, context);
  }
  return context;
}

/** Sends a generated request as `user` (the client writes int64 beyond 2^53 as exact JSON numbers). */
export function sendGenerated(environment: SuiteEnvironment, request: GeneratedRequest, user: string | null): Promise<ClientResponse> {
  const { body } = request;
  const clientRequest: ClientRequest = {
    api: request.target,
    method: request.method,
    path: request.path,
    user,
    ...(request.query ? { query: request.query } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(body !== undefined ? { body } : {}),
  };
  return environment.send(clientRequest);
}

/** The endpoints a POST goes to (specification/endpoints.ts). */
export type PostEndpointName = {
  [Name in DescriptorName]: (typeof ENDPOINT_DESCRIPTORS)[Name]['method'] extends 'POST' ? Name : never;
}[DescriptorName];

/** Sends a JSON body to a POST endpoint, named by its descriptor. */
export function postJson(
  environment: SuiteEnvironment,
  endpoint: PostEndpointName,
  body: unknown,
  user: string | null,
): Promise<ClientResponse> {
  return environment.send({ endpoint, user, body });
}

export interface IouTerms {
  payer: string;
  owner: string;
  amount?: string;
}

/** A CreateCommand of the fixture Iou template (payer is its signatory). */
export function createIouCommand(fixtures: Fixtures, terms: IouTerms): Record<string, unknown> {
  return {
    CreateCommand: {
      templateId: fixtures.templates.iou.templateId,
      createArguments: { payer: terms.payer, owner: terms.owner, amount: { value: terms.amount ?? '100.0', currency: 'USD' }, viewers: [] },
    },
  };
}

/** A minimal valid submit-and-wait body: one Iou create by `payer`, who is the only act-as party. */
export function iouSubmission(fixtures: Fixtures, terms: IouTerms): Record<string, unknown> {
  return { commands: [createIouCommand(fixtures, terms)], commandId: freshId('cmd'), actAs: [terms.payer] };
}
