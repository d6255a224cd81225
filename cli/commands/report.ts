/** `ledger-conformance report verify FILE`: was this report.json edited after its run? */
import { resolve } from 'node:path';
import { verifyReportFile } from '../../reports/digest.js';
import { ExitCode } from '../exit-codes.js';

export function reportVerifyCommand(file: string): number {
  const path = resolve(file);
  const result = verifyReportFile(path);
  if (result.ok) {
    process.stdout.write(`${path}: unchanged since its run (digest ${result.digest})\n`);
    return ExitCode.ok;
  }
  process.stderr.write(`error: ${path}: ${result.problem}\n`);
  // An edited report fails the check (1); a file that is no report to check is a wrong argument (2), as for replay.
  return result.kind === 'edited' ? ExitCode.failures : ExitCode.usage;
}
