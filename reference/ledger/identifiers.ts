/**
 * Template and interface identifiers: `#<package-name>:<Module>:<Entity>` (package-name reference) or
 * `<package-id>:<Module>:<Entity>` (package-id reference, deprecated), resolved against the model package.
 */
import { LedgerApiError } from '../errors.js';
import { decodeFailure, fieldPath } from '../http/decode.js';
import type { InterfaceDefinition, ModelPackage, TemplateDefinition } from './package-model.js';

export interface ParsedIdentifier {
  /** `#name` or a package id. */
  packageRef: string;
  /** `Module:Entity`. */
  qualifiedName: string;
  /** The identifier as written. */
  text: string;
}

/**
 * Splits an identifier; a malformed one fails while decoding the body, as Canton's JSON codec does
 * (400 text/plain naming the field at `path`, or at `fieldPath(path, field)` when `field` is given).
 */
export function parseIdentifier(text: string, path: string, field?: string): ParsedIdentifier {
  const first = text.indexOf(':');
  const second = first === -1 ? -1 : text.indexOf(':', first + 1);
  const wellFormed =
    first > 0 &&
    second > first + 1 &&
    second < text.length - 1 &&
    text.indexOf(':', second + 1) === -1 &&
    !(first === 1 && text[0] === '#');
  if (!wellFormed) {
    throw decodeFailure(
      `Invalid identifier format (${text}) not matching the expected format (<package>:<moduleName>:<entityName>)`,
      field === undefined ? path : fieldPath(path, field),
    );
  }
  return { packageRef: text.slice(0, first), qualifiedName: text.slice(first + 1), text };
}

export type ResolvedIdentifier = { kind: 'template'; template: TemplateDefinition } | { kind: 'interface'; iface: InterfaceDefinition };

function notFound(text: string): LedgerApiError {
  return new LedgerApiError(
    'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    `The following templates or interfaces do not exist on the ledger: ${text}`,
    { resources: [['TEMPLATE_OR_INTERFACE_ID', text]] },
  );
}

/** Resolves to a template or an interface of the model package (404 when there is none). */
export function resolveIdentifier(pkg: ModelPackage, id: ParsedIdentifier): ResolvedIdentifier {
  if (id.packageRef.startsWith('#')) {
    const name = id.packageRef.slice(1);
    if (name !== pkg.name) {
      throw new LedgerApiError(
        'PACKAGE_NAMES_NOT_FOUND',
        `The following package names do not match upgradable packages uploaded on this participant: [${name}].`,
        { resources: [['PACKAGE_NAME', name]] },
      );
    }
  } else if (id.packageRef !== pkg.id) {
    throw notFound(id.text);
  }
  const template = pkg.templates.get(id.qualifiedName);
  if (template) return { kind: 'template', template };
  const iface = pkg.interfaces.get(id.qualifiedName);
  if (iface) return { kind: 'interface', iface };
  throw notFound(id.text);
}

export function resolveTemplate(pkg: ModelPackage, id: ParsedIdentifier): TemplateDefinition {
  const resolved = resolveIdentifier(pkg, id);
  if (resolved.kind !== 'template') {
    throw new LedgerApiError(
      'INVALID_ARGUMENT',
      `The submitted request has invalid arguments: ${id.text} is an interface, expected a template`,
    );
  }
  return resolved.template;
}

/** The package-id form Canton reports in events. */
export function packageIdForm(pkg: ModelPackage, qualifiedName: string): string {
  return `${pkg.id}:${qualifiedName}`;
}
