/**
 * The reference participant's HTTP interface: users and tokens, readiness, traffic, DARs, plus the routes
 * of other areas (the ledger's) handed in by the caller.
 */
import type { ReferenceTargetConfig } from '../../config/types.js';
import { CallerResolver } from '../auth/caller.js';
import { createTokenVerifier } from '../auth/verifier.js';
import { PackageStore } from '../dar/packages.js';
import type { DarPackage } from '../dar/parse.js';
import type { Faults } from '../faults.js';
import { startHttpServer } from '../http/server.js';
import type { Route } from '../http/types.js';
import { authenticatedUserRoute } from './authenticated-user.js';
import { darRoutes } from './dars.js';
import { nodeInfoRoutes } from './node-info.js';
import { partyRoutes, type PartyLedger } from './parties.js';
import { Readiness } from './readiness.js';
import { trafficRoute } from './traffic.js';
import { userManagementRoutes } from './user-management.js';
import { Users } from './users.js';

export interface ParticipantOptions {
  target: ReferenceTargetConfig;
  faults: Faults;
  /** The ledger the party-management routes allocate parties on; without one, parties are only remembered. */
  ledger?: PartyLedger;
  /** Routes served next to the participant's own (e.g. the ledger's). */
  extraRoutes?: readonly Route[];
  /** Told the packages of each DAR an upload vets (the ledger executes the suite models among them). */
  onPackagesVetted?: (packages: readonly DarPackage[]) => void;
  /** Told the packages of each DAR an upload unvets (only under a holdout fault). */
  onPackagesUnvetted?: (packages: readonly DarPackage[]) => void;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface ParticipantServer {
  /** Base URL, e.g. `http://127.0.0.1:34567`. */
  url: string;
  setReady(ready: boolean): void;
  /** Ids of the packages uploaded through `POST /v2/dars` / `/v2/packages` so far. */
  uploadedPackages(): string[];
  close(): Promise<void>;
}

/** `participant1` of `PAR::participant1::1220…`: the name Canton writes into error contexts. */
export function participantName(participantId: string): string {
  const parts = participantId.split('::');
  return (parts[0] === 'PAR' ? parts[1] : parts[0]) || participantId;
}

/** A participant without a ledger (some self-tests serve the participant routes alone) still knows its parties. */
function partiesOnly(fixtures: ReferenceTargetConfig['fixtures']): PartyLedger {
  const known = new Set(fixtures.parties.map((party) => party.id));
  return {
    hasParty: (party) => known.has(party),
    allocateParty: (party) => {
      known.add(party);
      return 0;
    },
  };
}

export async function startParticipant(options: ParticipantOptions): Promise<ParticipantServer> {
  const { target, faults } = options;
  const { fixtures, features } = target;
  const users = new Users(fixtures);
  const callers = new CallerResolver({
    verifier: createTokenVerifier(target.auth, features.authorization, fixtures, faults),
    users,
    faults,
  });
  const readiness = new Readiness(faults);
  const packages = new PackageStore(faults);
  for (const declared of Object.values(fixtures.suitePackages ?? {})) packages.declare(declared);
  const routes: Route[] = [
    readiness.route(),
    authenticatedUserRoute({ users, ledgerApiVersion: features.ledgerApiVersion, faults }),
    ...userManagementRoutes({ users, ledgerApiVersion: features.ledgerApiVersion, faults }),
    ...partyRoutes({ fixtures, users, ledger: options.ledger ?? partiesOnly(fixtures) }),
    ...darRoutes({
      packages,
      synchronizerId: fixtures.synchronizerId,
      connectedSynchronizers: features.connectedSynchronizers,
      faults,
      ...(options.onPackagesVetted ? { onVetted: options.onPackagesVetted } : {}),
      ...(options.onPackagesUnvetted ? { onUnvetted: options.onPackagesUnvetted } : {}),
    }),
    ...(features.trafficAccounts ? [trafficRoute(fixtures, faults)] : []),
    ...(options.extraRoutes ?? []),
  ];
  routes.push(
    ...nodeInfoRoutes({
      fixtures,
      ledgerApiVersion: features.ledgerApiVersion,
      // The fault lists only the fixture's model package, none uploaded since.
      packageIds: () =>
        faults.has('packages-list-omits-uploaded')
          ? [fixtures.package.id]
          : [fixtures.package.id, ...packages.listedIds().filter((id) => id !== fixtures.package.id)],
      routes: () => routes,
    }),
  );
  const server = await startHttpServer({
    routes,
    callers,
    participantName: participantName(fixtures.participantId),
    faults,
    host: options.host,
    port: options.port,
  });
  return {
    url: server.url,
    setReady: (ready) => readiness.setReady(ready),
    uploadedPackages: () => packages.packageIds(),
    close: () => server.close(),
  };
}
