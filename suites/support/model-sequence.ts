/**
 * Runs a stateful sequence (fast-check's `asyncModelRun`) against the target and its model; a check that fails is
 * rethrown with the sequence as a script (every step the sequence took, with the seed that `replay` reruns).
 * fast-check keeps the error of the shortest failing sequence it shrank to.
 */
import fc from 'fast-check';
import { CheckFailure } from '../../checks/assertion.js';

export async function runModelSequence<Model extends object, Real extends { log: string[] }>(
  seed: number,
  model: Model,
  real: Real,
  commands: Iterable<fc.AsyncCommand<Model, Real>>,
): Promise<void> {
  try {
    await fc.asyncModelRun(() => ({ model, real }), commands);
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    throw new CheckFailure(
      error.check,
      error.clauseId,
      `${error.detail}\n  sequence (seed ${seed}; replay reruns it):\n${real.log.map((step, index) => `    ${index + 1}. ${step}`).join('\n')}`,
      error.exchange,
    );
  }
}
