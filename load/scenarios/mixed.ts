/**
 * `mixed`: the other scenarios interleaved by weight (`load.scenarios.mixed.weights`), spread evenly
 * with a smooth weighted round robin rather than in blocks.
 */
import { ScenarioSetupError } from '../actors.js';
import type { LoadRequest, RequestStream, ResponseExpectation, Scenario } from '../types.js';
import { readyzScenario } from './readyz.js';
import { submitAndWaitScenario } from './submit-and-wait.js';
import { updateByOffsetScenario } from './update-by-offset.js';

const mixable: Scenario[] = [submitAndWaitScenario, updateByOffsetScenario, readyzScenario];
/** The scenarios `mixed` can mix: what a `{scenario:NAME}` threshold may name. */
export const mixableScenarioNames: readonly string[] = mixable.map((scenario) => scenario.name);
const defaultWeights: Record<string, number> = { 'submit-and-wait': 1, 'update-by-offset': 3, readyz: 1 };

export const mixedScenario: Scenario = {
  name: 'mixed',
  description: `${mixable.map((scenario) => scenario.name).join(', ')} interleaved by configurable weights`,
  async prepare(context) {
    const weights = (context.optionsOf('mixed').weights ?? defaultWeights) as Record<string, unknown>;
    const parts: {
      stream: RequestStream;
      weight: number;
      credit: number;
      tagged: WeakMap<ResponseExpectation, ResponseExpectation>;
      name: string;
    }[] = [];
    for (const [scenarioName, weight] of Object.entries(weights)) {
      const scenario = mixable.find((candidate) => candidate.name === scenarioName);
      if (!scenario || typeof weight !== 'number' || !(weight >= 0)) {
        throw new ScenarioSetupError(
          `load.scenarios.mixed.weights.${scenarioName} = ${JSON.stringify(weight)}: expected a scenario among ${mixable.map((candidate) => candidate.name).join(', ')} with a weight ≥ 0`,
        );
      }
      if (weight === 0) continue;
      const stream = await scenario.prepare({ ...context, commandIdPrefix: `${context.commandIdPrefix}-${scenarioName}` });
      parts.push({ stream, weight, credit: 0, tagged: new WeakMap(), name: scenarioName });
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
        return tag(chosen.stream.next(), chosen);
      },
    };
  },
};

/**
 * The request with its expectation tagged by its sub-scenario, for the per-scenario figures. The tagged
 * copy of an expectation object is made once and reused: models intern expectations by object.
 */
function tag(request: LoadRequest, part: { tagged: WeakMap<ResponseExpectation, ResponseExpectation>; name: string }): LoadRequest {
  let expect = part.tagged.get(request.expect);
  if (expect === undefined) {
    expect = { ...request.expect, scenario: part.name };
    part.tagged.set(request.expect, expect);
  }
  return { ...request, expect };
}
