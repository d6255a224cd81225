/**
 * The operations of an OpenAPI document as `openapi-typescript` generates them into a `.d.ts` (`interface paths`,
 * `interface operations`): the official Canton 3.5.1 JSON Ledger API of `@canton-network/core-ledger-client-types` and
 * the Splice scan API of `@canton-network/core-splice-client`. Read with the TypeScript parser, never executed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

export interface OpenApiParameter {
  name: string;
  required: boolean;
}

export interface OpenApiOperation {
  method: string;
  path: string;
  operationId: string;
  pathParameters: OpenApiParameter[];
  queryParameters: OpenApiParameter[];
}

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  // The packages' `exports` may not expose package.json: walk up from the entry point.
  let dir = dirname(require.resolve(name));
  while (!dir.endsWith(name.split('/').pop()!)) dir = dirname(dir);
  return dir;
}

export const CANTON_LEDGER_OPENAPI = () =>
  join(packageDir('@canton-network/core-ledger-client-types'), 'dist/generated-clients/openapi-3.5.1.d.ts');
export const SPLICE_SCAN_OPENAPI = () => join(packageDir('@canton-network/core-splice-client'), 'dist/generated-clients/scan.d.ts');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function nameOf(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

function members(node: ts.TypeNode | undefined): ts.TypeElement[] {
  return node !== undefined && ts.isTypeLiteralNode(node) ? [...node.members] : [];
}

function property(elements: readonly ts.TypeElement[], name: string): ts.PropertySignature | undefined {
  return elements.find((element): element is ts.PropertySignature => ts.isPropertySignature(element) && nameOf(element.name) === name);
}

function parameters(operation: ts.PropertySignature | undefined, kind: 'path' | 'query'): OpenApiParameter[] {
  const params = property(members(operation?.type), 'parameters');
  const group = property(members(params?.type), kind);
  return members(group?.type)
    .filter(ts.isPropertySignature)
    .map((element) => ({ name: nameOf(element.name), required: element.questionToken === undefined }));
}

export function readOpenApiOperations(file: string): OpenApiOperation[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const paths = interfaces.get('paths');
  const operations = interfaces.get('operations');
  if (paths === undefined || operations === undefined) throw new Error(`${file}: no interface paths / operations`);
  const result: OpenApiOperation[] = [];
  for (const entry of paths.members.filter(ts.isPropertySignature)) {
    const path = nameOf(entry.name);
    for (const method of METHODS) {
      const declared = property(members(entry.type), method);
      if (declared?.type === undefined || declared.type.kind === ts.SyntaxKind.NeverKeyword) continue;
      // `operations['postV2CommandsSubmit-and-wait']`
      const typeNode = declared.type;
      let operationId = '';
      if (
        ts.isIndexedAccessTypeNode(typeNode) &&
        ts.isLiteralTypeNode(typeNode.indexType) &&
        ts.isStringLiteral(typeNode.indexType.literal)
      ) {
        operationId = typeNode.indexType.literal.text;
      }
      const operation = property(operations.members, operationId);
      result.push({
        method: method.toUpperCase(),
        path,
        operationId,
        pathParameters: parameters(operation, 'path'),
        queryParameters: parameters(operation, 'query'),
      });
    }
  }
  return result;
}
