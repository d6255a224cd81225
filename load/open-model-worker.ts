/**
 * One sending thread of the open model. It owns every n-th planned request of the schedule (its
 * slots), writes each one's prepared bytes at its planned time on a connection of its own, parses the
 * answers with a minimal HTTP/1.1 parser, and records latency from the planned time.
 *
 * What keeps a send cheap and on time:
 * - no promise, stream or timer per request: one scheduler loop sends every request that is due;
 * - one request per connection at a time (no pipelining, so a slow answer never holds back another):
 *   a request takes an idle connection, or opens one while fewer than this worker's in-flight cap are
 *   open, or waits ("held by the in-flight cap") for the next answer;
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
import { MetronomeAlarm, monotonicMs } from './metronome.js';
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
  request: InFlightRequest | undefined;
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
  /** performance.now() − monotonicMs() in this thread. */
  localMinusMonotonicMs: number;
  slots: number;
  nextSlot: number;
  nextPlannedMs: number;
  recorder: LoadRecorder;
  jitter: Histogram;
  counters: PhaseCounters;
  held: PlannedRequest[];
  finished: boolean;
  timers: NodeJS.Timeout[];
}

class Sender {
  private readonly requests = new RequestBatchReader();
  private readonly expectations: ResponseExpectation[] = [];
  private readonly connections = new Set<Connection>();
  private readonly idle: Connection[] = [];
  private readonly origin: URL;
  private readonly validate;
  private readonly alarm: MetronomeAlarm;
  private phase: Phase | undefined;
  private inFlight = 0;
  /** Set when the next slot's request has not arrived: the next batch restarts the loop. */
  private starved = false;
  /** performance.now() when the bytes being parsed arrived. */
  private receivedAtMs = 0;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly post: (message: FromWorker) => void,
  ) {
    this.origin = new URL(setup.url);
    this.validate = createSpecResponseValidator(setup.schemaProfile, { compileNow: true });
    this.alarm = new MetronomeAlarm(setup.metronome, setup.index, () => this.tick());
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
    const slots = message.total > index ? Math.floor((message.total - 1 - index) / workerCount) + 1 : 0;
    const recorder = new LoadRecorder({ validate: this.validate });
    recorder.start(startMs);
    const phase: Phase = {
      id: message.phase,
      measured: message.measured,
      schedule,
      startMs,
      localMinusMonotonicMs,
      slots,
      nextSlot: 0,
      nextPlannedMs: startMs + schedule.plannedAtMs(index),
      recorder,
      jitter: newLatencyHistogram(),
      counters: { planned: 0, lateSends: 0, capDelayedSends: 0, notSent: 0, aborted: false },
      held: [],
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

  /** The scheduler loop: sends what is due, then sets the alarm for the next planned send. */
  private tick(): void {
    const phase = this.phase;
    if (!phase || phase.finished) return;
    const { index, workerCount } = this.setup;
    const now = performance.now();
    while (phase.nextSlot < phase.slots && phase.nextPlannedMs <= now) {
      const request = this.requests.take();
      if (!request) {
        // The main thread prepares requests ahead of time; late ones are sent (and counted) late.
        this.starved = true;
        return;
      }
      phase.counters.planned += 1;
      this.dispatch(phase, { plannedMs: phase.nextPlannedMs, bytes: request.bytes, expectation: request.expectation });
      phase.nextSlot += 1;
      phase.nextPlannedMs = phase.startMs + phase.schedule.plannedAtMs(index + phase.nextSlot * workerCount);
    }
    if (phase.nextSlot < phase.slots) this.alarm.set(phase.nextPlannedMs - phase.localMinusMonotonicMs);
    else this.finishIfAnswered(phase);
  }

  private dispatch(phase: Phase, request: PlannedRequest): void {
    const connection = this.idle.pop() ?? this.openConnection();
    if (connection === undefined) {
      phase.counters.capDelayedSends += 1;
      phase.held.push(request);
      return;
    }
    this.send(phase, connection, request);
  }

  private send(phase: Phase, connection: Connection, request: PlannedRequest): void {
    const sentMs = performance.now();
    const lateMs = sentMs - request.plannedMs;
    phase.jitter.recordValue(Math.max(1, Math.round(lateMs * 1000)));
    if (lateMs > this.setup.lateThresholdMs) phase.counters.lateSends += 1;
    phase.recorder.recordSent(sentMs);
    connection.request = { plannedMs: request.plannedMs, sentMs, expectation: request.expectation };
    this.inFlight += 1;
    connection.socket.write(request.bytes);
  }

  /** A new connection while fewer than the in-flight cap are open (one request each), else undefined. */
  private openConnection(): Connection | undefined {
    if (this.connections.size >= this.setup.maxInFlight) return undefined;
    const host = this.origin.hostname.replace(/^\[|\]$/g, '');
    const port = Number(this.origin.port) || (this.origin.protocol === 'https:' ? 443 : 80);
    const socket =
      this.origin.protocol === 'https:'
        ? connectTls({ host, port, ALPNProtocols: ['http/1.1'], ...(isIP(host) ? {} : { servername: host }) })
        : connectTcp({ host, port });
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      parser: new Http1ResponseParser((response) => this.answered(connection, response)),
      request: undefined,
      open: true,
      errorCode: undefined,
    };
    socket.on('data', (chunk: Buffer) => {
      this.receivedAtMs = performance.now();
      try {
        connection.parser.feed(chunk);
      } catch (error) {
        connection.errorCode = `bad response: ${(error as Error).message}`;
        socket.destroy();
      }
      // Awake anyway: send what has come due without waiting for the metronome.
      if (this.phase !== undefined && this.phase.nextPlannedMs <= performance.now()) this.tick();
    });
    socket.on('error', (error: Error & { code?: string }) => {
      connection.errorCode ??= error.code ?? error.message;
    });
    socket.on('close', () => this.closed(connection));
    this.connections.add(connection);
    return connection;
  }

  private answered(connection: Connection, response: ParsedResponse): void {
    const request = this.takeRequest(connection);
    const phase = this.phase;
    if (request === undefined || phase === undefined) {
      // An answer to no request: the connection is out of step; drop it.
      connection.errorCode ??= 'an answer to no request';
      this.retire(connection);
      return;
    }
    const doneMs = this.receivedAtMs;
    const expect = this.expectations[request.expectation]!;
    phase.recorder.recordResponse(expect, response.status, response.body.toString(), (doneMs - request.plannedMs) * 1000, doneMs);
    if (response.closes) this.retire(connection);
    else this.release(phase, connection);
  }

  private closed(connection: Connection): void {
    if (!connection.open) return;
    // A response framed "until close" ends here (answered() retires the connection).
    connection.parser.end();
    if (!connection.open) return;
    this.forget(connection);
    const request = this.takeRequest(connection);
    const phase = this.phase;
    if (request !== undefined && phase !== undefined) {
      const nowMs = performance.now();
      phase.recorder.recordFailure(
        'transport',
        connection.errorCode ?? 'connection closed by the target',
        (nowMs - request.plannedMs) * 1000,
        nowMs,
      );
    }
    if (phase) this.sendHeld(phase);
  }

  /** An idle connection serves the oldest held request, or waits for the next send. */
  private release(phase: Phase, connection: Connection): void {
    const held = phase.held.shift();
    if (held !== undefined && !phase.finished) this.send(phase, connection, held);
    else {
      this.idle.push(connection);
      this.finishIfAnswered(phase);
    }
  }

  /** Closes a connection whose state is no longer trusted (timed out, out of step, closing). */
  private retire(connection: Connection): void {
    if (connection.open) {
      this.forget(connection);
      connection.socket.destroy();
    }
    if (this.phase) this.sendHeld(this.phase);
  }

  private forget(connection: Connection): void {
    connection.open = false;
    this.connections.delete(connection);
    const idleAt = this.idle.indexOf(connection);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
  }

  private sendHeld(phase: Phase): void {
    while (phase.held.length > 0 && !phase.finished) {
      const connection = this.idle.pop() ?? this.openConnection();
      if (connection === undefined) return;
      this.send(phase, connection, phase.held.shift()!);
    }
    this.finishIfAnswered(phase);
  }

  private takeRequest(connection: Connection): InFlightRequest | undefined {
    const request = connection.request;
    if (request !== undefined) {
      connection.request = undefined;
      this.inFlight -= 1;
    }
    return request;
  }

  /** Requests without an answer within the request timeout: counted as timeouts, their connections closed. */
  private giveUpOverdue(phase: Phase, timeoutMs: number): void {
    const nowMs = performance.now();
    for (const connection of [...this.connections]) {
      const request = connection.request;
      if (request === undefined || nowMs - request.sentMs <= timeoutMs) continue;
      this.takeRequest(connection);
      phase.recorder.recordFailure('timeout', `no answer within ${timeoutMs / 1000} s`, (nowMs - request.plannedMs) * 1000, nowMs);
      this.retire(connection);
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
    for (const timer of phase.timers) clearTimeout(timer);
    this.alarm.cancel();
    const nowMs = performance.now();
    for (const connection of [...this.connections]) {
      const request = this.takeRequest(connection);
      if (request === undefined) continue;
      if (reason === 'deadline') {
        phase.recorder.recordFailure('timeout', 'no answer before the end of the run', (nowMs - request.plannedMs) * 1000, nowMs);
      }
      this.retire(connection);
    }
    phase.counters.aborted = reason === 'stopped';
    phase.counters.notSent = phase.held.length;
    phase.held.length = 0;
    this.phase = undefined;
    this.requests.clear();
    this.post({
      type: 'phase-done',
      phase: phase.id,
      counters: phase.counters,
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
