/**
 * Template and interface identifiers: `#<package-name>:<Module>:<Entity>` (package-name reference) or
 * `<package-id>:<Module>:<Entity>` (package-id reference, deprecated), resolved against the model package.
 */
import { LedgerApiError, invalidField, invalidArgument } from '../canton-errors.js';
import { decodeFailure, fieldPath } from '../http/decode.js';
import { lfStringProblem, NAME, NAME_MAX_LENGTH } from '../string-formats.js';
import {
  executedPackages,
  homeOf,
  type InterfaceDefinition,
  type ModelPackage,
  type PackageHome,
  type TemplateDefinition,
} from './package-model.js';

export interface ParsedIdentifier {
  /** `#name` or a package id. */
  packageRef: string;
  /** `Module:Entity`. */
  qualifiedName: string;
  /** The identifier as written. */
  text: string;
}

/** Java's `String.split(":")`, as Canton's `IdentifierConverter` uses it: trailing empty parts are dropped. */
function splitLikeJava(text: string): string[] {
  const parts = text.split(':');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * Splits an identifier; one that is not three `:`-separated parts fails while decoding the body, as
 * Canton's JSON codec does (400 text/plain naming the field at `path`, or at `fieldPath(path, field)`
 * when `field` is given). Empty or malformed parts pass here and are refused by `validateTypeConRef`.
 */
export function parseIdentifier(text: string, path: string, field?: string): ParsedIdentifier {
  const parts = splitLikeJava(text);
  if (parts.length !== 3) {
    throw decodeFailure(
      `Invalid identifier format (${text}) not matching the expected format (<package>:<moduleName>:<entityName>)`,
      field === undefined ? path : fieldPath(path, field),
    );
  }
  const [packageRef, moduleName, entityName] = parts as [string, string, string];
  return { packageRef, qualifiedName: `${moduleName}:${entityName}`, text };
}

/** Daml-LF `DottedName.fromString`: non-empty, `.`-separated `Name`s. */
function dottedNameProblem(text: string): string | undefined {
  if (text === '') return 'Expected a non-empty string';
  const bad = text.split('.').find((segment) => !NAME.test(segment));
  return bad === undefined
    ? undefined
    : (lfStringProblem(bad, /[A-Za-z0-9_$]/, NAME_MAX_LENGTH, 'Daml-LF Name') ?? `non expected first character in Daml-LF Name "${bad}"`);
}

/** The module and entity names of an identifier (`validateTemplateQualifiedName`), each with its problem if any. */
function nameProblems(id: ParsedIdentifier): [string, string | undefined][] {
  const separator = id.qualifiedName.indexOf(':');
  return [
    ['module_name', dottedNameProblem(id.qualifiedName.slice(0, separator))],
    ['entity_name', dottedNameProblem(id.qualifiedName.slice(separator + 1))],
  ];
}

/** Daml-LF `PackageRef.fromString`: `#` and a package name, or a package id (IdString.scala). */
function packageRefProblem(text: string): string | undefined {
  return text.startsWith('#')
    ? lfStringProblem(text.slice(1), /[A-Za-z0-9\-_]/, 255, 'Daml-LF Package Name')
    : lfStringProblem(text, /[A-Za-z0-9\-_ ]/, 64, 'Daml-LF Package ID');
}

/**
 * FormatValidator.validateNameTypeConRef (the identifier filters of a format): FieldValidator.validateTypeConRef
 * (the module and entity names, then the package reference), then a package name is required: Canton 3.5
 * refuses the package-id format in filters. Each a 400 INVALID_FIELD, in the gRPC validation before any lookup.
 */
function validateNameTypeConRef(id: ParsedIdentifier): void {
  const checks: [string, string | undefined][] = [...nameProblems(id), ['package reference', packageRefProblem(id.packageRef)]];
  for (const [field, problem] of checks) if (problem !== undefined) throw invalidField(field, problem);
  if (!id.packageRef.startsWith('#')) {
    throw invalidField('packageId', `Received an identifier with package ID ${id.packageRef}, but expected a package name.`);
  }
}

/**
 * How the JSON layer meets a command's template id before gRPC validation sees it: the package
 * references of all commands are parsed to resolve package names (TranscodePackageIdResolver, 400
 * INVALID_ARGUMENT "Value does not match the package-id or package-name formats"); a template the
 * package does not have is reported through `Ref.Identifier` assertions, so a malformed module or entity
 * name surfaces as the IllegalArgumentException that Endpoints maps to 400 INVALID_ARGUMENT.
 */
export function validateCommandPackageRef(id: ParsedIdentifier): void {
  const problem = packageRefProblem(id.packageRef);
  if (problem !== undefined) throw invalidArgument(`Value does not match the package-id or package-name formats: ${problem}`);
}

export type ResolvedIdentifier = { kind: 'template'; template: TemplateDefinition } | { kind: 'interface'; iface: InterfaceDefinition };

function notFound(text: string): LedgerApiError {
  return new LedgerApiError(
    'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    `The following templates or interfaces do not exist on the ledger: ${text}`,
    { resources: [['TEMPLATE_OR_INTERFACE_ID', text]] },
  );
}

/**
 * Resolves to a template or an interface of the model package (404 when there is none). `use` says
 * whose path checks a malformed identifier first: a command's (JSON layer) or a format filter's (gRPC
 * FormatValidator).
 */
export function resolveIdentifier(
  pkg: ModelPackage,
  id: ParsedIdentifier,
  use: 'command' | 'filter',
  versions: VersionSelection = {},
): ResolvedIdentifier {
  if (use === 'filter') validateNameTypeConRef(id);
  else validateCommandPackageRef(id);
  let home: ModelPackage | undefined;
  if (id.packageRef.startsWith('#')) {
    const name = id.packageRef.slice(1);
    home = name === pkg.name ? pkg : pkg.others.get(name);
    if (home === undefined) {
      throw new LedgerApiError(
        'PACKAGE_NAMES_NOT_FOUND',
        `The following package names do not match upgradable packages uploaded on this participant: [${name}].`,
        { resources: [['PACKAGE_NAME', name]] },
      );
    }
    if (home.lineage !== undefined && use === 'command') home = selectVersion(home.lineage, versions);
  } else {
    home = executedPackages(pkg).find((candidate) => candidate.id === id.packageRef);
    // Fault `upgrade-package-id-ignored`: a package id of an older version runs the highest version of its name.
    if (home?.lineage !== undefined && versions.packageIdIgnored) home = home.lineage[home.lineage.length - 1];
  }
  const template = home?.templates.get(id.qualifiedName);
  if (template) return { kind: 'template', template };
  const iface = home?.interfaces.get(id.qualifiedName);
  if (iface) return { kind: 'interface', iface };
  if (use === 'command') {
    const problem = nameProblems(id).find(([, found]) => found !== undefined)?.[1];
    if (problem !== undefined) throw invalidArgument(problem);
  }
  throw notFound(id.text);
}

/**
 * How a command's package-name reference picks a version of an upgrade lineage (Canton 3.5's package preference,
 * `packageIdSelectionPreference`): a version the submission prefers, else the highest vetted version. The flags are
 * faults of the reference (`reference/faults.ts`).
 */
export interface VersionSelection {
  preference?: readonly string[];
  /** Fault `upgrade-preference-ignored`. */
  preferenceIgnored?: boolean;
  /** Fault `upgrade-package-name-first-version`: a package name picks the lowest vetted version. */
  firstVersion?: boolean;
  /** Fault `upgrade-package-id-ignored`. */
  packageIdIgnored?: boolean;
}

function selectVersion(lineage: readonly ModelPackage[], versions: VersionSelection): ModelPackage {
  const preferred = versions.preferenceIgnored ? undefined : lineage.find((candidate) => versions.preference?.includes(candidate.id));
  return preferred ?? (versions.firstVersion ? lineage[0]! : lineage[lineage.length - 1]!);
}

export function resolveTemplate(pkg: ModelPackage, id: ParsedIdentifier, versions: VersionSelection = {}): TemplateDefinition {
  const resolved = resolveIdentifier(pkg, id, 'command', versions);
  if (resolved.kind !== 'template') {
    throw new LedgerApiError(
      'INVALID_ARGUMENT',
      `The submitted request has invalid arguments: ${id.text} is an interface, expected a template`,
    );
  }
  return resolved.template;
}

/** The package-id form Canton reports in events, of a template or interface of the model package or of another one. */
export function packageIdForm(pkg: ModelPackage, definition: { qualifiedName: string; home?: PackageHome }): string {
  return `${homeOf(pkg, definition).id}:${definition.qualifiedName}`;
}
