/**
 * Vetting on the DAR endpoints (issue 18, point 6; Canton's VettingIT :498, :800, :921 and JsonV2Tests :126), canton profile.
 *
 * Canton 3.5 lists what is vetted only at `POST /v2/package-vetting/list`, a route this tool does not certify; these tests
 * observe vetting through the certified routes instead: a package is vetted exactly when another package of its name and
 * version is then refused with KNOWN_PACKAGE_VERSION. That needs packages no node has seen, of a lineage of its own: the
 * suite's own DARs (daml/dars/, type-checked by Canton's Daml-LF tools), renamed to a fresh package name per test
 * (generators/dar/suite-dars.ts: only the name changes, so the package stays well-typed). They run on every target:
 * `conformance-upgrade` 1.0.0, its twin of the same name and version, the valid 2.0.0 and the invalid 3.0.0 (a changed
 * field type and a dropped module), and `conformance-with-dependency` with its dependency `conformance-dependency`
 * (both renamed, the import rewritten). The listing test with the fixture DAR runs everywhere.
 */
import { readFileSync } from 'node:fs';
import { renamedSuiteDar, renamedSuiteDarWithDependency, type RenamedDar } from '../../generators/dar/suite-dars.js';
import { freshId } from '../../generators/index.js';
import { notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { parseBody } from '../../checks/schema.js';
import { expectValueMatches, shown } from '../../checks/values.js';
import { recordInconclusive } from '../../checks/assertion.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import { refusedAgainstControl } from '../support/refusals.js';

const OCTET_STREAM = { 'content-type': 'application/octet-stream' };

function admin(context: ConformanceContext): string {
  return context.userWhere('has participant_admin rights (DAR upload)', (user) => user.rights.admin).id;
}

/** An upload (`dars-upload`) or a validation (`dars-validate`) naming the fixture synchronizer to vet on (see dars.suite.ts). */
function send(
  context: ConformanceContext,
  endpoint: 'dars-upload' | 'dars-validate',
  dar: RenamedDar | Uint8Array,
  vet = true,
): Promise<ClientResponse> {
  const query: Record<string, string> = { synchronizerId: context.fixtures.synchronizerId };
  if (endpoint === 'dars-upload') query.vetAllPackages = String(vet);
  const body = dar instanceof Uint8Array ? dar : dar.bytes;
  return context.send({ endpoint, user: admin(context), headers: OCTET_STREAM, body, query });
}

/**
 * The suite's `conformance-upgrade` lineage under the package name `name`: 1.0.0 (`v1`), another package of 1.0.0
 * (`v1-other`), the valid upgrade 2.0.0 (`v2`) and the invalid 3.0.0 (`v3-invalid`).
 */
function lineage(name: string, version: 'v1' | 'v1-other' | 'v2' | 'v3-invalid'): RenamedDar {
  return renamedSuiteDar(`conformance-upgrade-${version}`, name);
}

/** The package ids GET /v2/packages lists. */
async function listedPackages(context: ConformanceContext, clauseId: ClauseId): Promise<{ ids: Set<string>; response: ClientResponse }> {
  const response = await context.send({ endpoint: 'packages-list', user: admin(context) });
  notAServerError(response, clauseId);
  statusCodeConformance(response, [200], clauseId);
  const body = parseBody(response, clauseId) as { packageIds?: unknown } | null;
  const ids = body?.packageIds;
  expectValueMatches(clauseId, 'packageIds of GET /v2/packages', ids, Array.isArray, 'an array of package ids', response);
  return { ids: new Set((ids as unknown[]).map(String)), response };
}

const KNOWN_VERSION_CAUSE = 'Tried to vet two packages with the same name and version';

conformanceSuite('vetting', () => {
  conformanceTest(
    {
      name: 'validate refuses a second package of a vetted name and version (KNOWN_PACKAGE_VERSION; control: the vetted DAR itself validates)',
      endpoint: 'dars-validate',
      clauses: ['canton.vetting.validate-known-package-version'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.vetting.validate-known-package-version';
      const name = freshId('vetting-known');
      const vetted = lineage(name, 'v1');
      positiveDataAcceptance(await send(context, 'dars-upload', vetted), clauseId);
      const refused = await send(context, 'dars-validate', lineage(name, 'v1-other'));
      const control = await send(context, 'dars-validate', vetted);
      refusedAgainstControl(context, clauseId, refused, control, 'KNOWN_PACKAGE_VERSION', 400, { causePrefix: KNOWN_VERSION_CAUSE });
    },
  );

  conformanceTest(
    {
      name: 'validate refuses an invalid upgrade (NOT_VALID_UPGRADE_PACKAGE: 3.0.0 drops a module of the vetted 2.0.0; control: 2.0.0 itself validates)',
      endpoint: 'dars-validate',
      clauses: ['canton.vetting.validate-not-valid-upgrade'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.vetting.validate-not-valid-upgrade';
      const name = freshId('vetting-upgrade');
      positiveDataAcceptance(await send(context, 'dars-upload', lineage(name, 'v1')), clauseId);
      // 2.0.0 is a valid upgrade of 1.0.0 (Canton's TypecheckUpgrades passes it: daml/dars/index.json).
      positiveDataAcceptance(await send(context, 'dars-upload', lineage(name, 'v2')), clauseId);
      const refused = await send(context, 'dars-validate', lineage(name, 'v3-invalid'));
      const control = await send(context, 'dars-validate', lineage(name, 'v2'));
      refusedAgainstControl(context, clauseId, refused, control, 'NOT_VALID_UPGRADE_PACKAGE', 400, {
        causePrefix: 'Upgrade checks indicate that',
      });
    },
  );

  conformanceTest(
    {
      name: "an upload with vetting vets its dependencies: another package of a dependency's name and version is then KNOWN_PACKAGE_VERSION",
      endpoint: 'dars-upload',
      clauses: ['canton.vetting.upload-vets-dependencies'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.vetting.upload-vets-dependencies';
      const name = freshId('vetting-deps');
      // conformance-with-dependency, its dependency conformance-dependency 1.0.0 shipped beside it: both renamed.
      const withDependency = renamedSuiteDarWithDependency(name, `${name}-dep`);
      // Another package of the dependency's name and version (conformance-upgrade 1.0.0 under that name).
      const clash = lineage(withDependency.dependency.packageName, 'v1');
      const before = await send(context, 'dars-validate', clash);
      positiveDataAcceptance(await send(context, 'dars-upload', withDependency), clauseId);
      const after = await send(context, 'dars-validate', clash);
      refusedAgainstControl(context, clauseId, after, before, 'KNOWN_PACKAGE_VERSION', 400, { causePrefix: KNOWN_VERSION_CAUSE });
    },
  );

  conformanceTest(
    {
      name: 'an upload with vetAllPackages=false vets nothing: another package of the same name and version still validates',
      endpoint: 'dars-upload',
      clauses: ['canton.vetting.no-vetting-vets-nothing'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.vetting.no-vetting-vets-nothing';
      const name = freshId('vetting-off');
      const uploaded = lineage(name, 'v1');
      const other = lineage(name, 'v1-other');
      positiveDataAcceptance(await send(context, 'dars-upload', uploaded, false), clauseId);
      const unvetted = await send(context, 'dars-validate', other);
      // Contrast: once the same DAR is vetted, the other package is refused, so the validation above could see vetting.
      positiveDataAcceptance(await send(context, 'dars-upload', uploaded, true), clauseId);
      const vetted = await send(context, 'dars-validate', other);
      if (vetted.status !== 400) {
        recordInconclusive(
          'stateful_consistency',
          clauseId,
          `after vetting the DAR, another package of its name and version was not refused (${vetted.status}): vetting cannot be observed this way on this target`,
          vetted,
        );
        return;
      }
      expectValueMatches(
        clauseId,
        'the validation of another package of the name and version after an upload with vetAllPackages=false',
        unvetted.status,
        (status) => status === 200,
        `200 (nothing vetted), got ${shown(unvetted.text.slice(0, 200))}`,
        unvetted,
      );
    },
  );

  conformanceTest(
    {
      name: 'validate has no side effect: GET /v2/packages does not list what was validated, and lists it once uploaded',
      endpoint: 'dars-validate',
      clauses: ['canton.vetting.validate-not-listed', 'canton.packages.uploaded-listed'],
      requires: ['writes'],
    },
    async (context) => {
      const dar = lineage(freshId('vetting-list'), 'v1');
      positiveDataAcceptance(await send(context, 'dars-validate', dar), 'canton.vetting.validate-not-listed');
      const afterValidate = await listedPackages(context, 'canton.vetting.validate-not-listed');
      expectValueMatches(
        'canton.vetting.validate-not-listed',
        'the validated packages among GET /v2/packages',
        dar.packageIds.filter((id) => afterValidate.ids.has(id)),
        (listed) => listed.length === 0,
        'none',
        afterValidate.response,
      );
      positiveDataAcceptance(await send(context, 'dars-upload', dar), 'canton.packages.uploaded-listed');
      const afterUpload = await listedPackages(context, 'canton.packages.uploaded-listed');
      expectValueMatches(
        'canton.packages.uploaded-listed',
        'the uploaded packages missing from GET /v2/packages',
        dar.packageIds.filter((id) => !afterUpload.ids.has(id)),
        (missing) => missing.length === 0,
        'none',
        afterUpload.response,
      );
    },
  );

  conformanceTest(
    {
      name: 'the fixture DAR, uploaded, is listed by GET /v2/packages (its main package id)',
      endpoint: 'dars-upload',
      clauses: ['canton.packages.uploaded-listed'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.packages.uploaded-listed';
      positiveDataAcceptance(await send(context, 'dars-upload', new Uint8Array(readFileSync(context.fixtures.dar))), clauseId);
      const listed = await listedPackages(context, clauseId);
      expectValueMatches(
        clauseId,
        `the fixture package ${context.fixtures.package.id} among GET /v2/packages`,
        listed.ids.has(context.fixtures.package.id),
        (present) => present,
        'listed',
        listed.response,
      );
    },
  );
});
