/**
 * The recording layer of the client: what a request looked like on the wire, kept with its answer so a failure can be
 * shown (client/exchange.ts) and reproduced as a curl command (client/curl.ts).
 */
import { repeatedFreshIds } from './fresh-id.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text of the body; binary bodies as `<N bytes>` with `bodyBase64` set. */
  body?: string;
  bodyBase64?: string;
  /** The fixture user whose token the request carried (`ledger-conformance token --user` prints one). */
  user?: string;
  /** Fresh command or submission ids this request sent a second time (a test's repeat): its curl keeps them. */
  repeatedIds?: string[];
}

/** The recorded form of a request about to be sent: its body as text, or as base64 when it is bytes. */
export function recordRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: string | Buffer | undefined,
  user?: string,
): RecordedRequest {
  const repeatedIds = typeof payload === 'string' ? repeatedFreshIds(payload) : [];
  return {
    method,
    url,
    headers,
    ...(user === undefined ? {} : { user }),
    ...(repeatedIds.length > 0 ? { repeatedIds } : {}),
    ...(payload === undefined
      ? {}
      : Buffer.isBuffer(payload)
        ? { body: `<${payload.length} bytes>`, bodyBase64: payload.toString('base64') }
        : { body: payload }),
  };
}
