/**
 * `mixed`: the other scenarios interleaved by weight (`load.scenarios.mixed.weights`), spread evenly
 * with a smooth weighted round robin rather than in blocks.
 */
import { ScenarioSetupError } from '../actors.js';
import type { RequestStream, Scenario } from '../types.js';
import { readyzScenario } from './readyz.js';
import { submitAndWaitScenario } from './submit-and-wait.js';
import { updateByOffsetScenario } from './update-by-offset.js';

const mixable: Scenario[] = [submitAndWaitScenario, updateByOffsetScenario, readyzScenario];
const defaultWeights: Record<string, number> = { 'submit-and-wait': 1, 'update-by-offset': 3, readyz: 1 };

export const mixedScenario: Scenario = {
  name: 'mixed',
  description: `${mixable.map((scenario) => scenario.name).join(', ')} interleaved by configurable weights`,
  async prepare(context) {
    const weights = (context.optionsOf('mixed').weights ?? defaultWeights) as Record<string, unknown>;
    const parts: { stream: RequestStream; weight: number; credit: number }[] = [];
    for (const [scenarioName, weight] of Object.entries(weights)) {
      const scenario = mixable.find((candidate) => candidate.name === scenarioName);
      if (!scenario || typeof weight !== 'number' || !(weight >= 0)) {
        throw new ScenarioSetupError(
          `load.scenarios.mixed.weights.${scenarioName} = ${JSON.stringify(weight)}: expected a scenario among ${mixable.map((candidate) => candidate.name).join(', ')} with a weight ≥ 0`,
        );
      }
      if (weight === 0) continue;
      const stream = await scenario.prepare({ ...context, commandIdPrefix: `${context.commandIdPrefix}-${scenarioName}` });
      parts.push({ stream, weight, credit: 0 });
    }
    if (parts.length === 0) throw new ScenarioSetupError('load.scenarios.mixed.weights gives no scenario a positive weight');
    const totalWeight = parts.reduce((sum, part) => sum + part.weight, 0);
    return {
      next() {
        let chosen = parts[0]!;
        for (const part of parts) {
          part.credit += part.weight;
          if (part.credit > chosen.credit) chosen = part;
        }
        chosen.credit -= totalWeight;
        return chosen.stream.next();
      },
    };
  },
};
