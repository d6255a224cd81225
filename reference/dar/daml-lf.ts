/**
 * Decoding the Daml-LF package of a DALF, as Canton's archive Reader and DecodeV2 do before anything is
 * type-checked (schemas from Canton 3.5's `daml_lf.proto`, `daml_lf1.proto` and `daml_lf2.proto`):
 *
 * - `ArchivePayload`: no unknown fields; Daml-LF 2 needs a known minor version and patch 0.
 * - Daml-LF 2 `Package`: the protobuf parses with no unknown fields (modules, data types, templates and
 *   interfaces are read; types and expressions are kept as bytes); the package metadata is present with
 *   a valid package name and version; every interned string and dotted-name index resolves; names are
 *   Daml-LF names; modules carry the feature flags Canton requires; every data type has its constructors.
 * - Daml-LF 1 `Package` (DecodeV1, as for the minors 1.8 and later): unknown fields are kept, as the JVM keeps
 *   them in LF1; the metadata is present with a valid package name and version; every interned index
 *   resolves; each module's name is set as an interned dotted name (the oneof case, so an index 0 must be on
 *   the wire) and its feature flags are all true. Such a package reaches the language-version check;
 *   anything else fails to decode.
 *
 * A failure throws `LfParseError`; the DAR parser answers it with DAR_PARSE_ERROR. Names, package names and
 * versions are read by reference/string-formats.ts.
 */
import { NAME, PACKAGE_NAME, PACKAGE_VERSION } from '../string-formats.js';
import {
  decodeMessage,
  has,
  int32Field,
  messageField,
  ProtobufError,
  repeatedField,
  type DecodedMessage,
  type FieldSchema,
  type MessageSchema,
} from './protobuf-reader.js';

export class LfParseError extends Error {}

const opaque = (name: string, repeated = false): FieldSchema => ({ name, type: { kind: 'opaque' }, ...(repeated ? { repeated } : {}) });
const varint = (name: string, repeated = false): FieldSchema => ({ name, type: { kind: 'varint' }, ...(repeated ? { repeated } : {}) });
const string = (name: string, repeated = false): FieldSchema => ({ name, type: { kind: 'string' }, ...(repeated ? { repeated } : {}) });
const message = (name: string, schema: MessageSchema, repeated = false): FieldSchema => ({
  name,
  type: { kind: 'message', schema },
  ...(repeated ? { repeated } : {}),
});
const strict = (name: string, fields: Record<number, FieldSchema>): MessageSchema => ({ name, fields, strict: true });
const lenient = (name: string, fields: Record<number, FieldSchema>): MessageSchema => ({ name, fields, strict: false });

// daml_lf.proto
export const ARCHIVE = strict('Archive', {
  1: varint('hash_function'),
  3: { name: 'payload', type: { kind: 'bytes' } },
  4: string('hash'),
});
export const ARCHIVE_PAYLOAD = strict('ArchivePayload', {
  3: string('minor'),
  5: varint('patch'),
  2: { name: 'daml_lf_1', type: { kind: 'bytes' } },
  4: { name: 'daml_lf_2', type: { kind: 'bytes' } },
});

// daml_lf2.proto
const TEMPLATE_CHOICE = strict('TemplateChoice', {
  1: opaque('location'),
  2: varint('name_interned_str'),
  3: varint('consuming'),
  4: opaque('controllers'),
  5: opaque('observers'),
  6: opaque('arg_binder'),
  8: opaque('ret_type'),
  9: opaque('update'),
  10: varint('self_binder_interned_str'),
  1001: opaque('authorizers'),
});
const FIELD_WITH_TYPE = strict('FieldWithType', { 3: varint('field_interned_str'), 2: opaque('type') });
const FIELDS = strict('DefDataType.Fields', { 1: message('fields', FIELD_WITH_TYPE, true) });
const DEF_DATA_TYPE = strict('DefDataType', {
  1: opaque('location'),
  2: varint('name_interned_dname'),
  3: opaque('params', true),
  4: varint('serializable'),
  5: message('record', FIELDS),
  6: message('variant', FIELDS),
  7: message('enum', strict('DefDataType.EnumConstructors', { 2: varint('constructors_interned_str', true) })),
  8: opaque('interface'),
});
const DEF_TEMPLATE = strict('DefTemplate', {
  1: varint('tycon_interned_dname'),
  2: varint('param_interned_str'),
  3: opaque('precond'),
  4: opaque('signatories'),
  6: message('choices', TEMPLATE_CHOICE, true),
  7: opaque('observers'),
  8: opaque('location'),
  9: opaque('key'),
  10: opaque('implements', true),
});
const DEF_INTERFACE = strict('DefInterface', {
  1: opaque('location'),
  2: varint('tycon_interned_dname'),
  3: opaque('methods', true),
  4: varint('param_interned_str'),
  5: message('choices', TEMPLATE_CHOICE, true),
  6: opaque('view'),
  7: opaque('requires', true),
});
const FEATURE_FLAGS = strict('FeatureFlags', {
  1: varint('forbidPartyLiterals'),
  2: varint('dontDivulgeContractIdsInCreateArguments'),
  3: varint('dontDiscloseNonConsumingChoicesToObservers'),
});
const MODULE = strict('Module', {
  1: varint('name_interned_dname'),
  2: message('flags', FEATURE_FLAGS),
  3: opaque('synonyms', true),
  4: message('data_types', DEF_DATA_TYPE, true),
  5: opaque('values', true),
  6: message('templates', DEF_TEMPLATE, true),
  7: opaque('exceptions', true),
  8: message('interfaces', DEF_INTERFACE, true),
});
const INTERNED_DOTTED_NAME = strict('InternedDottedName', { 1: varint('segments_interned_str', true) });
const PACKAGE_METADATA = strict('PackageMetadata', {
  1: varint('name_interned_str'),
  2: varint('version_interned_str'),
  3: opaque('upgraded_package_id'),
});
const LF2_PACKAGE = strict('Package', {
  1: message('modules', MODULE, true),
  2: string('interned_strings', true),
  3: message('interned_dotted_names', INTERNED_DOTTED_NAME, true),
  4: message('metadata', PACKAGE_METADATA),
  5: opaque('interned_types', true),
  6: opaque('interned_kinds', true),
  7: opaque('interned_exprs', true),
  8: string('no_imported_packages_reason'),
  9: message('package_imports', strict('PackageImports', { 1: string('imported_packages', true) })),
});

// daml_lf1.proto: the messages a package is made of, read as Java reads them (unknown fields kept).
const LF1_FEATURE_FLAGS = lenient('DamlLf1.FeatureFlags', {
  1: varint('forbidPartyLiterals'),
  2: varint('dontDivulgeContractIdsInCreateArguments'),
  3: varint('dontDiscloseNonConsumingChoicesToObservers'),
});
const LF1_MODULE = lenient('DamlLf1.Module', {
  1: opaque('name_dname'),
  8: varint('name_interned_dname'),
  4: message('flags', LF1_FEATURE_FLAGS),
});
const LF1_PACKAGE = lenient('DamlLf1.Package', {
  1: message('modules', LF1_MODULE, true),
  2: string('interned_strings', true),
  3: message('interned_dotted_names', lenient('DamlLf1.InternedDottedName', { 1: varint('segments_interned_str', true) }), true),
  4: message('metadata', lenient('DamlLf1.PackageMetadata', { 1: varint('name_interned_str'), 2: varint('version_interned_str') })),
  5: opaque('interned_types', true),
});

/** Daml-LF 2 minor versions Canton 3.5 knows (stable 2.1 to 2.3, and dev). */
const LF2_MINORS = new Set(['1', '2', '3', 'dev']);

export interface LfModule {
  /** Dotted module name, e.g. `Iou` or `DA.Internal.Template`. */
  name: string;
  templates: string[];
  interfaces: string[];
  dataTypes: string[];
}

export interface LfPackage {
  name: string;
  version: string;
  modules: LfModule[];
}

function parse(bytes: Uint8Array, schema: MessageSchema): DecodedMessage {
  try {
    return decodeMessage(bytes, schema);
  } catch (error) {
    if (error instanceof ProtobufError) throw new LfParseError(`the ${schema.name} protobuf does not parse: ${error.message}`);
    throw error;
  }
}

interface InterningTables {
  internedString(index: number): string;
  /** An interned string that must be a Daml-LF name. */
  name(index: number): string;
  dottedName(index: number): string;
}

/** The interned strings and dotted names of a package (Daml-LF 1 and 2 alike), each name checked. */
function interningTables(pkg: DecodedMessage): InterningTables {
  const strings = repeatedField<string>(pkg, 'interned_strings');
  const internedString = (index: number): string => {
    const value = strings[index];
    if (value === undefined) throw new LfParseError(`invalid internedString table index ${index}`);
    return value;
  };
  const name = (index: number): string => {
    const value = internedString(index);
    if (!NAME.test(value)) throw new LfParseError(`"${value}" is not a valid Daml-LF name`);
    return value;
  };
  const dottedNames = repeatedField<DecodedMessage>(pkg, 'interned_dotted_names').map((dotted) => {
    const segments = repeatedField<bigint>(dotted, 'segments_interned_str').map((index) => name(Number(index)));
    if (segments.length === 0) throw new LfParseError('a dotted name without segments');
    return segments.join('.');
  });
  const dottedName = (index: number): string => {
    const value = dottedNames[index];
    if (value === undefined) throw new LfParseError(`invalid dotted name table index ${index}`);
    return value;
  };
  return { internedString, name, dottedName };
}

/** The package's name and version from its metadata, which Daml-LF 1.8 and later and Daml-LF 2 require. */
function metadataOf(pkg: DecodedMessage, { internedString }: InterningTables, version: string): { name: string; version: string } {
  const metadata = messageField(pkg, 'metadata');
  if (metadata === undefined) throw new LfParseError(`Package.metadata is required in Daml-LF ${version}`);
  const packageName = internedString(int32Field(metadata, 'name_interned_str'));
  const packageVersion = internedString(int32Field(metadata, 'version_interned_str'));
  if (!PACKAGE_NAME.test(packageName)) throw new LfParseError(`"${packageName}" is not a valid Daml-LF package name`);
  if (!PACKAGE_VERSION.test(packageVersion)) throw new LfParseError(`"${packageVersion}" is not a valid Daml-LF package version`);
  return { name: packageName, version: packageVersion };
}

/** Both decoders refuse a module whose feature flags are not all true (or absent, hence all false). */
function checkFeatureFlags(module: DecodedMessage): void {
  const flags = messageField(module, 'flags');
  const flagSet = (flag: string) => flags !== undefined && flags[flag] === 1n;
  if (
    !flagSet('forbidPartyLiterals') ||
    !flagSet('dontDivulgeContractIdsInCreateArguments') ||
    !flagSet('dontDiscloseNonConsumingChoicesToObservers')
  ) {
    throw new LfParseError('Deprecated feature flag settings detected, refusing to parse package');
  }
}

/** Decodes a Daml-LF 1 package as DecodeV1 does up to its modules' names and flags; throws `LfParseError` when it does not. */
export function decodeLf1Package(bytes: Uint8Array, minor: string): void {
  const pkg = parse(bytes, LF1_PACKAGE);
  const tables = interningTables(pkg);
  metadataOf(pkg, tables, `1.${minor}`);
  for (const module of repeatedField<DecodedMessage>(pkg, 'modules')) {
    // The name is a oneof: with no name on the wire (an index 0 left out as a default) its case is unset.
    if (!has(module, 'name_interned_dname')) {
      throw new LfParseError(`Module.name.name_interned_dname is required by Daml-LF 1.${minor}`);
    }
    tables.dottedName(int32Field(module, 'name_interned_dname'));
    checkFeatureFlags(module);
  }
}

/** The Daml-LF 2 package of an `ArchivePayload` with `minor` and `patch`, decoded as DecodeV2 does. */
export function decodeLf2Package(bytes: Uint8Array, minor: string, patch: number): LfPackage {
  if (!LF2_MINORS.has(minor)) throw new LfParseError(`Daml-LF 2.${minor} is not supported, supported minors: 1, 2, 3, dev`);
  if (patch !== 0) throw new LfParseError(`Unknown patch version ${patch} for LF 2.${minor}`);
  const pkg = parse(bytes, LF2_PACKAGE);
  const tables = interningTables(pkg);
  const { name, dottedName } = tables;
  const metadata = metadataOf(pkg, tables, `2.${minor}`);
  // Canton 3.5's DecodeV2: explicit package imports (featurePackageImports) exist from Daml-LF 2.2 on; its encoder
  // writes them (or the reason there are none) for every 2.2 and later package.
  if ((has(pkg, 'package_imports') || has(pkg, 'no_imported_packages_reason')) && minor === '1') {
    throw new LfParseError(`Explicit pkg imports set on unsupported lf version (version 2.${minor})`);
  }
  const modules = repeatedField<DecodedMessage>(pkg, 'modules').map((module): LfModule => {
    checkFeatureFlags(module);
    const dataTypes = repeatedField<DecodedMessage>(module, 'data_types').map((dataType) => {
      const constructors = ['record', 'variant', 'enum', 'interface'].filter((kind) => has(dataType, kind));
      if (constructors.length === 0) throw new LfParseError('DefDataType.DATACONS_NOT_SET');
      for (const kind of ['record', 'variant']) {
        const fields = messageField(dataType, kind);
        if (fields) for (const field of repeatedField<DecodedMessage>(fields, 'fields')) name(int32Field(field, 'field_interned_str'));
      }
      const enumConstructors = messageField(dataType, 'enum');
      if (enumConstructors) for (const index of repeatedField<bigint>(enumConstructors, 'constructors_interned_str')) name(Number(index));
      return dottedName(int32Field(dataType, 'name_interned_dname'));
    });
    const choicesOf = (definition: DecodedMessage): void => {
      for (const choice of repeatedField<DecodedMessage>(definition, 'choices')) name(int32Field(choice, 'name_interned_str'));
    };
    const templates = repeatedField<DecodedMessage>(module, 'templates').map((template) => {
      name(int32Field(template, 'param_interned_str'));
      choicesOf(template);
      return dottedName(int32Field(template, 'tycon_interned_dname'));
    });
    const interfaces = repeatedField<DecodedMessage>(module, 'interfaces').map((definition) => {
      choicesOf(definition);
      return dottedName(int32Field(definition, 'tycon_interned_dname'));
    });
    return { name: dottedName(int32Field(module, 'name_interned_dname')), templates, interfaces, dataTypes };
  });
  return { ...metadata, modules };
}
