/**
 * The fixtures the scan self-tests run against: the scan-relevant parts of the committed reference
 * fixtures file, read directly so these tests do not depend on the config loader.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Fixtures } from '../../config/types.js';

const fixturesFile = fileURLToPath(new URL('../../config/fixtures/reference.yaml', import.meta.url));

export function loadReferenceFixtures(): Fixtures {
  const raw = parse(readFileSync(fixturesFile, 'utf8')) as Fixtures;
  return {
    ...raw,
    parties: raw.parties.map((party) => ({ ...party })),
  };
}
