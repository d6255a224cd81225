/**
 * Route matching by method and path pattern (`/v2/traffic/accounts/{account-id}`), compiled once.
 * Static paths are one map lookup; patterns with parameters are tried segment by segment.
 */
import type { Route } from './types.js';

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  /** The path exists, but not for this method (405). */
  | { kind: 'wrong-method' }
  | { kind: 'unknown' };

type Segment = { literal: string } | { param: string };

interface PatternRoute {
  segments: Segment[];
  byMethod: Map<string, Route>;
}

const PARAM_SEGMENT = /^\{([^{}]+)\}$/;

function compile(pattern: string): Segment[] {
  return pattern
    .split('/')
    .slice(1)
    .map((part) => {
      const param = PARAM_SEGMENT.exec(part);
      return param ? { param: param[1] as string } : { literal: part };
    });
}

/** Thrown when a path parameter is not valid percent-encoding. */
export class MalformedPathParameter extends Error {}

export class Router {
  private readonly staticRoutes = new Map<string, Map<string, Route>>();
  private readonly patternRoutes: PatternRoute[] = [];

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const segments = compile(route.pattern);
      let byMethod: Map<string, Route> | undefined;
      if (segments.every((s) => 'literal' in s)) {
        byMethod = this.staticRoutes.get(route.pattern) ?? new Map();
        this.staticRoutes.set(route.pattern, byMethod);
      } else {
        const existing = this.patternRoutes.find(
          (p) => p.segments.length === segments.length && p.segments.every((s, i) => JSON.stringify(s) === JSON.stringify(segments[i])),
        );
        byMethod = existing?.byMethod ?? new Map();
        if (existing === undefined) this.patternRoutes.push({ segments, byMethod });
      }
      if (byMethod.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.pattern}`);
      byMethod.set(route.method, route);
    }
  }

  match(method: string, path: string): RouteMatch {
    const byPath = this.staticRoutes.get(path);
    if (byPath !== undefined) {
      const route = byPath.get(method);
      return route ? { kind: 'found', route, params: {} } : { kind: 'wrong-method' };
    }
    if (this.patternRoutes.length === 0) return { kind: 'unknown' };
    const parts = path.split('/').slice(1);
    for (const candidate of this.patternRoutes) {
      const params = matchSegments(candidate.segments, parts);
      if (params === undefined) continue;
      const route = candidate.byMethod.get(method);
      return route ? { kind: 'found', route, params } : { kind: 'wrong-method' };
    }
    return { kind: 'unknown' };
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Segment;
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
    } else {
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        throw new MalformedPathParameter(segment.param);
      }
    }
  }
  return params;
}
