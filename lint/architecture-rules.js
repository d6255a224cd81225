// Two lint rules that check the architecture rather than describe it (used by eslint.config.js):
// - `architecture/layering`: a file may not import from the places its zone forbids (zones are given in
//   the config: a target folder, the folders it must not import from, optional exceptions, a message);
// - `architecture/no-cycle`: no import cycle between the project's modules, type-only imports included;
// - `architecture/rooms`: a folder split into rooms (suites/: participant/, flows/, scan/, ...) keeps each room
//   to itself: a room holds only its own kind of file (`*.suite.ts`), imports nothing from another room (nor
//   from its own: suites do not import suites), and shares code only through the one shared folder (suites/support/),
//   which imports no room.
// - `architecture/no-response-check-calls`: the response-level checks the check engine applies to every exchange a test
//   records (checks/response-checks.ts: content type, response schema, error body, taxonomy, redaction) are not
//   called again by hand in the given folder (suites/): neither imported nor called by name. A test says what is
//   particular to its request (expectError, expectScanError, answerBody, expectContentType, ...).
// Imports here are always relative (`./x.js` stands for `./x.ts`), so paths resolve without a resolver.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The project file a relative specifier names, or undefined (packages, missing files). */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate)) ?? (existsSync(base) ? base : undefined);
}

const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const edgesCache = new Map();

function importsOf(file) {
  let edges = edgesCache.get(file);
  if (edges === undefined) {
    edges = [];
    let source;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      source = '';
    }
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const target = resolveSpecifier(file, match[1] ?? match[2]);
      if (target !== undefined && target.endsWith('.ts')) edges.push(target);
    }
    edgesCache.set(file, edges);
  }
  return edges;
}

/** A path of modules from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === goal) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...path, next]]);
  }
  return undefined;
}

const inside = (file, folder) => {
  const path = relative(join(root, folder), file);
  return path !== '' && !path.startsWith('..');
};

function importNodes(context, onImport) {
  const check = (node, sourceNode) => {
    if (sourceNode && typeof sourceNode.value === 'string') onImport(node, sourceNode.value);
  };
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source),
  };
}

const layering = {
  meta: { type: 'problem', docs: { description: 'no import across a forbidden line of the architecture' }, schema: [{ type: 'object' }] },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((zone) => [zone.target].flat().some((target) => inside(file, target)));
    if (zones.length === 0) return {};
    return importNodes(context, (node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (target === undefined) return;
      for (const zone of zones) {
        const from = [zone.from].flat().find((folder) => inside(target, folder));
        if (from === undefined) continue;
        if ((zone.except ?? []).some((allowed) => resolve(root, from, allowed) === target)) continue;
        context.report({ node, message: `${relative(root, target)}: ${zone.message}` });
        return;
      }
    });
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycle between project modules' }, schema: [] },
  create(context) {
    const file = context.filename;
    return importNodes(context, (node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (target === undefined || !target.endsWith('.ts')) return;
      const cycle = pathBack(target, file);
      if (cycle !== undefined) {
        context.report({ node, message: `import cycle: ${[file, ...cycle].map((entry) => relative(root, entry)).join(' → ')}` });
      }
    });
  },
};

/** The room of `file` inside `folder` (its first path segment below it), or undefined if not in a room. */
function roomOf(file, folder) {
  if (!inside(file, folder)) return undefined;
  const segments = relative(join(root, folder), file).split(/[\\/]/);
  return segments.length > 1 ? segments[0] : undefined;
}

const rooms = {
  meta: {
    type: 'problem',
    docs: { description: 'no import between the rooms of a folder; shared code only in its shared folder' },
    schema: [{ type: 'object' }],
  },
  create(context) {
    const file = context.filename;
    const options = context.options[0] ?? {};
    const folder = options.folder ?? 'suites';
    const shared = options.shared ?? 'support';
    const roomFile = options.roomFile ?? '.suite.ts';
    if (!inside(file, folder)) return {};
    const room = roomOf(file, folder);
    const where = room === undefined ? `${folder}/` : `${folder}/${room}/`;
    const checks = importNodes(context, (node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (target === undefined || !inside(target, folder)) return;
      if (roomOf(target, folder) === shared) return;
      const message =
        room === shared
          ? `${relative(root, target)}: ${folder}/${shared}/ is shared by every room of ${folder}/: it imports no room.`
          : `${relative(root, target)}: ${where} imports from ${folder}/ only its shared helpers (${folder}/${shared}/); move what two files share there.`;
      context.report({ node, message });
    });
    return {
      ...checks,
      Program(node) {
        if (room !== undefined && room !== shared && !file.endsWith(roomFile)) {
          context.report({
            node,
            message: `${relative(root, file)}: ${folder}/${room}/ holds only ${roomFile} files; a helper belongs in ${folder}/${shared}/.`,
          });
        }
      },
    };
  },
};

const noResponseCheckCalls = {
  meta: {
    type: 'problem',
    docs: { description: 'the response-level checks the engine applies are not called by hand in the suites' },
    schema: [{ type: 'object' }],
  },
  create(context) {
    const file = context.filename;
    const options = context.options[0] ?? {};
    const forbidden = new Set(options.functions ?? []);
    if (!inside(file, options.folder ?? 'suites') || forbidden.size === 0) return {};
    const message = (name) =>
      `${name} is a response-level check the check engine applies to every exchange a test records (checks/response-checks.ts): ` +
      'a suite does not call it by hand. Assert what is particular to the request instead (expectError, expectScanError, ' +
      'answerBody, expectContentType), and let the engine check the answer.';
    return {
      ImportSpecifier(node) {
        const name = node.imported.name ?? node.imported.value;
        if (node.importKind !== 'type' && node.parent.importKind !== 'type' && forbidden.has(name))
          context.report({ node, message: message(name) });
      },
      CallExpression(node) {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && forbidden.has(callee.name)) context.report({ node, message: message(callee.name) });
      },
    };
  },
};

export default { rules: { layering, 'no-cycle': noCycle, rooms, 'no-response-check-calls': noResponseCheckCalls } };
