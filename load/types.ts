/**
 * The vocabulary shared by scenarios, the two load models and the result writer.
 */
import type { Fixtures, TargetConfig } from '../config/types.js';
import type { TokenProvider } from '../client/auth.js';

/** One HTTP request of a scenario, with what a correct answer to it looks like. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Reused objects are welcome: the closed model caches the serialized header block per object. */
  headers: Record<string, string>;
  body?: string;
  expect: ResponseExpectation;
}

export interface ResponseExpectation {
  /** Statuses a correct target answers with; anything else counts as an error. */
  statuses: readonly number[];
  /** For an expected error answer: the `code` of its JsCantonError body. */
  errorCode?: string;
  /** The response schema (specification/schemas, or the readiness text) a sample of the bodies is validated against. */
  schema?: ResponseSchemaName;
  /**
   * The sub-scenario a request of `mixed` belongs to: its figures are also kept per sub-scenario, for
   * thresholds like `p95{scenario:readyz} < 5ms`.
   */
  scenario?: string;
}

export const responseSchemaNames = ['SubmitAndWaitResponse', 'GetUpdateResponse', 'JsCantonError', 'ReadyzText'] as const;
export type ResponseSchemaName = (typeof responseSchemaNames)[number];

/** What a scenario gets to prepare itself: where the target is and who may act on it. */
export interface ScenarioContext {
  target: TargetConfig;
  fixtures: Fixtures;
  /** Base URL of the participant interface under load. */
  participantUrl: string;
  tokens: Pick<TokenProvider, 'tokenFor'>;
  /** Options of a scenario from `load.scenarios.<name>` in the config (empty when none). */
  optionsOf(scenario: string): Record<string, unknown>;
  /** Unique per run and shard; command ids carry it so shards and repeated runs never collide. */
  commandIdPrefix: string;
  /** A request of a seeding phase (not measured), sent through the load run's one client; aborted with `signal`. */
  send(request: Omit<LoadRequest, 'expect'>): Promise<{ status: number; body: string }>;
  /**
   * Aborted on Ctrl-C. A long preparation (seeding) checks it between requests and stops by throwing
   * (`signal?.throwIfAborted()`): the run then ends at once with a result saying it was aborted in setup.
   */
  signal?: AbortSignal;
}

/** A request source for one run: `next()` is called once per request, in send order. */
export interface RequestStream {
  next(): LoadRequest;
}

export interface Scenario {
  name: string;
  description: string;
  /** Prepares the scenario (tokens, seeding) and returns the stream of requests to send; stops when `context.signal` aborts. */
  prepare(context: ScenarioContext): Promise<RequestStream>;
}
