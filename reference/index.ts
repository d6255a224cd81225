/**
 * The embedded reference target: the participant JSON API (users, readiness, traffic, DARs and the
 * ledger) on one port and the scan API on another, both on loopback by default.
 */
import type { ReferenceTargetConfig } from '../config/types.js';
import { Faults, type FaultName } from './faults.js';
import { Ledger } from './ledger/index.js';
import { startParticipant } from './participant/participant.js';
import { startScanServer } from './scan/index.js';

export { FaultCatalogue, faultNames, isFaultName, type FaultName } from './faults.js';

export interface StartReferenceOptions {
  target: ReferenceTargetConfig;
  faults?: Iterable<FaultName>;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  participantPort?: number;
  /** 0 (the default) picks a free port. */
  scanPort?: number;
  /**
   * The model package holds only what Canton's CantonExamples.dar holds, as on a real node (`reference serve --bare`):
   * the keyed template, the interface and every value type come only from the suite's DARs once uploaded.
   */
  cantonExamplesOnly?: boolean;
}

export interface ReferenceHandle {
  /** Base URL of the participant JSON API (paths /v2/... and /readyz below it). */
  participantUrl: string;
  /** Base URL of scan, including its `/api/scan` prefix. */
  scanUrl: string;
  setReady(ready: boolean): void;
  /** Ids of the packages uploaded through the DAR endpoints so far. */
  uploadedPackages(): string[];
  close(): Promise<void>;
  faults: Faults;
}

export async function startReference(options: StartReferenceOptions): Promise<ReferenceHandle> {
  const { target } = options;
  const host = options.host ?? '127.0.0.1';
  const faults = new Faults(options.faults ?? []);
  const ledger = new Ledger({ fixtures: target.fixtures, faults, cantonExamplesOnly: options.cantonExamplesOnly ?? false });
  const participant = await startParticipant({
    target,
    faults,
    ledger,
    extraRoutes: ledger.routes(),
    onPackagesVetted: (packages) => ledger.packagesVetted(packages),
    onPackagesUnvetted: (packages) => ledger.packagesUnvetted(packages),
    host,
    port: options.participantPort ?? 0,
  }).catch(async (error: unknown) => {
    await ledger.close();
    throw error;
  });
  const scan = await startScanServer({
    fixtures: target.fixtures,
    scanVersion: target.features.scanVersion,
    faults,
    host,
    port: options.scanPort ?? 0,
  }).catch(async (error: unknown) => {
    await participant.close();
    await ledger.close();
    throw error;
  });
  return {
    participantUrl: participant.url,
    scanUrl: scan.url,
    setReady: (ready) => participant.setReady(ready),
    uploadedPackages: () => participant.uploadedPackages(),
    faults,
    close: async () => {
      await Promise.all([participant.close(), scan.close()]);
      await ledger.close();
    },
  };
}
