/** The options of the CLI's commands, as commander parses them, and the tool's version. */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export const toolVersion = packageJson.version;

/**
 * The `run` command's own flags. The flags that set a `run` key of the configuration are config/options.ts's table:
 * commander hands them over under their attribute names (`inFlight`, `preflight`, ...), which `overridesFrom` reads.
 */
export interface RunFlags {
  participant?: string;
  scan?: string;
  fixtures?: string;
  listChecks?: boolean;
  list?: boolean;
  injectFault?: string[];
  /** Expectation file of known failures: only unexpected failures fail the run. */
  expectations?: string;
  /** Write the expectation file from this run's outcomes (keeping the reasons already there). */
  updateExpectations?: string;
  /** `certified` (run.require): any other verdict is a non-zero exit (ExitCode.notCertified). */
  require?: 'certified';
}

export interface LoadFlags {
  model: 'closed' | 'open';
  duration?: number;
  requests?: number;
  connections?: number;
  pipelining?: number;
  rate?: number;
  stages?: string;
  workers?: number;
  warmup?: number;
  shard?: string;
  result?: string;
  baseline?: string;
  threshold?: string[];
  repeat?: number;
  list?: boolean;
}

export interface ServeFlags {
  port?: number;
  scanPort?: number;
  scanVersion?: string;
  injectFault?: string[];
  listFaults?: boolean;
  bare?: boolean;
}

export interface ProvisionFlags {
  adminUser: string;
  dar?: string;
  prefix: string;
  synchronizer?: string;
  fixtures?: string;
  scanSynchronizer?: string;
  scanTopUpInProgress?: string;
  scanTopUpComplete?: string;
  scanSingleHostedParty?: string;
  scanMultiHostedParty?: string;
  dryRun?: boolean;
  cleanup?: boolean;
  yes?: boolean;
}
