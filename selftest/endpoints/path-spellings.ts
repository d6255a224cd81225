/**
 * Which product files spell an endpoint's path. A file spells a path when one of its string literals *is* the path:
 * `'/v2/dars'`, `` `/v2/users/${id}` ``, `` `${base}/readyz` ``, `'POST /v2/dars'`, `'/v2/dars?vetAllPackages=false'`.
 * Prose that mentions a path (a clause's quoted sentence, an error message, a section heading such as
 * `Endpoints > POST {base_url}/v2/dars`) and comments are not spellings: they are documentation, and changing the
 * path does not break them.
 *
 * Counted: every `.ts` file of the tool (the suites and their support included) outside the reference target (its own
 * reading), the self-tests and the spec's verbatim text (`specification/spec-text`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const EXCLUDED_FOLDERS = ['node_modules', 'reference', 'selftest', 'spec-text', 'docs', 'out', 'dist', '.git', 'deploy'];

export function productFiles(root: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((entry) => {
      if (EXCLUDED_FOLDERS.includes(entry) || entry.startsWith('.')) return [];
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) return walk(path);
      return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
    });
  return walk(root).map((path) => relative(root, path));
}

const isConcatenation = (node: ts.Node): node is ts.BinaryExpression =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The text of a string literal or template (substitutions written `{}`), or undefined for anything else. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  return undefined;
}

/** The operands of a chain of `+`, left to right (parentheses looked through). */
function concatenated(node: ts.Expression): ts.Expression[] {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  return isConcatenation(inner) ? [...concatenated(inner.left), ...concatenated(inner.right)] : [inner];
}

/**
 * The string values of a source file; a template's substitutions are written `{}`, and so are the non-literal
 * operands of a concatenation, which counts as one value too (`'/v2/commands/' + 'submit-and-wait'`).
 */
export function stringValues(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const values: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined) values.push(text);
    else if (isConcatenation(node) && !isConcatenation(node.parent)) {
      const parts = concatenated(node).map(literalText);
      if (parts.some((part) => part !== undefined)) values.push(parts.map((part) => part ?? '{}').join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return values;
}

/** The path a string value stands for, or undefined when it is not a path (prose, anything else). */
function asPath(value: string): string | undefined {
  let path = value.replace(/^(GET|POST|PUT|PATCH|DELETE) (scan )?/, '');
  // A substitution before the path is its base URL; a `{name}` there is a placeholder of the spec's text (`{base_url}`).
  path = path.replace(/^\{\}/, '').replace(/\{[^}]*\}/g, '{}');
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) return undefined;
  path = path.replace(/([^/])\{\}$/, '$1');
  return /\s/.test(path) ? undefined : path;
}

/** Whether a string value spells the path template (`{name}` parameters). */
export function spells(value: string, template: string): boolean {
  const path = asPath(value);
  if (path === undefined) return false;
  const shape = template.replace(/\{[^}]+\}/g, '{}');
  if (path === shape) return true;
  // `'/v2/users/' + encodeURIComponent(id)`: the literal stops where the first parameter begins.
  return path.endsWith('/') && shape.startsWith(path) && shape.slice(path.length).startsWith('{}');
}

/** For every template, the product files (relative to `root`) that spell it. */
export function spellingsOf(root: string, templates: readonly string[]): Map<string, string[]> {
  const result = new Map(templates.map((template) => [template, [] as string[]]));
  for (const file of productFiles(root)) {
    const values = stringValues(readFileSync(join(root, file), 'utf8'), file);
    for (const template of templates) if (values.some((value) => spells(value, template))) result.get(template)!.push(file);
  }
  return result;
}
