/** report.json: the whole run, machine-readable; `replay` and later tooling read it back. */
import { jsonText } from './format.js';
import type { RunReport } from '../harness/runner/run-report.js';
import { withBattery } from './battery.js';

export function writeReportJson(report: RunReport): string {
  return `${jsonText(withBattery(report))}\n`;
}
