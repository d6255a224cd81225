/**
 * Which endpoint an exchange is, from its API, method and path: the check engine (`checks/response-checks.ts`)
 * applies an endpoint's response checks only to exchanges that match it.
 *
 * Provisional: read off the `ENDPOINTS` table of `specification/endpoints.ts` (its "METHOD [scan ]PATH, PATH"
 * strings). The endpoint descriptors (issue 21 point 1) replace it with the same signature.
 */
import { ENDPOINTS, type EndpointName } from './endpoints.js';

export type EndpointApi = 'participant' | 'scan';

interface Route {
  name: EndpointName;
  api: EndpointApi;
  method: string;
  pattern: RegExp;
}

/** `/v2/users/{user-id}` → /^\/v2\/users\/[^/]+$/ (a path parameter is one non-empty segment). */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}

function routesOf(name: EndpointName, description: string): Route[] {
  const routes: Route[] = [];
  let method: string | undefined;
  let api: EndpointApi = 'participant';
  for (const raw of description.replace(/\s*\(canton\)\s*$/, '').split(/,\s*/)) {
    const words = raw.trim().split(/\s+/);
    if (/^[A-Z]+$/.test(words[0] ?? '')) {
      method = words.shift();
      api = words[0] === 'scan' ? (words.shift(), 'scan') : 'participant';
    }
    const path = words[0];
    if (method === undefined || path === undefined || !path.startsWith('/')) continue;
    routes.push({ name, api, method, pattern: templatePattern(path) });
  }
  return routes;
}

const ROUTES: readonly Route[] = (Object.entries(ENDPOINTS) as [EndpointName, string][]).flatMap(([name, description]) =>
  routesOf(name, description),
);

/** The endpoint `method path` of `api` is, or undefined for a path no endpoint has (an unknown route, another method). */
export function matchEndpoint(api: EndpointApi, method: string, path: string): EndpointName | undefined {
  const bare = path.split('?')[0]!;
  const upper = method.toUpperCase();
  return ROUTES.find((route) => route.api === api && route.method === upper && route.pattern.test(bare))?.name;
}
