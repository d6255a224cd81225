/**
 * One generated HTTP request, in a shape every endpoint shares so suites can iterate them uniformly.
 */
import type { BodyMutation, InvalidTag } from '../invalid/mutation.js';

import { REQUEST_ENDPOINT_NAMES, type RequestEndpointName } from '../../specification/endpoints.js';

export const ENDPOINT_NAMES = REQUEST_ENDPOINT_NAMES;
export type EndpointName = RequestEndpointName;

export interface GeneratedRequest {
  endpoint: EndpointName;
  /** `participant` paths are below the participant base URL, `scan` paths below the scan base URL. */
  target: 'participant' | 'scan';
  method: 'GET' | 'POST';
  /** The path with its parameters filled in and URL-encoded, e.g. `/v0/domains/a%3A%3Ab/...`. */
  path: string;
  /** The raw (unencoded) path parameters. */
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * JSON bodies may hold `bigint` values (int64 beyond 2^53): serialize them with `stringifyJson`
   * (specification/json.ts), never `JSON.stringify`. DAR bodies are bytes.
   */
  body?: unknown;
  /** The user whose token must send the request for it to be authorized (accepted requests only). */
  asUser?: string;
}

export interface InvalidRequest extends GeneratedRequest {
  invalid: InvalidTag;
  /** The request without the mutation: one the target accepts (the control of the negative test). */
  base: GeneratedRequest;
  /** For body rules: the mutation, so a caller that completes the base (execute's prepared transaction) can apply it again. */
  mutation?: BodyMutation;
}

/** Fills `{name}` placeholders of a path template with URL-encoded values (specification/endpoints.ts `fillPathTemplate`). */
export { fillPathTemplate as fillPath } from '../../specification/endpoints.js';
