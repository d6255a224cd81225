/**
 * The node's transport faults over a run: the summary the reports show ("transport faults": counts per kind,
 * first examples, whether they decided the verdict), and the watch that tells a dead node from a faulty one.
 */
import { acceptsConnection } from '../../client/http.js';
import type { TestResult, TransportFaultRecord } from '../library/results.js';
import type { TransportSummary, Verdict } from './run-report.js';

const EXAMPLES = 5;

export function summarizeTransport(tests: readonly TestResult[], verdict: Verdict, nodeGone?: string): TransportSummary | undefined {
  const faults = tests.flatMap((test) => test.transportFaults ?? []);
  if (faults.length === 0 && nodeGone === undefined) return undefined;
  const byKind: Record<string, number> = {};
  for (const fault of faults) byKind[fault.kind] = (byKind[fault.kind] ?? 0) + 1;
  // Decided by them: the verdict is not certified, and no test failed or broke but at a transport fault.
  const stopped = tests.filter((test) => stoppedByTransport(test));
  const otherFailures = tests.some((test) => (test.outcome === 'failed' || test.outcome === 'error') && !stoppedByTransport(test));
  const decidedVerdict = verdict !== 'certified' && stopped.length > 0 && !otherFailures;
  const examples: TransportFaultRecord[] = [];
  for (const kind of Object.keys(byKind)) examples.push(...faults.filter((fault) => fault.kind === kind).slice(0, 1));
  for (const fault of faults) if (examples.length < EXAMPLES && !examples.includes(fault)) examples.push(fault);
  return {
    total: faults.length,
    byKind,
    retried: faults.filter((fault) => fault.retried).length,
    examples: examples.slice(0, Math.max(EXAMPLES, Object.keys(byKind).length)),
    decidedVerdict,
    ...(nodeGone !== undefined ? { nodeGone } : {}),
  };
}

/** The test ended at a transport fault of the node (not one a retry survived). */
function stoppedByTransport(test: TestResult): boolean {
  return test.failure?.check === 'http_transport' || stoppedByTimeout(test);
}

/** The test was left inconclusive by a request the node did not answer in time. */
export function stoppedByTimeout(test: TestResult): boolean {
  return (
    test.outcome === 'inconclusive' && (test.transportFaults ?? []).some((fault) => fault.kind === 'timeout' && fault.retried !== true)
  );
}

/** A line for the verdict: what the transport faults did to it. */
export function verdictNote(verdict: Verdict, transport: TransportSummary | undefined, tests: readonly TestResult[]): string | undefined {
  if (transport?.nodeGone !== undefined) return `stopped early: ${transport.nodeGone}`;
  const timeouts = tests.filter((test) => test.outcome === 'inconclusive' && stoppedByTransport(test)).length;
  if (verdict === 'incomplete' && timeouts > 0) return `incomplete: the node did not answer in time (${timeouts} tests)`;
  if (transport === undefined || transport.total === 0) return undefined;
  if (verdict === 'certified') return undefined;
  return transport.decidedVerdict
    ? `decided by the node's transport faults (${transport.total}): no test failed but at one`
    : `not decided by the node's transport faults (${transport.total}): other tests failed too`;
}

/**
 * Tells a dead node from a faulty one. A refused connection holds its request until the node accepts
 * connections again or `run.deadNodeSeconds` pass (client/http.ts); a test that ended on such a fault, after
 * the whole wait, makes the watch probe the node once more, and when it still refuses, `onDead` is called
 * once: the runner stops the run (exit 4). A node that came back is not retried behind the user's back: the
 * refused request stays a fault of the test it stopped.
 */
export class NodeWatch {
  private stopped = false;
  private probing = false;

  constructor(
    private readonly url: string,
    private readonly seconds: number,
    private readonly onDead: (message: string) => void,
  ) {}

  notice(faults: readonly TransportFaultRecord[]): void {
    if (this.stopped || this.probing) return;
    if (!faults.some((fault) => fault.kind === 'refused' && fault.elapsedMs >= this.seconds * 1000)) return;
    this.probing = true;
    void acceptsConnection(this.url).then((alive) => {
      this.probing = false;
      if (alive || this.stopped) return;
      this.stopped = true;
      this.onDead(
        `the node stopped answering: every connection to ${this.url} was refused for ${this.seconds} s or more ` +
          `(run.deadNodeSeconds); the run stopped early and its reports cover what ran. Check that the node is running, then run again`,
      );
    });
  }

  stop(): void {
    this.stopped = true;
  }
}
