/** POST /v2/dars, /v2/packages and /v2/dars/validate: parsing, errors, idempotence, query and auth order, faults. */
import { buildDar } from '../../generators/dar/builder.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FaultName } from '../../reference/faults.js';
import type { ParticipantServer } from '../../reference/participant/participant.js';
import { call, dalf, darZip, manifest, referenceTarget, startTestParticipant, userToken, validDar, type Answer } from './support.js';

const SYNCHRONIZER = 'global-synchronizer::1220cf6100341bc5217c5dfe0500c6d9ad12e7265cf29241e60ecb65fb8b85977546';

let server: ParticipantServer;
let adminToken: string;

/** `token` null = no token at all. */
async function upload(path: string, body: Uint8Array | string, token: string | null = adminToken): Promise<Answer> {
  return call(server.url, path, {
    method: 'POST',
    body,
    token: token ?? undefined,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

function code(answer: Answer): string {
  return answer.json().code;
}

beforeEach(async () => {
  server = await startTestParticipant();
  adminToken = await userToken('participant_admin');
});
afterEach(async () => server.close());

async function restartWith(faults: FaultName[]): Promise<void> {
  await server.close();
  server = await startTestParticipant({ faults });
}

describe('DAR upload', () => {
  it('stores every package of a valid DAR and answers {}', async () => {
    const dar = validDar();
    const answer = await upload('/v2/dars', dar.bytes);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({});
    expect(server.uploadedPackages().sort()).toEqual([dar.mainPackageId, dar.dependencyId].sort());
  });

  it('is idempotent, also through the deprecated /v2/packages', async () => {
    const dar = validDar();
    const answers = await Promise.all([
      upload('/v2/dars', dar.bytes),
      upload('/v2/dars', dar.bytes),
      upload('/v2/packages', dar.bytes),
      upload('/v2/packages?vetAllPackages=true', dar.bytes),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(server.uploadedPackages()).toHaveLength(2);
  });

  it('answers KNOWN_PACKAGE_VERSION for another package under the same name and version, not for utility packages', async () => {
    // Packages with a template (the builder's); Canton checks only packages that support upgrades (PackageUpgradeValidator.scala:130).
    expect((await upload('/v2/dars', buildDar({ name: 'vetted', version: '1.0.0', salt: 'v1' }).bytes)).status).toBe(200);
    const clash = await upload('/v2/dars', buildDar({ name: 'vetted', version: '1.0.0', salt: 'v1 changed' }).bytes);
    expect(clash.status).toBe(400);
    expect(code(clash)).toBe('KNOWN_PACKAGE_VERSION');
    expect(clash.json().cause).toMatch(/^Tried to vet two packages with the same name and version: \w+ \(vetted v1\.0\.0\) and /);
    expect((await upload('/v2/dars', buildDar({ name: 'vetted', version: '2.0.0' }).bytes)).status).toBe(200);
    // Empty modules: utility packages, exempt.
    expect((await upload('/v2/dars', validDar({ content: 'v1' }).bytes)).status).toBe(200);
    expect((await upload('/v2/dars', validDar({ content: 'v1 changed' }).bytes)).status).toBe(200);
  });

  it('answers NOT_VALID_UPGRADE_PACKAGE for a later version without a template of the vetted one; validate the same', async () => {
    expect((await upload('/v2/dars', buildDar({ name: 'lineage', version: '1.0.0' }).bytes)).status).toBe(200);
    const dropped = buildDar({ name: 'lineage', version: '1.1.0', withoutTemplate: true }).bytes;
    for (const path of ['/v2/dars/validate', '/v2/dars']) {
      const answer = await upload(path, dropped);
      expect(answer.status).toBe(400);
      expect(code(answer)).toBe('NOT_VALID_UPGRADE_PACKAGE');
      expect(answer.json().cause).toMatch(
        /^Upgrade checks indicate that \w+ \(lineage v1\.1\.0\) cannot be an upgrade of \w+ \(lineage v1\.0\.0\)/,
      );
    }
    expect((await upload('/v2/dars/validate', buildDar({ name: 'lineage', version: '1.1.0' }).bytes)).status).toBe(200);
  });

  it('vets the dependencies with the main package, and nothing with vetAllPackages=false', async () => {
    expect((await upload('/v2/dars', buildDar({ name: 'with-deps', version: '1.0.0', dalfs: 1 }).bytes)).status).toBe(200);
    expect(code(await upload('/v2/dars/validate', buildDar({ name: 'with-deps-dep1', version: '1.0.0' }).bytes))).toBe(
      'KNOWN_PACKAGE_VERSION',
    );
    expect((await upload('/v2/dars?vetAllPackages=false', buildDar({ name: 'unvetted', version: '1.0.0', salt: 'a' }).bytes)).status).toBe(
      200,
    );
    expect((await upload('/v2/dars/validate', buildDar({ name: 'unvetted', version: '1.0.0', salt: 'b' }).bytes)).status).toBe(200);
  });

  it('answers each broken form with its code', async () => {
    const good = dalf();
    const mainPath = 'pkg/main.dalf';
    const withManifest = (attributes: Record<string, string>, files: Record<string, Uint8Array> = { [mainPath]: good.bytes }) =>
      darZip({ 'META-INF/MANIFEST.MF': manifest(attributes), ...files });
    const complete = { 'Main-Dalf': mainPath, Dalfs: mainPath, Format: 'daml-lf' };
    const cases: [string, Uint8Array | string, string][] = [
      ['garbage', 'this is not a zip', 'INVALID_DAR'],
      ['empty body', '', 'INVALID_DAR'],
      ['empty zip', darZip({}), 'INVALID_DAR'],
      ['no manifest', darZip({ [mainPath]: good.bytes }), 'INVALID_DAR'],
      ['no Main-Dalf', withManifest({ Dalfs: mainPath, Format: 'daml-lf' }), 'INVALID_DAR'],
      ['no Dalfs', withManifest({ 'Main-Dalf': mainPath, Format: 'daml-lf' }), 'INVALID_DAR'],
      ['wrong Format', withManifest({ ...complete, Format: 'daml-lf-legacy' }), 'INVALID_DAR'],
      ['no Format', withManifest({ 'Main-Dalf': mainPath, Dalfs: mainPath }), 'INVALID_DAR'],
      ['missing dalf', withManifest({ ...complete, Dalfs: `${mainPath}, pkg/dep.dalf` }), 'INVALID_ZIP_ENTRY'],
      ['missing main dalf', withManifest(complete, {}), 'INVALID_ZIP_ENTRY'],
      ['dalf not an Archive', withManifest(complete, { [mainPath]: new TextEncoder().encode('\u00ff\u00ff garbage') }), 'DAR_PARSE_ERROR'],
      ['hash mismatch', withManifest(complete, { [mainPath]: dalf({ hash: 'ab'.repeat(32) }).bytes }), 'DAR_PARSE_ERROR'],
      ['no Daml-LF in payload', withManifest(complete, { [mainPath]: dalf({ lf: 'none' }).bytes }), 'DAR_PARSE_ERROR'],
      ['Daml-LF 2 package that is text', withManifest(complete, { [mainPath]: dalf({ text: true }).bytes }), 'DAR_PARSE_ERROR'],
      ['Daml-LF 1 package that is text', withManifest(complete, { [mainPath]: dalf({ lf: 1, text: true }).bytes }), 'DAR_PARSE_ERROR'],
      ['package without metadata', withManifest(complete, { [mainPath]: dalf({ broken: 'no-metadata' }).bytes }), 'DAR_PARSE_ERROR'],
      ['module feature flags off', withManifest(complete, { [mainPath]: dalf({ broken: 'flags-off' }).bytes }), 'DAR_PARSE_ERROR'],
      ['unknown field in the package', withManifest(complete, { [mainPath]: dalf({ broken: 'unknown-field' }).bytes }), 'DAR_PARSE_ERROR'],
      // DecodeV1 refuses these before the engine judges the language version.
      [
        'Daml-LF 1 module without a name',
        withManifest(complete, { [mainPath]: dalf({ lf: 1, broken: 'unnamed-module' }).bytes }),
        'DAR_PARSE_ERROR',
      ],
      [
        'Daml-LF 1 module feature flags off',
        withManifest(complete, { [mainPath]: dalf({ lf: 1, broken: 'flags-off' }).bytes }),
        'DAR_PARSE_ERROR',
      ],
      [
        'Daml-LF 1 package without metadata',
        withManifest(complete, { [mainPath]: dalf({ lf: 1, broken: 'no-metadata' }).bytes }),
        'DAR_PARSE_ERROR',
      ],
      ['Daml-LF 1 package that decodes', withManifest(complete, { [mainPath]: dalf({ lf: 1 }).bytes }), 'ALLOWED_LANGUAGE_VERSIONS'],
    ];
    for (const [name, body, expected] of cases) {
      const answer = await upload('/v2/dars', body);
      expect(answer.status, name).toBe(400);
      expect(code(answer), name).toBe(expected);
      expect(answer.json().errorCategory, name).toBe(8);
    }
    const mismatch = await upload('/v2/dars', cases.find(([name]) => name === 'hash mismatch')?.[1] as Uint8Array);
    expect(mismatch.json().context.reason).toMatch(/^Mismatching hashes! Expected (ab)+ but got [0-9a-f]{64}$/);
    expect(server.uploadedPackages()).toEqual([]);
  });

  it('decodes vetAllPackages first (400 text), then checks auth, then synchronizerId, then the DAR', async () => {
    const dar = validDar().bytes;
    const badQuery = await upload('/v2/dars?vetAllPackages=maybe', 'junk', null);
    expect(badQuery.status).toBe(400);
    expect(badQuery.text).toBe('Invalid value for: query parameter vetAllPackages');
    expect((await upload('/v2/dars?vetAllPackages=FALSE', dar)).status).toBe(200);

    expect((await upload('/v2/dars?synchronizerId=bad', 'junk', null)).status).toBe(401);
    expect((await upload('/v2/dars', dar, await userToken('alice-user'))).status).toBe(403);

    for (const bad of ['no-fingerprint', '::fingerprint', 'a::b::c', `${'x'.repeat(186)}::fp`, `id::${'f'.repeat(69)}`, 'i!d::fp']) {
      const answer = await upload(`/v2/dars?synchronizerId=${encodeURIComponent(bad)}`, 'junk');
      expect(answer.status, bad).toBe(400);
      expect(code(answer), bad).toBe('PROTO_DESERIALIZATION_FAILURE');
    }
    const unknown = await upload('/v2/dars?synchronizerId=other-synchronizer::1220abcd', dar);
    expect(unknown.status).toBe(400);
    expect(code(unknown)).toBe('PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER');
    expect((await upload(`/v2/dars?synchronizerId=${encodeURIComponent(SYNCHRONIZER)}`, dar)).status).toBe(200);
  });
});

describe('the synchronizer to vet on', () => {
  async function restartConnectedTo(connectedSynchronizers: number): Promise<void> {
    await server.close();
    const target = await referenceTarget();
    server = await startTestParticipant({ target: { ...target, features: { ...target.features, connectedSynchronizers } } });
  }
  const named = `?synchronizerId=${encodeURIComponent(SYNCHRONIZER)}`;

  for (const connected of [0, 2]) {
    it(`with ${connected} connected synchronizers, a request that vets and names none cannot auto-detect one`, async () => {
      await restartConnectedTo(connected);
      for (const path of ['/v2/dars', '/v2/packages', '/v2/dars?vetAllPackages=true', '/v2/dars/validate']) {
        const answer = await upload(path, validDar().bytes);
        expect(answer.status, path).toBe(400);
        expect(code(answer), path).toBe('PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER');
        expect(answer.json().errorCategory, path).toBe(9);
      }
      // Before the DAR is read: a broken one gets the same answer.
      expect(code(await upload('/v2/dars', 'junk'))).toBe('PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER');
      // Without vetting nothing is detected, so the synchronizer does not matter.
      expect((await upload('/v2/dars?vetAllPackages=false', validDar({ content: 'unvetted' }).bytes)).status).toBe(200);
      expect(code(await upload('/v2/dars?vetAllPackages=false', 'junk'))).toBe('INVALID_DAR');
      const namedAnswer = await upload(`/v2/dars${named}`, validDar().bytes);
      if (connected === 0) expect(code(namedAnswer)).toBe('PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER');
      else expect(namedAnswer.status).toBe(200);
    });
  }

  it('with exactly one, a request that names none vets on it', async () => {
    const dar = validDar().bytes;
    expect((await upload('/v2/dars/validate', dar)).status).toBe(200);
    expect((await upload('/v2/dars', dar)).status).toBe(200);
  });
});

describe('DAR validate', () => {
  it('answers 200 with no body and stores nothing', async () => {
    const answer = await upload(`/v2/dars/validate?synchronizerId=${encodeURIComponent(SYNCHRONIZER)}`, validDar().bytes);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(server.uploadedPackages()).toEqual([]);
  });

  it('rejects broken DARs, non-admins and malformed synchronizer ids', async () => {
    expect(code(await upload('/v2/dars/validate', 'junk'))).toBe('INVALID_DAR');
    expect((await upload('/v2/dars/validate', validDar().bytes, await userToken('bob-user'))).status).toBe(403);
    expect(code(await upload('/v2/dars/validate?synchronizerId=nope', validDar().bytes))).toBe('PROTO_DESERIALIZATION_FAILURE');
  });
});

describe('DAR faults', () => {
  it('dar-hash-not-checked accepts a mismatching hash', async () => {
    await restartWith(['dar-hash-not-checked']);
    const bad = darZip({
      'META-INF/MANIFEST.MF': manifest({ 'Main-Dalf': 'm.dalf', Dalfs: 'm.dalf', Format: 'daml-lf' }),
      'm.dalf': dalf({ hash: 'ab'.repeat(32) }).bytes,
    });
    expect((await upload('/v2/dars', bad)).status).toBe(200);
  });

  it('dar-validate-persists stores the validated DAR', async () => {
    await restartWith(['dar-validate-persists']);
    expect((await upload('/v2/dars/validate', validDar().bytes)).status).toBe(200);
    expect(server.uploadedPackages()).toHaveLength(2);
  });

  it('dar-garbage-accepted accepts a body that is not a zip', async () => {
    await restartWith(['dar-garbage-accepted']);
    expect((await upload('/v2/dars', 'not a zip')).status).toBe(200);
  });
});

describe('the fixture DAR', () => {
  it('uploads config/fixtures/conformance-test.dar', async () => {
    const { readFileSync } = await import('node:fs');
    const target = await referenceTarget();
    const answer = await upload('/v2/dars', readFileSync(target.fixtures.dar));
    expect(answer.status).toBe(200);
    expect(server.uploadedPackages().length).toBeGreaterThanOrEqual(1);
  });
});
