/**
 * The suite's own DARs (daml/dars/): Daml-LF packages of the suite's models, built from daml/lf/*.lf and type-checked
 * by Canton's own Daml-LF tools (daml/build.sh; README "The suite's own Daml models"), committed so that running the
 * suite needs Node alone. Their index (daml/dars/index.json, written by the build) gives each DAR's package id, name,
 * version, templates and interfaces, and the outcome of Canton's upgrade check on the upgrade pairs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SUITE_DAR_FOLDER = fileURLToPath(new URL('../daml/dars/', import.meta.url));

/** The models of daml/models.txt, each built into `<name>.dar`. */
export type SuiteDarName =
  | 'conformance-values'
  | 'conformance-nesting'
  | 'conformance-keys'
  | 'conformance-key-workflows'
  | 'conformance-local-keys'
  | 'conformance-multi-party-keys'
  | 'conformance-interfaces'
  | 'conformance-semantics'
  | 'conformance-limits'
  | 'conformance-upgrade-v1'
  | 'conformance-upgrade-v1-other'
  | 'conformance-upgrade-v2'
  | 'conformance-upgrade-v3-invalid'
  | 'conformance-dependency'
  | 'conformance-with-dependency';

export interface SuiteDar {
  name: SuiteDarName;
  /** Absolute path of the DAR. */
  path: string;
  packageId: string;
  packageName: string;
  packageVersion: string;
  /** Daml-LF version, e.g. `2.1`. */
  lfVersion: string;
  sha256: string;
  /** Qualified names `Module:Entity`. */
  templates: string[];
  interfaces: string[];
}

/**
 * The suite DARs `provision` uploads beside the user's model DAR (each its own package name, none clashing with
 * another): every model except the later versions of the upgrade lineage and its same-name-same-version twin, which
 * the vetting tests upload or validate themselves, under a fresh package name each run.
 */
export const PROVISIONED_SUITE_DARS: readonly SuiteDarName[] = [
  'conformance-values',
  'conformance-nesting',
  'conformance-keys',
  'conformance-key-workflows',
  'conformance-local-keys',
  'conformance-multi-party-keys',
  'conformance-interfaces',
  'conformance-semantics',
  'conformance-limits',
  'conformance-upgrade-v1',
];

interface IndexFile {
  dars: (Omit<SuiteDar, 'path'> & { file: string })[];
}

let cached: Map<SuiteDarName, SuiteDar> | undefined;

function index(): Map<SuiteDarName, SuiteDar> {
  if (cached === undefined) {
    const file = JSON.parse(readFileSync(`${SUITE_DAR_FOLDER}index.json`, 'utf8')) as IndexFile;
    cached = new Map(file.dars.map(({ file: darFile, ...dar }) => [dar.name, { ...dar, path: `${SUITE_DAR_FOLDER}${darFile}` }]));
  }
  return cached;
}

/** A suite DAR as its index describes it. */
export function suiteDar(name: SuiteDarName): SuiteDar {
  const dar = index().get(name);
  if (dar === undefined) throw new Error(`daml/dars/index.json has no DAR ${name}: rebuild the DARs with daml/build.sh`);
  return dar;
}

/** The bytes of a suite DAR. */
export function suiteDarBytes(name: SuiteDarName): Uint8Array {
  return new Uint8Array(readFileSync(suiteDar(name).path));
}
