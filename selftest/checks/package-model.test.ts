/**
 * The packages model (checks/package-model.ts) on hand-made exchanges carrying the suite's own DARs: an upload's packages
 * (dependencies too) must be listed afterwards, each once; a package only validated, seen absent before, stays unlisted;
 * an upload without vetAllPackages=false vets, so another package of its name and version is KNOWN_PACKAGE_VERSION.
 * What a shared node may do is left alone: packages the run never uploaded may be listed, and nothing is judged before it
 * was answered.
 */
import { describe, expect, it } from 'vitest';
import type { ClientResponse } from '../../client/http.js';
import { PackageModel } from '../../checks/package-model.js';
import type { ObservedExchange } from '../../checks/response-checks.js';
import { buildDar } from '../../generators/dar/builder.js';
import { renamedSuiteDar } from '../../generators/dar/suite-dars.js';
import { JSON_TYPE, failure, recorded } from './support.js';

const v1 = renamedSuiteDar('conformance-upgrade-v1', 'model-test-pkg');
const twin = renamedSuiteDar('conformance-upgrade-v1-other', 'model-test-pkg');
const withDependency = buildDar({ name: 'model-test-deps', version: '1.0.0', dalfs: 1 });

function response(status: number, text: string, url: string, bytes?: Uint8Array): ClientResponse {
  return {
    status,
    headers: { 'content-type': JSON_TYPE },
    contentType: JSON_TYPE,
    text,
    durationMs: 3,
    request: {
      method: bytes === undefined ? 'GET' : 'POST',
      url,
      headers: {},
      ...(bytes === undefined ? {} : { body: `<${bytes.length} bytes>`, bodyBase64: Buffer.from(bytes).toString('base64') }),
    },
    json: <T>() => JSON.parse(text) as T,
  };
}

const BASE = 'http://127.0.0.1:7575';

function dar(
  endpoint: 'dars-upload' | 'dars-validate',
  bytes: Uint8Array,
  times: [number, number],
  options: { status?: number; text?: string; vet?: string } = {},
): ObservedExchange {
  const path = endpoint === 'dars-upload' ? '/v2/dars' : '/v2/dars/validate';
  const query = options.vet === undefined ? '' : `?vetAllPackages=${options.vet}`;
  return {
    api: 'participant',
    method: 'POST',
    path,
    operation: endpoint,
    response: response(options.status ?? 200, options.text ?? '{}', `${BASE}${path}${query}`, bytes),
    sentAt: times[0],
    answeredAt: times[1],
  };
}

const list = (ids: readonly string[], times: [number, number]): ObservedExchange => ({
  api: 'participant',
  method: 'GET',
  path: '/v2/packages',
  operation: 'packages-list',
  response: response(200, JSON.stringify({ packageIds: ids }), `${BASE}/v2/packages`),
  sentAt: times[0],
  answeredAt: times[1],
});

const knownVersion = JSON.stringify({ code: 'KNOWN_PACKAGE_VERSION', cause: 'Tried to vet two packages with the same name and version' });
const run = (exchanges: readonly ObservedExchange[]) => new PackageModel().applyAll(exchanges);

describe('the packages model', () => {
  it('holds a list to the packages of every DAR uploaded before it, dependencies too', async () => {
    const upload = dar('dars-upload', withDependency.bytes, [0, 1], { vet: 'false' });
    const events = await recorded(() => run([upload, list(['other', ...withDependency.packageIds], [2, 3])]));
    expect(events).toContain('stateful_consistency canton.model.packages-uploaded-listed passed');
    const thrown = await failure(() => run([upload, list(['other', withDependency.mainPackageId], [2, 3])]));
    expect(thrown.clauseId).toBe('canton.model.packages-uploaded-listed');
    expect(thrown.message).toContain(withDependency.packageIds[1]);
    // A list sent before the upload was answered is not held to it.
    expect(await recorded(() => run([upload, list([], [0.5, 3])]))).not.toContain(
      'stateful_consistency canton.model.packages-uploaded-listed passed',
    );
  });

  it('fails a list that names a package twice (a re-upload changes nothing)', async () => {
    const thrown = await failure(() =>
      run([dar('dars-upload', v1.bytes, [0, 1]), dar('dars-upload', v1.bytes, [2, 3]), list([v1.packageId, v1.packageId], [4, 5])]),
    );
    expect(thrown.clauseId).toBe('canton.model.packages-listed-once');
  });

  it('fails a list that shows a package the run only validated after seeing it absent, until an upload of it is sent', async () => {
    const validate = dar('dars-validate', withDependency.bytes, [2, 3]);
    const absent = list(['other'], [0, 1]);
    const thrown = await failure(() => run([absent, validate, list(['other', withDependency.packageIds[1]!], [4, 5])]));
    expect(thrown.clauseId).toBe('canton.model.packages-validate-no-effect');
    expect(await recorded(() => run([absent, validate, list(['other'], [4, 5])]))).toContain(
      'stateful_consistency canton.model.packages-validate-no-effect passed',
    );
    // Never seen absent (another party may have it), or an upload sent meanwhile: not judged.
    expect(await recorded(() => run([validate, list(withDependency.packageIds, [4, 5])]))).not.toContain(
      'stateful_consistency canton.model.packages-validate-no-effect failed',
    );
    const uploaded = dar('dars-upload', withDependency.bytes, [3.5, 6]);
    expect(await recorded(() => run([absent, validate, uploaded, list(withDependency.packageIds, [4, 7])]))).not.toContain(
      'stateful_consistency canton.model.packages-validate-no-effect failed',
    );
  });

  it('holds an upload without vetAllPackages=false to vetting: another package of the name and version is KNOWN_PACKAGE_VERSION', async () => {
    const vetted = dar('dars-upload', v1.bytes, [0, 1]);
    const refused = dar('dars-validate', twin.bytes, [2, 3], { status: 400, text: knownVersion });
    expect(await recorded(() => run([vetted, refused]))).toContain('stateful_consistency canton.model.packages-vetted-by-default passed');
    const accepted = dar('dars-validate', twin.bytes, [2, 3]);
    const thrown = await failure(() => run([vetted, accepted]));
    expect(thrown.clauseId).toBe('canton.model.packages-vetted-by-default');
    expect(thrown.message).toContain(v1.packageId);
    // vetAllPackages=false vets nothing; TRUE in any case vets (tapir's Boolean codec).
    expect(await recorded(() => run([dar('dars-upload', v1.bytes, [0, 1], { vet: 'false' }), accepted]))).toEqual([]);
    expect((await failure(() => run([dar('dars-upload', v1.bytes, [0, 1], { vet: 'TRUE' }), accepted]))).clauseId).toBe(
      'canton.model.packages-vetted-by-default',
    );
    // The same package again is no clash; a refusal for another reason is no evidence.
    expect(await recorded(() => run([vetted, dar('dars-validate', v1.bytes, [2, 3])]))).toEqual([]);
    const other = dar('dars-validate', twin.bytes, [2, 3], { status: 400, text: JSON.stringify({ code: 'NOT_VALID_UPGRADE_PACKAGE' }) });
    expect(await recorded(() => run([vetted, other]))).toEqual([]);
  });

  it('leaves packages the run never uploaded alone: a shared node may list more', async () => {
    expect(await recorded(() => run([list(['someone-elses', 'another'], [0, 1])]))).toEqual([
      'stateful_consistency canton.model.packages-listed-once passed',
    ]);
  });
});
