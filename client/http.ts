/**
 * The client the suites, provision and the load harness use to talk to a target: four layers composed here.
 * - auth (client/auth.ts): the token of a fixture user, in the header it belongs in;
 * - retries (client/retry.ts): an idempotent read sent again after a transport fault, never a write;
 * - recording (client/recording.ts): every exchange kept as sent (method, URL, headers, body) with its answer, so a
 *   failure can be shown and reproduced as a curl command;
 * - transport (client/undici-transport.ts): one exchange over undici, its faults, and the one probe of a target.
 */
import { ENDPOINT_DESCRIPTORS, endpointPath, type DescriptorName } from '../specification/endpoints.js';
import { stringifyJson } from '../specification/json.js';
import type { TargetConfig } from '../config/types.js';
import { authorize, createTokenProvider, type TokenProvider } from './auth.js';
import { recordRequest } from './recording.js';
import { withRetries, type TransportFaultListener } from './retry.js';
import { Transport, type ClientResponse } from './undici-transport.js';

export type { RecordedRequest } from './recording.js';
export type { TransportFaultListener } from './retry.js';
export {
  acceptsConnection,
  describeTransportFault,
  probeTarget,
  TargetUnreachableError,
  TRANSPORT_FAULT_KINDS,
  TransportFault,
  type ClientResponse,
  type TransportFaultKind,
} from './undici-transport.js';

export type Api = 'participant' | 'scan';

export interface ClientRequest {
  api: Api;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path below the API's base URL, filled in and encoded (`endpointPath` of specification/endpoints.ts builds it). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** JSON body (serialised losslessly: bigints as exact numbers), a string sent as is, or raw bytes. */
  body?: unknown;
  /** Act as this fixture user: its token is sent as `Authorization: Bearer`. `null` sends no token. */
  user?: string | null;
  /** Send this exact token (overrides `user`). */
  token?: string;
  /** Where to put the token. */
  tokenIn?: 'authorization' | 'websocket-protocol';
  timeoutMs?: number;
  /** Aborts the request (a load run's Ctrl-C): the abort error is thrown as it is, never taken for a transport fault. */
  signal?: AbortSignal;
}

/**
 * A request named by its endpoint descriptor (specification/endpoints.ts) instead of its API, method and path:
 * `{ endpoint: 'users.get', params: { 'user-id': id }, user }`. `params` fills the path template (encoded).
 */
export interface EndpointRequest extends Omit<ClientRequest, 'api' | 'method' | 'path'> {
  endpoint: DescriptorName;
  params?: Record<string, string>;
}

export type AnyClientRequest = ClientRequest | EndpointRequest;

/** The plain request an endpoint request stands for (a plain request is returned as it is). */
export function resolveRequest(input: AnyClientRequest): ClientRequest {
  if (!('endpoint' in input)) return input;
  const { endpoint, params, ...rest } = input;
  const { api, method } = ENDPOINT_DESCRIPTORS[endpoint];
  return { ...rest, api, method, path: endpointPath(endpoint, params) };
}

export interface TargetEndpoints {
  participant: string;
  scan?: string;
}

/** What a client's transport does beyond one exchange: retries, fault reporting, pool size, waiting for a node gone away. */
export interface ClientTransportOptions {
  retries?: number;
  onFault?: TransportFaultListener;
  maxInFlight?: number;
  /**
   * On a refused connection, wait up to this long (ms) for the node to accept connections again before the
   * fault is thrown (the request is not sent again): a node that went away is then told apart from a
   * faulty one by the runner, instead of every test failing at once.
   */
  deadNodeMs?: number;
}

/**
 * The one connection of a process to the target: its client and the one token provider it holds (`client.tokens`),
 * built from the target's auth and fixtures. The runner's process opens one for preflight, the certificate and the
 * latency probe; each suite worker opens one (harness/library/environment.ts: threads share no objects); a load run
 * opens one for its seeding.
 */
export function connectTarget(
  target: Pick<TargetConfig, 'auth' | 'fixtures'>,
  endpoints: TargetEndpoints,
  defaultTimeoutMs: number,
  transport: ClientTransportOptions = {},
): TargetClient {
  return new TargetClient(endpoints, createTokenProvider(target.auth, target.fixtures), defaultTimeoutMs, transport);
}

export class TargetClient {
  private readonly transportLayer: Transport;

  constructor(
    readonly endpoints: TargetEndpoints,
    /** The token provider of this client: tokens of fixture users, and minted ones where the auth kind allows. */
    readonly tokens: TokenProvider,
    private readonly defaultTimeoutMs = 10_000,
    private readonly transport: ClientTransportOptions = {},
  ) {
    this.transportLayer = new Transport({
      ...(transport.maxInFlight === undefined ? {} : { maxInFlight: transport.maxInFlight }),
      ...(transport.deadNodeMs === undefined ? {} : { deadNodeMs: transport.deadNodeMs }),
    });
  }

  /** The request timeout this client applies when a request names none (ms). */
  get requestTimeoutMs(): number {
    return this.defaultTimeoutMs;
  }

  baseUrl(api: Api): string {
    const base = api === 'participant' ? this.endpoints.participant : this.endpoints.scan;
    if (base === undefined) throw new Error('the target has no scan URL configured (targets.<name>.scan or SCAN_BASE_URL)');
    return base;
  }

  url(api: Api, path: string, query?: ClientRequest['query']): string {
    const url = new URL(this.baseUrl(api) + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async send(request: AnyClientRequest): Promise<ClientResponse> {
    const input = resolveRequest(request);
    const url = this.url(input.api, input.path, input.query);
    const headers: Record<string, string> = { accept: '*/*', ...(input.headers ?? {}) };
    const token = input.token ?? (input.user ? await this.tokens.tokenFor(input.user) : undefined);
    authorize(headers, token, input.tokenIn);
    let payload: string | Buffer | undefined;
    if (input.body instanceof Uint8Array) {
      payload = Buffer.from(input.body);
      headers['content-type'] ??= 'application/octet-stream';
    } else if (typeof input.body === 'string') {
      payload = input.body;
      headers['content-type'] ??= 'application/json';
    } else if (input.body !== undefined) {
      // int64 values beyond 2^53 (bigint) go out as exact JSON numbers, as Canton writes and reads them.
      payload = stringifyJson(input.body);
      headers['content-type'] ??= 'application/json';
    }
    const user = input.token === undefined && typeof input.user === 'string' && token !== undefined ? input.user : undefined;
    const recorded = recordRequest(input.method, url, headers, payload, user);
    const timeout = input.timeoutMs ?? this.defaultTimeoutMs;
    // Only idempotent reads are ever sent again (opt-in, `--retry-transport`), never a write.
    return withRetries(
      input.method,
      this.transport.retries ?? 0,
      () => this.transportLayer.exchange(input.method, url, headers, payload, recorded, timeout, input.signal),
      this.transport.onFault,
    );
  }

  async close(): Promise<void> {
    await this.transportLayer.close();
  }
}
