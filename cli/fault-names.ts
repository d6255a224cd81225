/**
 * The names `--inject-fault` takes (`run`, `replay`, `reference serve`), checked against the reference target's fault
 * catalogue (reference/faults.ts: data the reference owns, importing nothing), so parsing them never loads the target.
 */
import { FaultCatalogue, isFaultName, type FaultName } from '../reference/faults.js';
import { UsageError } from './report-error.js';

export function parseFaults(names: string[] | undefined): FaultName[] {
  const faults: FaultName[] = [];
  for (const name of names ?? []) {
    if (!isFaultName(name)) {
      throw new UsageError(`--inject-fault: unknown fault "${name}"; known faults: ${Object.keys(FaultCatalogue).join(', ')}`);
    }
    faults.push(name);
  }
  return faults;
}
