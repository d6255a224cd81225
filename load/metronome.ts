/**
 * Sub-millisecond wake-ups for the open model's sending threads without busy-waiting.
 *
 * Node's timers have 1 ms resolution and fire up to ~1 ms late; polling the event loop instead
 * (`setImmediate`) keeps a core busy, and on a loaded machine the scheduler then makes the spinning
 * thread wait its turn for milliseconds. So one extra thread, the metronome, sleeps with
 * `Atomics.wait` (a futex with a timeout, precise to tens of µs) until the earliest time a sender asked
 * for, and wakes that sender through `Atomics.notify` on its `Atomics.waitAsync`, which wakes the
 * sender's event loop like any I/O. A sender thus sleeps in its event loop until an answer or its next
 * send, whichever comes first.
 */
/** Milliseconds on the monotonic clock every thread of the process shares (performance.now() does not: each thread has its own origin). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Shared between the metronome and the senders (SharedArrayBuffers survive postMessage as shared). */
export interface MetronomeMemory {
  /** Per sender: the monotonic ms at which it wants to be woken; +Infinity for never. */
  dueAt: SharedArrayBuffer;
  /** Per sender: a counter the metronome bumps to wake it. */
  wakes: SharedArrayBuffer;
  /** [0]: bumped by a sender whose new wake time is earlier than the metronome's; [1]: 1 = stop. */
  control: SharedArrayBuffer;
  /** [0]: the monotonic ms the metronome sleeps until. */
  sleepsUntil: SharedArrayBuffer;
}

/** `Atomics.waitAsync` (Node ≥ 16; typed only from lib es2024 on, this project compiles against es2023). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

const bell = 0;
const stopFlag = 1;
/** The metronome re-reads the wake times at least this often. */
const longestSleepMs = 1000;

export function createMetronomeMemory(senders: number): MetronomeMemory {
  const memory: MetronomeMemory = {
    dueAt: new SharedArrayBuffer(8 * senders),
    wakes: new SharedArrayBuffer(4 * senders),
    control: new SharedArrayBuffer(8),
    sleepsUntil: new SharedArrayBuffer(8),
  };
  new Float64Array(memory.dueAt).fill(Number.POSITIVE_INFINITY);
  return memory;
}

/** Ends the metronome's loop (its thread then exits). */
export function stopMetronome(memory: MetronomeMemory): void {
  const control = new Int32Array(memory.control);
  Atomics.store(control, stopFlag, 1);
  Atomics.add(control, bell, 1);
  Atomics.notify(control, bell);
}

/** The metronome's loop; blocks its thread until `stopMetronome`. */
export function runMetronome(memory: MetronomeMemory): void {
  const dueAt = new Float64Array(memory.dueAt);
  const wakes = new Int32Array(memory.wakes);
  const control = new Int32Array(memory.control);
  const sleepsUntil = new Float64Array(memory.sleepsUntil);
  while (Atomics.load(control, stopFlag) === 0) {
    const bellBefore = Atomics.load(control, bell);
    const now = monotonicMs();
    let earliest = Number.POSITIVE_INFINITY;
    for (let sender = 0; sender < dueAt.length; sender += 1) {
      const due = dueAt[sender]!;
      if (due <= now) {
        dueAt[sender] = Number.POSITIVE_INFINITY;
        Atomics.add(wakes, sender, 1);
        Atomics.notify(wakes, sender);
      } else if (due < earliest) earliest = due;
    }
    const sleepMs = Math.min(earliest - now, longestSleepMs);
    sleepsUntil[0] = now + sleepMs;
    // A sender that asked for an earlier time since `bellBefore` was read rang the bell: no sleep then.
    Atomics.wait(control, bell, bellBefore, sleepMs);
  }
}

/** A sender's alarm: one pending wake-up at a time, the latest `set` wins. */
export class MetronomeAlarm {
  private readonly dueAt: Float64Array;
  private readonly wakes: Int32Array;
  private readonly control: Int32Array;
  private readonly sleepsUntil: Float64Array;
  private waiting = false;

  constructor(
    memory: MetronomeMemory,
    private readonly sender: number,
    private readonly onWake: () => void,
  ) {
    this.dueAt = new Float64Array(memory.dueAt);
    this.wakes = new Int32Array(memory.wakes);
    this.control = new Int32Array(memory.control);
    this.sleepsUntil = new Float64Array(memory.sleepsUntil);
  }

  /** Calls `onWake` (from the event loop) at monotonic time `atMs`. */
  set(atMs: number): void {
    // Read before publishing the time: a wake that comes in between is then not missed.
    const seen = Atomics.load(this.wakes, this.sender);
    this.dueAt[this.sender] = atMs;
    // Only a metronome sleeping past `atMs` needs waking; one sleeping less long will see it anyway.
    if (atMs < this.sleepsUntil[0]!) {
      Atomics.add(this.control, bell, 1);
      Atomics.notify(this.control, bell);
    }
    if (this.waiting) return;
    this.waiting = true;
    const result = waitAsync(this.wakes, this.sender, seen);
    if (result.async) void result.value.then(this.woken);
    else queueMicrotask(this.woken);
  }

  cancel(): void {
    this.dueAt[this.sender] = Number.POSITIVE_INFINITY;
  }

  private readonly woken = (): void => {
    this.waiting = false;
    this.onWake();
  };
}
