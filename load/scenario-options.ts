/**
 * Reading scenario options from `load.scenarios.<name>` with errors that name the key and the fix.
 */
import { ScenarioSetupError } from './actors.js';

export function numberOption(
  options: Record<string, unknown>,
  scenario: string,
  key: string,
  fallback: number,
  range: { min: number; max: number },
): number {
  const value = options[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw new ScenarioSetupError(
      `load.scenarios.${scenario}.${key} is ${JSON.stringify(value)}; expected a number from ${range.min} to ${range.max}`,
    );
  }
  return value;
}

export function stringListOption(options: Record<string, unknown>, scenario: string, key: string): string[] | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new ScenarioSetupError(`load.scenarios.${scenario}.${key} is ${JSON.stringify(value)}; expected a list of strings`);
  }
  return value as string[];
}
