/**
 * Sub-millisecond wake-ups for the open model's sending threads without busy-waiting.
 *
 * Node's timers have 1 ms resolution and fire up to ~1 ms late; polling the event loop instead
 * (`setImmediate`) keeps a core busy, and on a loaded machine the scheduler then makes the spinning
 * thread wait its turn for milliseconds. So one extra thread, the metronome, sleeps with
 * `Atomics.wait` (a futex with a timeout, precise to tens of µs) until the next planned send of any
 * sender, and wakes that sender through `Atomics.notify` on its `Atomics.waitAsync`, which wakes the
 * sender's event loop like any I/O. A sender thus sleeps in its event loop until an answer or its next
 * send, whichever comes first.
 *
 * The metronome knows the schedule itself (the main thread announces each phase to it), and each
 * sender only publishes how far it has got (`progress`: its next slot). So a sender never has to
 * signal the metronome: it advances, by the metronome's wake-up or on its own when an answer woke it.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { rampingRate, type ArrivalSchedule, type SchedulePlan } from './schedule.js';

/** Milliseconds on the monotonic clock every thread of the process shares (performance.now() does not: each thread has its own origin). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Shared between the main thread, the metronome and the senders. */
export interface MetronomeMemory {
  /** Int32 per sender: its next slot to send; `finished` when it has no more in this phase. */
  progress: SharedArrayBuffer;
  /** Int32 per sender: a counter the metronome bumps to wake it. */
  wakes: SharedArrayBuffer;
  /** Int32 [bell, stop]: the bell is rung when a phase is announced or the metronome must stop. */
  control: SharedArrayBuffer;
}

/** What the main thread tells the metronome (through its port) at the start of a phase. */
export interface MetronomePhase {
  plan: SchedulePlan;
  /** Planned requests of the phase, all senders together. */
  total: number;
  startMonotonicMs: number;
}

export const finished = 0x7fffffff;
const bell = 0;
const stopFlag = 1;
/** The metronome reads the senders' progress at least this often while one of them is behind. */
const behindPollMs = 0.25;
const longestSleepMs = 1000;

export function createMetronomeMemory(senders: number): MetronomeMemory {
  const memory: MetronomeMemory = {
    progress: new SharedArrayBuffer(4 * senders),
    wakes: new SharedArrayBuffer(4 * senders),
    control: new SharedArrayBuffer(8),
  };
  new Int32Array(memory.progress).fill(finished);
  return memory;
}

/** Announces a phase: every sender starts at slot 0. Called by the main thread before the senders hear of it. */
export function announcePhase(memory: MetronomeMemory, port: MessagePort, phase: MetronomePhase): void {
  new Int32Array(memory.progress).fill(0);
  port.postMessage(phase);
  ring(memory);
}

/** Ends the metronome's loop (its thread then exits). */
export function stopMetronome(memory: MetronomeMemory): void {
  Atomics.store(new Int32Array(memory.control), stopFlag, 1);
  ring(memory);
}

function ring(memory: MetronomeMemory): void {
  const control = new Int32Array(memory.control);
  Atomics.add(control, bell, 1);
  Atomics.notify(control, bell);
}

/** Sender `index` of `count` sends the schedule's requests index, index + count, … as its slots 0, 1, …. */
export function slotsOf(total: number, index: number, count: number): number {
  return total > index ? Math.floor((total - 1 - index) / count) + 1 : 0;
}

/** The metronome's loop; blocks its thread until `stopMetronome`. */
export function runMetronome(memory: MetronomeMemory, port: MessagePort): void {
  const progress = new Int32Array(memory.progress);
  const wakes = new Int32Array(memory.wakes);
  const control = new Int32Array(memory.control);
  const senders = progress.length;
  /** The slot each sender was last woken for: until it gets past it, a wake-up is on its way. */
  const wokenFor = new Int32Array(senders).fill(-1);
  let schedule: ArrivalSchedule | undefined;
  let startMs = 0;
  let slots: number[] = [];
  const dueOf = (sender: number, slot: number): number => startMs + schedule!.plannedAtMs(sender + slot * senders);
  while (Atomics.load(control, stopFlag) === 0) {
    const bellBefore = Atomics.load(control, bell);
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
      const phase = message.message as MetronomePhase;
      schedule = rampingRate(phase.plan.startRate, phase.plan.stages);
      startMs = phase.startMonotonicMs;
      slots = Array.from({ length: senders }, (_, sender) => slotsOf(phase.total, sender, senders));
      wokenFor.fill(-1);
    }
    const now = monotonicMs();
    let wakeAt = now + longestSleepMs;
    for (let sender = 0; schedule && sender < senders; sender += 1) {
      const next = Atomics.load(progress, sender);
      if (next >= slots[sender]!) continue;
      let nextLook: number;
      if (next <= wokenFor[sender]!) {
        // Woken and not yet past that slot: the sender is on its way (or waits for its requests).
        nextLook = Math.max(now + behindPollMs, wokenFor[sender]! + 1 < slots[sender]! ? dueOf(sender, wokenFor[sender]! + 1) : 0);
      } else {
        const due = dueOf(sender, next);
        if (due <= now) {
          wokenFor[sender] = next;
          Atomics.add(wakes, sender, 1);
          Atomics.notify(wakes, sender);
          nextLook = next + 1 < slots[sender]! ? dueOf(sender, next + 1) : now + behindPollMs;
        } else nextLook = due;
      }
      wakeAt = Math.min(wakeAt, nextLook);
    }
    if (wakeAt > now) Atomics.wait(control, bell, bellBefore, wakeAt - now);
  }
}

/** `Atomics.waitAsync` (Node ≥ 16; typed only from lib es2024 on, this project compiles against es2023). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** A sender's side: publishes its progress and is called back (from its event loop) when the metronome wakes it. */
export class MetronomeBeat {
  private readonly progress: Int32Array;
  private readonly wakes: Int32Array;
  private waiting = false;

  constructor(
    memory: MetronomeMemory,
    private readonly sender: number,
    private readonly onWake: () => void,
  ) {
    this.progress = new Int32Array(memory.progress);
    this.wakes = new Int32Array(memory.wakes);
  }

  /** Read before looking at what is due: a wake-up that comes after is then not missed. */
  wakesSoFar(): number {
    return Atomics.load(this.wakes, this.sender);
  }

  /** The sender's next slot is `slot` (`finished` for none): wake it when that slot is due. */
  advanced(slot: number, wakesBefore: number): void {
    Atomics.store(this.progress, this.sender, slot);
    if (this.waiting || slot === finished) return;
    this.waiting = true;
    const result = waitAsync(this.wakes, this.sender, wakesBefore);
    if (result.async) void result.value.then(this.woken);
    else queueMicrotask(this.woken);
  }

  private readonly woken = (): void => {
    this.waiting = false;
    this.onWake();
  };
}
