/**
 * Stateful property tests of the DAR endpoints (issue 27): random sequences of uploads (POST /v2/dars and the deprecated
 * POST /v2/packages, with vetAllPackages absent, true or false), re-uploads, validations and package lists, run against
 * the target and a model of the sequence side by side. The model is the sequence's own: which of its packages are
 * uploaded (listed from then on, each once), which only validated (never listed), which vetted (an upload vets unless it
 * says vetAllPackages=false; another package of a vetted name and version is then KNOWN_PACKAGE_VERSION). Every exchange
 * is also held by the engine against the worker's packages model (checks/package-model.ts).
 *
 * The DARs are the suite's own (daml/dars/, type-checked by Canton's tools) under fresh names per sequence: the
 * conformance-upgrade 1.0.0 and its twin of the same name and version, conformance-values as a lineage of its own, and
 * conformance-values again under another name, only ever validated (so the last list always has a package to leave out);
 * on a target that accepts them (features.syntheticDars), also the builder's DAR with a dependency package, only
 * validated (a real node refuses a DAR with a dependency its main package does not use, so no suite DAR has one; that
 * uploaded dependencies are listed, the engine's packages model holds on the fixture DAR's uploads elsewhere).
 *
 * A failure is shrunk by fast-check to the shortest sequence that shows it and named as a script with the seed;
 * `ledger-conformance replay <test id>` reruns it. Budget: `--cases` / 25 sequences (at least two), run concurrently
 * (each has its own packages): a list and validations (at once), the coverage steps (every upload variant, each route with
 * vetAllPackages absent, true and false, synchronizerId sent or not, on a lineage of its own, at once; then each lineage's
 * twin validated at once: vetted or not; beside them, the invalid 3.0.0 uploaded with vetAllPackages=false on a lineage whose
 * 1.0.0 is vetted: accepted, as Canton checks upgrades only when it vets), one to four random operations, then an upload without vetAllPackages, a
 * validation and a list (at most eleven steps).
 */
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { buildDar } from '../../generators/dar/builder.js';
import { renamedSuiteDar } from '../../generators/dar/suite-dars.js';
import { freshId } from '../../generators/index.js';
import { coverage } from '../support/coverage-sequence.js';
import { runModelSequence } from '../support/model-sequence.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';

const CLAUSE = 'canton.model.stateful-packages';
const OCTET_STREAM = { 'content-type': 'application/octet-stream' };

/** One DAR of the sequence: its packages, and the name and version of each (the key vetting clashes on). */
interface SequenceDar {
  label: string;
  bytes: Uint8Array;
  packages: { id: string; key: string }[];
}

interface PackagesModel {
  /** Package ids an upload answered 200 stored. */
  uploaded: Set<string>;
  /** Package ids an upload was sent for, whatever its answer (a refused vetting upload may have stored nothing or all). */
  sent: Set<string>;
  /** Name and version → the package id vetted under it. */
  vetted: Map<string, string>;
  validated: Set<string>;
}

interface PackagesReal {
  context: ConformanceContext;
  admin: string;
  dars: SequenceDar[];
  /** One lineage per upload variant of the coverage steps: its 1.0.0 package (uploaded) and its twin (validated after). */
  pairs: { main: SequenceDar; twin: SequenceDar }[];
  /** The invalid 3.0.0 (not an upgrade of 1.0.0) under the name of lineage 0, whose 1.0.0 the coverage steps vet. */
  invalid: SequenceDar;
  log: string[];
}

/** A DAR of the sequence: by slot among `dars`, a coverage lineage's 1.0.0 package or twin, or lineage 0's invalid 3.0.0. */
type DarRef = number | { pair: number; twin: boolean } | 'invalid';

function darOf(real: PackagesReal, ref: DarRef): SequenceDar {
  if (typeof ref === 'number') return real.dars[ref % real.dars.length]!;
  if (ref === 'invalid') return real.invalid;
  const pair = real.pairs[ref.pair]!;
  return ref.twin ? pair.twin : pair.main;
}

const showRef = (ref: DarRef): string =>
  typeof ref === 'number' ? `#${ref}` : ref === 'invalid' ? 'lineage 0 invalid 3.0.0' : `lineage ${ref.pair}${ref.twin ? ' twin' : ''}`;

type VetMode = 'absent' | 'true' | 'false';

function agree(condition: boolean, detail: string, response?: ClientResponse): asserts condition {
  agreesWithModel(CLAUSE, condition, detail, response);
}

const refusedKnownVersion = (response: ClientResponse): boolean =>
  response.status === 400 && response.text.includes('KNOWN_PACKAGE_VERSION');

/** The package of `dar` whose name and version another vetted package has, if any. */
function clashOf(model: PackagesModel, dar: SequenceDar): { id: string; key: string; vetted: string } | undefined {
  for (const pkg of dar.packages) {
    const vetted = model.vetted.get(pkg.key);
    if (vetted !== undefined && vetted !== pkg.id) return { ...pkg, vetted };
  }
  return undefined;
}

/** Whether a request drawn with or without synchronizerId names one (every request does on a node not on exactly one). */
function namesSynchronizer(real: PackagesReal, withSynchronizer: boolean): boolean {
  return withSynchronizer || real.context.features.connectedSynchronizers !== 1;
}

/** How the sequence's log describes what a request sends: " without synchronizerId" only when it is left out. */
function synchronizerNote(real: PackagesReal, withSynchronizer: boolean): string {
  return namesSynchronizer(real, withSynchronizer) ? '' : ' without synchronizerId';
}

function sendDar(
  real: PackagesReal,
  endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate',
  dar: SequenceDar,
  vet: VetMode,
  withSynchronizer: boolean,
) {
  // synchronizerId is optional: without it the node vets on its one synchronizer. A node connected to 0 or 2+ refuses a
  // request without it (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER, features.connectedSynchronizers; the dars suite
  // asserts that refusal): there every request names the fixture synchronizer.
  const named = namesSynchronizer(real, withSynchronizer);
  const query: Record<string, string> = named ? { synchronizerId: real.context.fixtures.synchronizerId } : {};
  if (endpoint !== 'dars-validate' && vet !== 'absent') query.vetAllPackages = vet;
  return real.context.send({ endpoint, user: real.admin, headers: OCTET_STREAM, body: dar.bytes, query });
}

abstract class PackagesCommand implements fc.AsyncCommand<PackagesModel, PackagesReal> {
  check(): boolean {
    return true;
  }
  abstract run(model: PackagesModel, real: PackagesReal): Promise<void>;
  abstract toString(): string;
}

class Upload extends PackagesCommand {
  constructor(
    readonly slot: DarRef,
    readonly vet: VetMode,
    readonly deprecated: boolean,
    readonly withSynchronizer = true,
  ) {
    super();
  }
  async run(model: PackagesModel, real: PackagesReal): Promise<void> {
    const dar = darOf(real, this.slot);
    real.log.push(this.describe(dar, real));
    const vets = this.vet !== 'false';
    const clash = vets ? clashOf(model, dar) : undefined;
    for (const pkg of dar.packages) model.sent.add(pkg.id);
    const response = await sendDar(real, this.deprecated ? 'packages-upload' : 'dars-upload', dar, this.vet, this.withSynchronizer);
    if (clash !== undefined) {
      agree(
        refusedKnownVersion(response),
        `${this.describe(dar, real)}: the model expects 400 KNOWN_PACKAGE_VERSION (${clash.key} is vetted as ${clash.vetted}, this DAR holds ${clash.id}); answered ${response.status} ${response.text.slice(0, 200)}`,
        response,
      );
      return;
    }
    agree(
      response.status === 200,
      `${this.describe(dar, real)}: the model expects 200; answered ${response.status} ${response.text.slice(0, 200)}`,
      response,
    );
    for (const pkg of dar.packages) {
      model.uploaded.add(pkg.id);
      if (vets) model.vetted.set(pkg.key, pkg.id);
    }
  }
  private describe(dar: SequenceDar, real: PackagesReal): string {
    return `upload ${dar.label} to ${this.deprecated ? 'POST /v2/packages' : 'POST /v2/dars'}${this.vet === 'absent' ? '' : ` with vetAllPackages=${this.vet}`}${synchronizerNote(real, this.withSynchronizer)}`;
  }
  toString(): string {
    return `upload ${showRef(this.slot)} (${this.deprecated ? '/v2/packages' : '/v2/dars'}, vetAllPackages ${this.vet}${this.withSynchronizer ? '' : ', no synchronizerId'})`;
  }
}

class Validate extends PackagesCommand {
  constructor(
    readonly slot: DarRef,
    readonly withSynchronizer = true,
  ) {
    super();
  }
  async run(model: PackagesModel, real: PackagesReal): Promise<void> {
    const dar = darOf(real, this.slot);
    real.log.push(`validate ${dar.label}${synchronizerNote(real, this.withSynchronizer)}`);
    const clash = clashOf(model, dar);
    const response = await sendDar(real, 'dars-validate', dar, 'absent', this.withSynchronizer);
    agree(
      clash === undefined ? response.status === 200 : refusedKnownVersion(response),
      `validate ${dar.label}: the model expects ${clash === undefined ? '200' : `400 KNOWN_PACKAGE_VERSION (${clash.key} is vetted as ${clash.vetted})`}; answered ${response.status} ${response.text.slice(0, 200)}`,
      response,
    );
    for (const pkg of dar.packages) model.validated.add(pkg.id);
  }
  toString(): string {
    return `validate ${showRef(this.slot)}${this.withSynchronizer ? '' : ' (no synchronizerId)'}`;
  }
}

/** Validates the twin of whichever of 1.0.0 and its twin is vetted (the one not vetted; 1.0.0's twin when neither is). */
class ValidateTwin extends PackagesCommand {
  async run(model: PackagesModel, real: PackagesReal): Promise<void> {
    const [first] = real.dars[0]!.packages;
    const vetted = model.vetted.get(first!.key);
    await new Validate(vetted === real.dars[1]!.packages[0]!.id ? 0 : 1).run(model, real);
  }
  toString(): string {
    return 'validate the twin of the vetted 1.0.0';
  }
}

class List extends PackagesCommand {
  async run(model: PackagesModel, real: PackagesReal): Promise<void> {
    real.log.push('list the packages');
    const response = await real.context.send({ endpoint: 'packages-list', user: real.admin });
    const ids = ((parseJsonLossless(response.text) as { packageIds?: unknown } | undefined)?.packageIds ?? []) as unknown[];
    const listed = ids.map(String);
    const mine = [...real.dars, ...real.pairs.flatMap((pair) => [pair.main, pair.twin]), real.invalid].flatMap((dar) =>
      dar.packages.map((pkg) => pkg.id),
    );
    const counts = new Map(mine.map((id) => [id, listed.filter((each) => each === id).length]));
    const missing = [...model.uploaded].filter((id) => counts.get(id) === 0);
    const twice = mine.filter((id) => (counts.get(id) ?? 0) > 1);
    const onlyValidated = [...model.validated].filter((id) => !model.sent.has(id) && (counts.get(id) ?? 0) > 0);
    agree(
      response.status === 200 && missing.length === 0 && twice.length === 0 && onlyValidated.length === 0,
      `list the packages: the model expects the ${model.uploaded.size} uploaded package(s) listed, each once, and none only validated; ` +
        `answered ${response.status}: missing [${missing.join(', ')}], listed more than once [${[...new Set(twice)].join(', ')}], ` +
        `listed though only validated [${onlyValidated.join(', ')}]`,
      response,
    );
  }
  toString(): string {
    return 'list the packages';
  }
}

/** Commands whose packages share no name and version, sent at once (the model is applied as each answer arrives). */
class Together extends PackagesCommand {
  constructor(readonly commands: PackagesCommand[]) {
    super();
  }
  async run(model: PackagesModel, real: PackagesReal): Promise<void> {
    await Promise.all(this.commands.map((command) => command.run(model, real)));
  }
  toString(): string {
    return `at once: ${this.commands.map(String).join('; ')}`;
  }
}

/** The random middle draws among the three DARs every target accepts (0, 1 share a name and version; 2 is its own). */
const slot = fc.nat(2);
const upload = fc
  .record({ slot, vet: fc.constantFrom<VetMode>('absent', 'true', 'false'), deprecated: fc.boolean(), withSynchronizer: fc.boolean() })
  .map(({ slot: chosen, vet, deprecated, withSynchronizer }) => new Upload(chosen, vet, deprecated, withSynchronizer));
const validate = fc
  .record({ slot, withSynchronizer: fc.boolean() })
  .map(({ slot: chosen, withSynchronizer }) => new Validate(chosen, withSynchronizer));

/** Every upload variant: each route (POST /v2/dars, the deprecated POST /v2/packages) with vetAllPackages absent, true, false. */
const UPLOAD_VARIANTS = ([false, true] as const).flatMap((deprecated) =>
  (['absent', 'true', 'false'] as const).map((vet) => ({ deprecated, vet })),
);

/**
 * The coverage steps (suites/support/coverage-sequence.ts: on every seed, still shrinkable): each upload variant on a lineage
 * of its own at once (synchronizerId sent with every other one), then each lineage's twin validated at once (without
 * synchronizerId where the upload had it): KNOWN_PACKAGE_VERSION where the variant vetted, 200 where it did not, and beside
 * them lineage 0's invalid 3.0.0 uploaded without vetting (200). The last list then shows every variant's upload and the
 * invalid 3.0.0 stored, and no twin.
 */
const coverageSteps = coverage<PackagesCommand>([
  fc.constant(
    new Together(UPLOAD_VARIANTS.map(({ deprecated, vet }, pair) => new Upload({ pair, twin: false }, vet, deprecated, pair % 2 === 0))),
  ),
  // Beside the twins: lineage 0's invalid 3.0.0 uploaded with vetAllPackages=false (its 1.0.0 was vetted by the step before).
  // Canton runs the upgrade checks only when it vets: an upload that vets nothing stores the DAR after the engine's own
  // validation (PackageUploader.upload -> validateLfDarPackages), and the upgrade check (NOT_VALID_UPGRADE_PACKAGE,
  // TopologyManagerError.Upgradeability) belongs to the vetting topology change, which CantonSyncService.uploadDar asks for
  // (vettingInfo) only with VetAllPackages (community/participant/src/main/scala/com/digitalasset/canton/participant/
  // {sync/CantonSyncService.scala, admin/PackageService.scala, admin/PackageUploader.scala}, Canton 3.5): 200, then listed.
  fc.constant(
    new Together([
      ...UPLOAD_VARIANTS.map((_, pair) => new Validate({ pair, twin: true }, pair % 2 === 1)),
      new Upload('invalid', 'false', false, false),
    ]),
  ),
]);

/** The coverage steps, then a random middle: one to four uploads (twice as likely), validations and lists. */
const sequences = fc.tuple(
  coverageSteps,
  fc.array(fc.oneof({ weight: 2, arbitrary: upload }, validate, fc.constant(new List())), { minLength: 1, maxLength: 4 }),
  fc.boolean(),
);

const suiteDar = (
  model: 'conformance-upgrade-v1' | 'conformance-upgrade-v1-other' | 'conformance-upgrade-v3-invalid' | 'conformance-values',
  packageName: string,
) => {
  const renamed = renamedSuiteDar(model, packageName);
  return {
    label: `${model} as ${packageName}`,
    bytes: renamed.bytes,
    packages: [{ id: renamed.packageId, key: `${renamed.packageName} ${renamed.packageVersion}` }],
  };
};

/** One lineage per upload variant (its 1.0.0 package and the twin of the same name and version), and lineage 0's invalid 3.0.0. */
function coveragePairs(): Pick<PackagesReal, 'pairs' | 'invalid'> {
  // Named as the upgrades suite names its lineage (the reference target knows the invalid 3.0.0 by that name).
  const name = freshId('conformance-upgrade-stateful');
  return {
    pairs: UPLOAD_VARIANTS.map((_, index) => ({
      main: suiteDar('conformance-upgrade-v1', `${name}-${index}`),
      twin: suiteDar('conformance-upgrade-v1-other', `${name}-${index}`),
    })),
    invalid: suiteDar('conformance-upgrade-v3-invalid', `${name}-0`),
  };
}

/** The sequence's DARs under fresh names: 1.0.0 and its twin, another lineage, and (where accepted) a DAR with a dependency. */
function sequenceDars(context: ConformanceContext): SequenceDar[] {
  const name = freshId('stateful-pkg');
  const suite = suiteDar;
  const dars = [
    suite('conformance-upgrade-v1', name),
    suite('conformance-upgrade-v1-other', name),
    suite('conformance-values', `${name}-values`),
    // Only ever validated (never drawn for an upload): the list at the end must not show it.
    suite('conformance-values', `${name}-validated`),
  ];
  if (context.features.syntheticDars) {
    const built = buildDar({ name: `${name}-deps`, version: '1.0.0', dalfs: 1 });
    dars.push({
      label: `a synthetic DAR ${name}-deps with a dependency package`,
      bytes: built.bytes,
      packages: built.packageIds.map((id, index) => ({ id, key: index === 0 ? `${name}-deps 1.0.0` : `${name}-deps-dep${index} 1.0.0` })),
    });
  }
  return dars;
}

conformanceSuite('flows / stateful packages', () => {
  conformanceTest(
    {
      name: 'random sequences of DAR uploads (vetting by default, on and off), re-uploads, validations and package lists agree with the model step by step',
      endpoint: 'dars-upload',
      // The packages model's rules (checks/package-model.ts) are judged by the engine on these exchanges; declared here so a
      // read-only run has them skipped with this test's reason, not left uncovered.
      clauses: [
        CLAUSE,
        'canton.model.packages-uploaded-listed',
        'canton.model.packages-listed-once',
        'canton.model.packages-validate-no-effect',
        'canton.model.packages-vetted-by-default',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const admin = context.userWhere('has participant_admin rights (DAR upload)', (user) => user.rights.admin).id;
      await context.forAll(
        sequences,
        async ([covered, steps, deprecated]) => {
          const real: PackagesReal = { context, admin, dars: sequenceDars(context), ...coveragePairs(), log: [] };
          const model: PackagesModel = { uploaded: new Set(), sent: new Set(), vetted: new Map(), validated: new Set() };
          // Fixed ends around the random middle, so each rule of the model is reached on every seed: a list first (the
          // sequence's packages seen absent) and validations (main and, where accepted, dependency packages, never uploaded
          // afterwards); at the end an upload of 1.0.0 without vetAllPackages (vetted by default), the twin of the vetted
          // 1.0.0 package validated (KNOWN_PACKAGE_VERSION) and a last list (uploads listed once, validations not).
          const withDependency = real.dars.length > 4 ? [4] : [];
          const opening = [new List(), new Together([0, 3, ...withDependency].map((index) => new Validate(index)))];
          const closing = [new Upload(0, 'absent', deprecated), new ValidateTwin(), new List()];
          await runModelSequence(context.seed, model, real, [...opening, ...covered, ...steps, ...closing]);
        },
        { numRuns: Math.max(2, Math.round(context.cases / 25)) },
      );
    },
  );
});
