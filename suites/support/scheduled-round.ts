/**
 * A concurrent round under fast-check's scheduler (`fc.scheduler`): every request of the round goes out at once, and
 * the scheduler decides the order in which their answers reach the round (so which follow-up is sent when). A check
 * that fails is rethrown with the round as a script: its steps as drawn, the order the scheduler delivered the answers
 * in, and the seed; `replay` reruns it (the seed and path draw the same steps and the same scheduler, which delivers
 * the answers in the same order). fast-check keeps the error of the shortest failing round it shrank to.
 *
 * The scheduler is not drawn as a value of the property but made from a drawn seed (`schedulerSeeds`, `schedulerOf`):
 * fast-check 4.10's scheduler clones share their source of randomness, so a clone made while shrinking may order the
 * answers otherwise than the same case drawn afresh by `replay`. Made from its seed, a round's scheduler orders them
 * the same way however often the round is run (selftest/suites/scheduled-round.test.ts).
 */
import fc from 'fast-check';
import { CheckFailure } from '../../checks/assertion.js';

export interface ScheduledRound {
  /**
   * Sends nothing itself: holds `answer` (a request already under way) until the scheduler delivers it, and notes the
   * delivery under `label` in the script.
   */
  deliver<T>(label: string, answer: Promise<T>): Promise<T>;
  /** Waits until `round` (whose answers go through `deliver`) is done, delivering as many answers as it needs. */
  settle<T>(round: Promise<T>): Promise<T>;
}

/** The seed of a round's scheduler: drawn with the round, never shrunk (a shrink keeps the order of the failure). */
export const schedulerSeeds: fc.Arbitrary<number> = fc.noShrink(fc.integer());

/** A fresh `fc.scheduler()` from its seed: the same order of delivery each time the round runs. */
export function schedulerOf(order: number): fc.Scheduler {
  return fc.sample(fc.scheduler(), { seed: order, numRuns: 1 })[0]!;
}

/** The script a failing round prints: its steps, the scheduler's order of delivery, the seeds. */
export function scheduledScript(seed: number, order: number, steps: readonly string[], delivered: readonly string[]): string {
  return [
    `  concurrent round (seed ${seed}, scheduler seed ${order}; replay reruns it, the scheduler delivering the answers in the same order):`,
    ...steps.map((step, index) => `    ${index + 1}. ${step}`),
    '  answers delivered by fc.scheduler in this order:',
    ...(delivered.length === 0 ? ['    (none)'] : delivered.map((label, index) => `    ${index + 1}. ${label}`)),
  ].join('\n');
}

/**
 * Runs `body` with a round bound to a scheduler made from `order`; a CheckFailure thrown by it (during the round or in
 * the judging after it) is rethrown with the script.
 */
export async function runScheduledRound(
  seed: number,
  order: number,
  steps: readonly string[],
  body: (round: ScheduledRound) => Promise<void>,
): Promise<void> {
  const scheduler = schedulerOf(order);
  const delivered: string[] = [];
  const round: ScheduledRound = {
    deliver: (label, answer) =>
      scheduler.schedule(answer, label).then((value) => {
        delivered.push(label);
        return value;
      }),
    settle: (work) => scheduler.waitFor(work),
  };
  try {
    await body(round);
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    throw new CheckFailure(
      error.check,
      error.clauseId,
      `${error.detail}\n${scheduledScript(seed, order, steps, delivered)}`,
      error.exchange,
    );
  }
}
