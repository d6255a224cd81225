/**
 * The scenario registry. To add a scenario: write `load/scenarios/<name>.ts` exporting a `Scenario`
 * and list it here.
 */
import type { Scenario } from '../types.js';
import { mixedScenario } from './mixed.js';
import { readyzScenario } from './readyz.js';
import { submitAndWaitScenario } from './submit-and-wait.js';
import { updateByOffsetScenario } from './update-by-offset.js';

export const scenarios: readonly Scenario[] = [submitAndWaitScenario, updateByOffsetScenario, readyzScenario, mixedScenario];

export function scenarioNamed(name: string): Scenario | undefined {
  return scenarios.find((scenario) => scenario.name === name);
}
