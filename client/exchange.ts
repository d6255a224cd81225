/** One request and its response as a report shows them: tokens redacted, long bodies cut, and a curl command. */
import { redactHeaders, toCurl } from './curl.js';
import type { ClientResponse, RecordedRequest } from './http.js';

export interface RecordedExchange {
  request: {
    method: string;
    url: string;
    /** Token values are already redacted (`Bearer <redacted>`). */
    headers: Record<string, string>;
    body?: string;
    bodyBase64?: string;
  };
  response?: {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  /** A curl command reproducing the request, with `$TOKEN` in place of the token. */
  curl: string;
  /** The fixture user whose token the request carried: `ledger-conformance token --user <user>` prints one. */
  user?: string;
}

const maxBodyInReport = 8_000;

export function recordExchange(request: RecordedRequest, response?: ClientResponse): RecordedExchange {
  const body = response?.text ?? '';
  return {
    request: {
      method: request.method,
      url: request.url,
      headers: redactHeaders(request.headers),
      ...(request.body !== undefined
        ? {
            body:
              request.body.length > maxBodyInReport
                ? `${request.body.slice(0, maxBodyInReport)}…(${request.body.length} chars)`
                : request.body,
          }
        : {}),
      ...(request.bodyBase64 !== undefined && request.bodyBase64.length <= 64_000 ? { bodyBase64: request.bodyBase64 } : {}),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            headers: response.headers,
            body: body.length > maxBodyInReport ? `${body.slice(0, maxBodyInReport)}…(${body.length} chars)` : body,
          },
        }
      : {}),
    curl: toCurl(request),
    ...(request.user !== undefined ? { user: request.user } : {}),
  };
}
