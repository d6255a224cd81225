/**
 * Daml-LF packages the suite writes itself, in the protobuf of Daml-LF 2 (`daml_lf2.proto`, the messages
 * a package needs written down here with their field numbers) and, for the refused-version case, Daml-LF 1.
 *
 * A package has one module named after the package. The main package declares a template `Token`
 * (`owner : Party`, `label : Text`, one field per dependency of that dependency's `Tag` type, the
 * signatory `owner`, and a consuming `Archive` choice); each dependency declares a record `Tag`. Names,
 * types and expressions are real Daml-LF that Canton decodes; the packages are not compiled Daml, and a
 * participant's type checker may still refuse them (no standard library, no upgrade checks).
 */
import protobuf from 'protobufjs';

const DAML_LF_2_PROTO = `
syntax = "proto3";
package daml_lf_2;

message Unit {}
message SelfOrImportedPackageId { oneof Sum { Unit self_package_id = 1; int32 imported_package_id_interned_str = 3; } }
message ModuleId { SelfOrImportedPackageId package_id = 1; int32 module_name_interned_dname = 2; }
message TypeConId { ModuleId module = 1; int32 name_interned_dname = 2; }
message FieldWithType { int32 field_interned_str = 3; Type type = 2; }
message VarWithType { int32 var_interned_str = 3; Type type = 2; }
message Type {
  message Con { TypeConId tycon = 1; repeated Type args = 2; }
  message Builtin { int32 builtin = 1; repeated Type args = 2; }
  oneof Sum { Con con = 2; Builtin builtin = 3; int32 interned_type = 8; }
}
message Expr {
  message RecProj { Type.Con tycon = 1; int32 field_interned_str = 4; Expr record = 3; }
  message Nil { Type type = 1; }
  message Cons { Type type = 1; repeated Expr front = 2; Expr tail = 3; }
  oneof Sum { int32 var_interned_str = 2; int32 builtin_con = 5; RecProj rec_proj = 8; Nil nil = 21; Cons cons = 22; Update update = 23; }
}
message Pure { Type type = 1; Expr expr = 2; }
message Update { oneof Sum { Pure pure = 1; } }
message TemplateChoice {
  int32 name_interned_str = 2; bool consuming = 3; Expr controllers = 4; VarWithType arg_binder = 6; Type ret_type = 8;
  Expr update = 9; int32 self_binder_interned_str = 10;
}
message DefDataType {
  message Fields { repeated FieldWithType fields = 1; }
  int32 name_interned_dname = 2; bool serializable = 4;
  oneof DataCons { Fields record = 5; }
}
message DefTemplate {
  int32 tycon_interned_dname = 1; int32 param_interned_str = 2; Expr precond = 3; Expr signatories = 4;
  repeated TemplateChoice choices = 6; Expr observers = 7;
}
message FeatureFlags { bool forbidPartyLiterals = 1; bool dontDivulgeContractIdsInCreateArguments = 2; bool dontDiscloseNonConsumingChoicesToObservers = 3; }
message Module { int32 name_interned_dname = 1; FeatureFlags flags = 2; repeated DefDataType data_types = 4; repeated DefTemplate templates = 6; }
message InternedDottedName { repeated int32 segments_interned_str = 1; }
message PackageMetadata { int32 name_interned_str = 1; int32 version_interned_str = 2; }
message Package {
  repeated Module modules = 1; repeated string interned_strings = 2; repeated InternedDottedName interned_dotted_names = 3;
  PackageMetadata metadata = 4; repeated Type interned_types = 5;
}
`;

// daml_lf1.proto: what a 1.x package with a module and metadata is made of (field numbers of LF 1). The module's
// name is a oneof there, as here, so that protobufjs writes the name index 0 (a plain proto3 int32 0 is left out,
// and DecodeV1 refuses a module whose name case is unset). DecodeV1 also refuses a module whose feature flags
// are not all true.
const DAML_LF_1_PROTO = `
syntax = "proto3";
package daml_lf_1;
message FeatureFlags { bool forbidPartyLiterals = 1; bool dontDivulgeContractIdsInCreateArguments = 2; bool dontDiscloseNonConsumingChoicesToObservers = 3; }
message Module { oneof name { int32 name_interned_dname = 8; } FeatureFlags flags = 4; }
message InternedDottedName { repeated int32 segments_interned_str = 1; }
message PackageMetadata { int32 name_interned_str = 1; int32 version_interned_str = 2; }
message Package { repeated Module modules = 1; repeated string interned_strings = 2; repeated InternedDottedName interned_dotted_names = 3; PackageMetadata metadata = 4; }
`;

const root = new protobuf.Root();
protobuf.parse(DAML_LF_2_PROTO, root, { keepCase: true });
protobuf.parse(DAML_LF_1_PROTO, root, { keepCase: true });
root.resolveAll();
const Lf2Package = root.lookupType('daml_lf_2.Package');
const Lf1Package = root.lookupType('daml_lf_1.Package');

/** `BuiltinType` values of daml_lf2.proto. */
const BUILTIN = { UNIT: 0, PARTY: 6, TEXT: 7, LIST: 10 } as const;
/** `BuiltinCon` values. */
const CON_UNIT = 0;
const CON_TRUE = 2;

/** Module feature flags: Daml-LF 1 and 2 decoders refuse a module unless all three are set. */
const FEATURE_FLAGS = {
  forbidPartyLiterals: true,
  dontDivulgeContractIdsInCreateArguments: true,
  dontDiscloseNonConsumingChoicesToObservers: true,
} as const;

export interface DependencyRef {
  packageId: string;
  /** Its module, which declares the record `Tag`. */
  module: string;
}

export interface LfPackageContent {
  name: string;
  version: string;
  /** The single module's name. */
  module: string;
  /** Main packages declare the template `Token`; dependencies the record `Tag`. */
  role: 'main' | 'dependency';
  dependencies: DependencyRef[];
  /** Only changes the bytes (and so the package id): an interned string nothing refers to. */
  salt?: string;
  /** A main package declares the record `Token` without its template. */
  withoutTemplate?: boolean;
}

/** `conformance-test` → `ConformanceTest`: a Daml-LF name for the package's module. */
export function moduleNameOf(packageName: string): string {
  const name = packageName
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `P${name}`;
}

/** Interns strings and dotted names in order of first use, as damlc's tables do. */
class Interning {
  readonly strings: string[] = [];
  readonly dottedNames: number[][] = [];
  private readonly stringIndex = new Map<string, number>();
  private readonly dottedIndex = new Map<string, number>();

  string(value: string): number {
    let index = this.stringIndex.get(value);
    if (index === undefined) {
      index = this.strings.push(value) - 1;
      this.stringIndex.set(value, index);
    }
    return index;
  }

  dotted(name: string): number {
    let index = this.dottedIndex.get(name);
    if (index === undefined) {
      index = this.dottedNames.push(name.split('.').map((segment) => this.string(segment))) - 1;
      this.dottedIndex.set(name, index);
    }
    return index;
  }
}

/** The serialized Daml-LF 2 `Package` of `content`. */
export function lf2PackageBytes(content: LfPackageContent): Uint8Array {
  const interning = new Interning();
  const metadata = { name_interned_str: interning.string(content.name), version_interned_str: interning.string(content.version) };
  const moduleName = interning.dotted(content.module);
  const self = { package_id: { self_package_id: {} }, module_name_interned_dname: moduleName };
  // Outside the interning table a type is a reference into it (Daml-LF 2.1).
  const types: object[] = [];
  const type = (definition: object) => ({ interned_type: types.push(definition) - 1 });
  const party = type({ builtin: { builtin: BUILTIN.PARTY } });
  const text = type({ builtin: { builtin: BUILTIN.TEXT } });
  const unit = type({ builtin: { builtin: BUILTIN.UNIT } });
  const dataTypes: object[] = [];
  const templates: object[] = [];
  if (content.role === 'dependency') {
    dataTypes.push({
      name_interned_dname: interning.dotted('Tag'),
      serializable: true,
      record: { fields: [{ field_interned_str: interning.string('label'), type: text }] },
    });
  } else {
    const tags = content.dependencies.map((dependency, index) => ({
      field_interned_str: interning.string(`tag${index + 1}`),
      type: type({
        con: {
          tycon: {
            module: {
              package_id: { imported_package_id_interned_str: interning.string(dependency.packageId) },
              module_name_interned_dname: interning.dotted(dependency.module),
            },
            name_interned_dname: interning.dotted('Tag'),
          },
        },
      }),
    }));
    const token = interning.dotted('Token');
    const owner = interning.string('owner');
    const fields = [{ field_interned_str: owner, type: party }, { field_interned_str: interning.string('label'), type: text }, ...tags];
    dataTypes.push({ name_interned_dname: token, serializable: true, record: { fields } });
    // [this.owner]: the signatories, and the controllers of Archive.
    const thisOwner = {
      cons: {
        type: party,
        front: [
          {
            rec_proj: {
              tycon: { tycon: { module: self, name_interned_dname: token } },
              field_interned_str: owner,
              record: { var_interned_str: interning.string('this') },
            },
          },
        ],
        tail: { nil: { type: party } },
      },
    };
    if (content.withoutTemplate !== true)
      templates.push({
        tycon_interned_dname: token,
        param_interned_str: interning.string('this'),
        precond: { builtin_con: CON_TRUE },
        signatories: thisOwner,
        observers: { nil: { type: party } },
        choices: [
          {
            name_interned_str: interning.string('Archive'),
            consuming: true,
            controllers: thisOwner,
            arg_binder: { var_interned_str: interning.string('arg'), type: unit },
            ret_type: unit,
            update: { update: { pure: { type: unit, expr: { builtin_con: CON_UNIT } } } },
            self_binder_interned_str: interning.string('self'),
          },
        ],
      });
  }
  if (content.salt !== undefined) interning.string(`salt-${content.salt}`);
  const message = {
    modules: [
      {
        name_interned_dname: moduleName,
        flags: FEATURE_FLAGS,
        data_types: dataTypes,
        templates,
      },
    ],
    interned_strings: interning.strings,
    interned_dotted_names: interning.dottedNames.map((segments) => ({ segments_interned_str: segments })),
    metadata,
    interned_types: types,
  };
  return Lf2Package.encode(Lf2Package.fromObject(message)).finish();
}

/** A Daml-LF 1 package (one empty module and metadata) that decodes: Canton refuses its language version. */
export function lf1PackageBytes(content: Pick<LfPackageContent, 'name' | 'version' | 'module'>): Uint8Array {
  const interning = new Interning();
  const metadata = { name_interned_str: interning.string(content.name), version_interned_str: interning.string(content.version) };
  const module = { name_interned_dname: interning.dotted(content.module), flags: FEATURE_FLAGS };
  return Lf1Package.encode(
    Lf1Package.fromObject({
      modules: [module],
      interned_strings: interning.strings,
      interned_dotted_names: interning.dottedNames.map((segments) => ({ segments_interned_str: segments })),
      metadata,
    }),
  ).finish();
}
