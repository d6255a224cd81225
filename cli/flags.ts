/** The options of the CLI's commands, as commander parses them, and the tool's version. */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export const toolVersion = packageJson.version;

export interface RunFlags {
  profile?: 'spec' | 'canton';
  fixtures?: string;
  participant?: string;
  scan?: string;
  include?: string[];
  exclude?: string[];
  cases?: number;
  seed?: number;
  concurrency?: number;
  timeoutScale?: number;
  requestTimeout?: number;
  inFlight?: number;
  retryTransport?: number;
  deadNodeSeconds?: number;
  reportDir?: string;
  readOnly?: boolean;
  checks?: string[];
  excludeChecks?: string[];
  listChecks?: boolean;
  list?: boolean;
  injectFault?: string[];
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
