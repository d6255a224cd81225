/**
 * The retry layer of the client: an idempotent read (GET) is sent again after a transport fault, up to `retries`
 * times (opt-in, `--retry-transport`); a write never is. Every fault is reported to `onFault`, retried or not.
 */
import { TransportFault } from './undici-transport.js';

/** Observes every transport fault the client meets, including those a retry survived. */
export type TransportFaultListener = (fault: TransportFault, retried: boolean) => void;

export async function withRetries<T>(
  method: string,
  retries: number,
  attempt: () => Promise<T>,
  onFault?: TransportFaultListener,
): Promise<T> {
  const allowed = method === 'GET' ? retries : 0;
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransportFault)) throw error;
      const retry = tried < allowed;
      onFault?.(error, retry);
      if (!retry) throw error;
    }
  }
}
