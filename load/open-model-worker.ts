/**
 * One sending thread of the open model. It owns every n-th planned request of the schedule (its
 * slots), writes each one's prepared bytes at its planned time on a connection of its own, parses the
 * answers with a minimal HTTP/1.1 parser, and records latency from the planned time.
 *
 * What keeps a send cheap and on time:
 * - no promise, stream or timer per request: one scheduler loop sends every request that is due;
 * - a request takes an idle connection, or opens one while this worker has fewer than its share of
 *   `connections`; beyond that it is pipelined on the connection with the fewest outstanding (sent on
 *   time all the same: a slow answer then delays the ones behind it, which their latency shows), and
 *   once `maxInFlight` are outstanding it waits ("held by the in-flight cap") for the next answer;
 * - between sends the thread sleeps in its event loop; answers wake it as they arrive, and the
 *   metronome thread (metronome.ts) wakes it at its next planned send, to within tens of µs.
 */
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { parentPort, workerData } from 'node:worker_threads';
import type { Histogram } from 'hdr-histogram-js';
import { createSpecResponseValidator } from './spec-validator.js';
import { encodeHistogram, newLatencyHistogram } from './histogram.js';
import { Http1ResponseParser, type ParsedResponse } from './http1-response-parser.js';
import { MetronomeBeat, finished as noMoreSlots, monotonicMs, slotsOf } from './metronome.js';
import { LoadRecorder } from './recorder.js';
import { rampingRate, type ArrivalSchedule } from './schedule.js';
import { RequestBatchReader, type FromWorker, type PhaseCounters, type ToWorker, type WorkerSetup } from './open-model-protocol.js';
import type { ResponseExpectation } from './types.js';

const progressEveryMs = 1000;

interface PlannedRequest {
  plannedMs: number;
  bytes: Buffer;
  expectation: number;
}

interface InFlightRequest {
  plannedMs: number;
  sentMs: number;
  expectation: number;
}

interface Connection {
  socket: Socket;
  parser: Http1ResponseParser;
  /** Sent and not yet answered, oldest first (HTTP/1.1 answers in request order). */
  inFlight: InFlightRequest[];
  /** False once closed or given up: it is no longer in the pool. */
  open: boolean;
  errorCode: string | undefined;
}

interface Phase {
  id: number;
  measured: boolean;
  schedule: ArrivalSchedule;
  /** performance.now() of the phase's start in this thread. */
  startMs: number;
  /** performance.now() − monotonicMs() in this thread: planned times are monotonic, measurements local. */
  localMinusMonotonicMs: number;
  startMonotonicMs: number;
  slots: number;
  nextSlot: number;
  /** Planned time of the next slot on the monotonic clock (which the metronome compares with too). */
  nextDueMs: number;
  recorder: LoadRecorder;
  jitter: Histogram;
  counters: PhaseCounters;
  held: FifoQueue<PlannedRequest>;
  finished: boolean;
  timers: NodeJS.Timeout[];
}

/** Array.shift copies the array: with thousands held, that would cost more than the sends. */
class FifoQueue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}

class Sender {
  private readonly requests = new RequestBatchReader();
  private readonly expectations: ResponseExpectation[] = [];
  private readonly connections = new Set<Connection>();
  private readonly idle: Connection[] = [];
  private readonly origin: URL;
  private readonly validate;
  private readonly beat: MetronomeBeat;
  private phase: Phase | undefined;
  private inFlight = 0;
  /** Set when the next slot's request has not arrived: the next batch restarts the loop. */
  private starved = false;
  private readonly readBuffer = Buffer.allocUnsafe(64 * 1024);
  /** performance.now() when the bytes being parsed arrived. */
  private receivedAtMs = 0;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly post: (message: FromWorker) => void,
  ) {
    this.origin = new URL(setup.url);
    this.validate = createSpecResponseValidator(setup.schemaProfile, { compileNow: true });
    this.beat = new MetronomeBeat(setup.metronome, setup.index, () => this.tick());
  }

  receive(message: ToWorker): void {
    if (message.type === 'requests') {
      this.expectations.push(...message.newExpectations);
      if (message.batch === undefined || message.phase !== this.phase?.id) return;
      this.requests.push(message.batch);
      if (this.starved) {
        this.starved = false;
        this.tick();
      }
    } else if (message.type === 'phase') this.startPhase(message);
    else if (message.type === 'stop') {
      if (message.phase === this.phase?.id) this.finish(this.phase, 'stopped');
    } else this.close();
  }

  private close(): void {
    if (this.phase) this.finish(this.phase, 'stopped');
    for (const connection of [...this.connections]) this.retire(connection);
  }

  private startPhase(message: Extract<ToWorker, { type: 'phase' }>): void {
    const { index, workerCount } = this.setup;
    const localMinusMonotonicMs = performance.now() - monotonicMs();
    const startMs = message.startMonotonicMs + localMinusMonotonicMs;
    const schedule = rampingRate(message.plan.startRate, message.plan.stages);
    const slots = slotsOf(message.total, index, workerCount);
    const recorder = new LoadRecorder({ validate: this.validate });
    recorder.start(startMs);
    const phase: Phase = {
      id: message.phase,
      measured: message.measured,
      schedule,
      startMs,
      localMinusMonotonicMs,
      startMonotonicMs: message.startMonotonicMs,
      slots,
      nextSlot: 0,
      nextDueMs: message.startMonotonicMs + schedule.plannedAtMs(index),
      recorder,
      jitter: newLatencyHistogram(),
      counters: { planned: 0, lateSends: 0, capDelayedSends: 0, pipelinedSends: 0, notSent: 0, aborted: false },
      held: new FifoQueue(),
      finished: false,
      timers: [],
    };
    this.phase = phase;
    this.requests.clear();
    this.starved = false;
    const timeoutMs = this.setup.timeoutSeconds * 1000;
    phase.timers.push(
      setTimeout(() => this.finish(phase, 'deadline'), startMs + message.deadlineMs - performance.now()),
      setInterval(() => this.giveUpOverdue(phase, timeoutMs), Math.min(250, timeoutMs / 4)),
    );
    if (phase.measured) {
      phase.timers.push(
        setInterval(() => {
          const { counts } = recorder;
          this.post({
            type: 'progress',
            phase: phase.id,
            progress: { counts: { ...counts }, throughput: recorder.throughput(), p99Us: recorder.p99Us() },
          });
        }, progressEveryMs),
      );
    }
    this.tick();
  }

  /** The scheduler loop: sends what is due, then tells the metronome how far it got. */
  private tick(): void {
    const phase = this.phase;
    if (!phase || phase.finished) return;
    const { index, workerCount } = this.setup;
    const wakesBefore = this.beat.wakesSoFar();
    const now = monotonicMs();
    while (phase.nextSlot < phase.slots && phase.nextDueMs <= now) {
      const request = this.requests.take();
      if (!request) {
        // The main thread prepares requests ahead of time; late ones are sent (and counted) late.
        this.starved = true;
        break;
      }
      phase.counters.planned += 1;
      const plannedMs = phase.nextDueMs + phase.localMinusMonotonicMs;
      this.dispatch(phase, { plannedMs, bytes: request.bytes, expectation: request.expectation });
      phase.nextSlot += 1;
      phase.nextDueMs = phase.startMonotonicMs + phase.schedule.plannedAtMs(index + phase.nextSlot * workerCount);
    }
    this.beat.advanced(phase.nextSlot < phase.slots ? phase.nextSlot : noMoreSlots, wakesBefore);
    if (phase.nextSlot >= phase.slots) this.finishIfAnswered(phase);
  }

  private dispatch(phase: Phase, request: PlannedRequest): void {
    const connection = this.connectionForNextRequest(phase);
    if (connection === undefined) {
      phase.counters.capDelayedSends += 1;
      phase.held.push(request);
      return;
    }
    this.send(phase, connection, request);
  }

  /** An idle connection, a new one, the least busy one (pipelining), or none at the in-flight cap. */
  private connectionForNextRequest(phase: Phase): Connection | undefined {
    if (this.inFlight >= this.setup.maxInFlight) return undefined;
    const idle = this.idle.pop();
    if (idle !== undefined) return idle;
    if (this.connections.size < this.setup.connections) return this.openConnection();
    let leastBusy: Connection | undefined;
    for (const connection of this.connections) {
      if (leastBusy === undefined || connection.inFlight.length < leastBusy.inFlight.length) leastBusy = connection;
    }
    if (leastBusy !== undefined) phase.counters.pipelinedSends += 1;
    return leastBusy;
  }

  private send(phase: Phase, connection: Connection, request: PlannedRequest): void {
    const sentMs = performance.now();
    const lateMs = sentMs - request.plannedMs;
    phase.jitter.recordValue(Math.max(1, Math.round(lateMs * 1000)));
    if (lateMs > this.setup.lateThresholdMs) phase.counters.lateSends += 1;
    phase.recorder.recordSent(sentMs);
    connection.inFlight.push({ plannedMs: request.plannedMs, sentMs, expectation: request.expectation });
    this.inFlight += 1;
    connection.socket.write(request.bytes);
  }

  private openConnection(): Connection {
    const host = this.origin.hostname.replace(/^\[|\]$/g, '');
    const port = Number(this.origin.port) || (this.origin.protocol === 'https:' ? 443 : 80);
    const connection: Connection = {
      socket: undefined as unknown as Socket,
      parser: new Http1ResponseParser((response) => this.answered(connection, response)),
      inFlight: [],
      open: true,
      errorCode: undefined,
    };
    const received = (chunk: Buffer): void => {
      this.receivedAtMs = performance.now();
      try {
        connection.parser.feed(chunk);
      } catch (error) {
        connection.errorCode = `bad response: ${(error as Error).message}`;
        connection.socket.destroy();
      }
      // Awake anyway: send what has come due without waiting for the metronome.
      const phase = this.phase;
      if (phase !== undefined && phase.nextDueMs + phase.localMinusMonotonicMs <= performance.now()) this.tick();
    };
    // Plain TCP reads every connection into one reused buffer, skipping the readable stream per chunk.
    const socket =
      this.origin.protocol === 'https:'
        ? connectTls({ host, port, ALPNProtocols: ['http/1.1'], ...(isIP(host) ? {} : { servername: host }) }).on('data', received)
        : connectTcp({
            host,
            port,
            onread: {
              buffer: this.readBuffer,
              callback: (bytes) => {
                received(this.readBuffer.subarray(0, bytes));
                return true;
              },
            },
          });
    connection.socket = socket;
    socket.setNoDelay(true);
    socket.on('error', (error: Error & { code?: string }) => {
      connection.errorCode ??= error.code ?? error.message;
    });
    socket.on('close', () => this.closed(connection));
    this.connections.add(connection);
    return connection;
  }

  private answered(connection: Connection, response: ParsedResponse): void {
    const request = connection.inFlight.shift();
    const phase = this.phase;
    if (request === undefined || phase === undefined) {
      // An answer to no request: the connection is out of step; drop it.
      connection.errorCode ??= 'an answer to no request';
      this.retire(connection);
      return;
    }
    this.inFlight -= 1;
    const doneMs = this.receivedAtMs;
    const expect = this.expectations[request.expectation]!;
    phase.recorder.recordResponse(expect, response.status, response.body.toString(), (doneMs - request.plannedMs) * 1000, doneMs);
    if (response.closes) this.retire(connection);
    else if (connection.inFlight.length === 0) this.idle.push(connection);
    this.sendHeld(phase);
  }

  private closed(connection: Connection): void {
    if (!connection.open) return;
    // A response framed "until close" ends here (answered() retires the connection).
    connection.parser.end();
    this.retire(connection);
  }

  /**
   * Closes a connection whose state is no longer trusted (closed by the target, timed out, out of
   * step); the requests still outstanding on it fail as transport errors.
   */
  private retire(connection: Connection, failure = connection.errorCode ?? 'connection closed by the target'): void {
    if (!connection.open) return;
    connection.open = false;
    this.connections.delete(connection);
    const idleAt = this.idle.indexOf(connection);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    connection.socket.destroy();
    const phase = this.phase;
    const nowMs = performance.now();
    for (const request of connection.inFlight.splice(0)) {
      this.inFlight -= 1;
      phase?.recorder.recordFailure(
        'transport',
        failure,
        (nowMs - request.plannedMs) * 1000,
        nowMs,
        this.expectations[request.expectation],
      );
    }
    if (phase) this.sendHeld(phase);
  }

  private sendHeld(phase: Phase): void {
    while (phase.held.length > 0 && !phase.finished) {
      const connection = this.connectionForNextRequest(phase);
      if (connection === undefined) return;
      this.send(phase, connection, phase.held.shift()!);
    }
    this.finishIfAnswered(phase);
  }

  /**
   * A request without an answer within the request timeout counts as a timeout and its connection is
   * closed; requests pipelined behind it on that connection fail with it (as transport errors: they
   * did not wait their own timeout out).
   */
  private giveUpOverdue(phase: Phase, timeoutMs: number): void {
    const nowMs = performance.now();
    for (const connection of [...this.connections]) {
      const oldest = connection.inFlight[0];
      if (oldest === undefined || nowMs - oldest.sentMs <= timeoutMs) continue;
      connection.inFlight.shift();
      this.inFlight -= 1;
      phase.recorder.recordFailure(
        'timeout',
        `no answer within ${timeoutMs / 1000} s`,
        (nowMs - oldest.plannedMs) * 1000,
        nowMs,
        this.expectations[oldest.expectation],
      );
      this.retire(connection, 'closed after an earlier request on the same connection timed out');
    }
  }

  private finishIfAnswered(phase: Phase): void {
    if (phase.nextSlot >= phase.slots && phase.held.length === 0 && this.inFlight === 0) this.finish(phase, 'complete');
  }

  /**
   * Ends the phase. At its deadline, a request still unanswered counts as a timeout measured from its
   * planned time (the target did not answer within the run's bound); on a stop (Ctrl-C) it is left out.
   */
  private finish(phase: Phase, reason: 'complete' | 'deadline' | 'stopped'): void {
    if (phase.finished) return;
    phase.finished = true;
    const endedMonotonicMs = monotonicMs();
    for (const timer of phase.timers) clearTimeout(timer);
    this.beat.advanced(noMoreSlots, 0);
    const nowMs = performance.now();
    for (const connection of [...this.connections]) {
      if (connection.inFlight.length === 0) continue;
      if (reason === 'deadline') {
        for (const request of connection.inFlight.splice(0)) {
          this.inFlight -= 1;
          phase.recorder.recordFailure(
            'timeout',
            'no answer before the end of the run',
            (nowMs - request.plannedMs) * 1000,
            nowMs,
            this.expectations[request.expectation],
          );
        }
        this.retire(connection);
      } else {
        // Stopped (Ctrl-C): what was still outstanding is left out of the figures.
        this.inFlight -= connection.inFlight.length;
        connection.inFlight.length = 0;
        this.retire(connection);
      }
    }
    phase.counters.aborted = reason === 'stopped';
    phase.counters.notSent = phase.held.length;
    phase.held.clear();
    this.phase = undefined;
    this.requests.clear();
    this.post({
      type: 'phase-done',
      phase: phase.id,
      counters: phase.counters,
      endedMonotonicMs,
      ...(phase.measured ? { figures: { recorder: phase.recorder.snapshot(), jitterHistogram: encodeHistogram(phase.jitter) } } : {}),
    });
  }
}

const port = parentPort;
if (port) {
  const sender = new Sender(workerData.setup as WorkerSetup, (message) => port.postMessage(message));
  port.on('message', (message: ToWorker) => {
    sender.receive(message);
    // With its connections closed and the port closed, the thread ends by itself (and writes its
    // --cpu-prof profile, which a terminated thread would not).
    if (message.type === 'close') port.close();
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
