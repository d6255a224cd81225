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
  return ExitCode.failures;
}
