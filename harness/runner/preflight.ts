/**
 * Preflight: before any test, the tool's own set-up is checked against the node, so that its mistakes are never
 * reported as the node's failures.
 *
 * - Every active fixture user's token is accepted: `GET /v2/authenticated-user` answers that user. A refusal
 *   stops the run (exit 4) with one line: the user, the node's answer and the config key to check.
 * - The fixtures agree with the node: the DAR file exists and is readable; the users, their rights and the parties
 *   exist as described (admin routes, so only with an admin user in the fixtures); the package is known and the
 *   templates resolve; the scan reports the version `features.scanVersion` declares. A mismatch is one
 *   configuration error (exit 3) naming each fixture that disagrees.
 *
 * Only read-only requests that a Canton 3.5 node serves are sent (ledger-json-api .../http/json/v2/, branch
 * 3.5-open-source-2026-06-10.13):
 * - `GET /v2/authenticated-user` (JsUserManagementService.scala:290; any user),
 * - `GET /v2/users/{user-id}` and `GET /v2/users/{user-id}/rights` (JsUserManagementService.scala:288-340; admin),
 * - `GET /v2/parties/{party}` (JsPartyManagementService.scala:218-222; admin),
 * - `GET /v2/packages` (JsPackageService.scala:194; any user),
 * - `GET /v2/state/ledger-end` (JsStateService.scala:258) and `POST /v2/updates/update-by-offset` with a template
 *   filter (JsUpdateService: a
 *   filter naming a template the node lacks is 404 TEMPLATES_OR_INTERFACES_NOT_FOUND / PACKAGE_NAMES_NOT_FOUND /
 *   NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME / NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME whatever the
 *   offset holds: Canton 3.5 IndexServiceImpl.getUpdateBy runs checkUnknownIdentifiers before the lookup,
 *   ledger-api-core .../platform/index/IndexServiceImpl.scala:333 and :769-850),
 * - the scan's `GET /version` (Splice apps/common/src/main/openapi/common-external.yaml `getVersion`: `{version,
 *   commit_ts}`),
 * - with `features.trafficAccounts`, `GET /v2/traffic/accounts/{id}` (Canton 3.6; verified-against-real §7 C3).
 * What cannot be checked (no admin user, no authorization, a scan without `/version`) is said in a note.
 */
import { accessSync, constants, statSync } from 'node:fs';
import {
  TransportFault,
  resolveRequest,
  type AnyClientRequest,
  type ClientResponse,
  type TargetClient,
  type TargetEndpoints,
} from '../../client/http.js';
import { ConfigError, ToolError } from '../../config/tool-errors.js';
import type { AuthConfig, Fixtures, ResolvedConfig, UserFixture } from '../../config/types.js';
import { endpointPath } from '../../specification/endpoints.js';

/** The node refused a fixture user's token: the tool's auth set-up is wrong (exit 4, one line). */
export class PreflightAuthError extends ToolError {
  constructor(message: string) {
    super('PREFLIGHT_AUTH_REFUSED', message);
  }
}

export interface PreflightResult {
  /** What was checked, and what was not and why. One line each. */
  notes: string[];
  requests: number;
}

/** The config keys that decide a token, by auth kind. */
function authKeysToCheck(auth: AuthConfig, target: string): string {
  const at = `targets.${target}.auth`;
  switch (auth.kind) {
    case 'none':
      return `${at}.kind (the node checks tokens: choose hs256, rs256, es256, static or oauth2)`;
    case 'static':
      return `${at}.token / LEDGER_TOKEN or users[].token in the fixtures`;
    case 'hs256':
      return `${at}.secret (LEDGER_JWT_SECRET) and ${at}.audience (LEDGER_JWT_AUDIENCE)`;
    case 'rs256':
    case 'es256':
      return `${at}.privateKey (LEDGER_JWT_PRIVATE_KEY), ${at}.keyId and ${at}.audience (LEDGER_JWT_AUDIENCE)`;
    case 'oauth2':
      return `${at}.tokenUrl, .clientId, .clientSecret (LEDGER_OAUTH_CLIENT_ID, LEDGER_OAUTH_CLIENT_SECRET) and .audience`;
  }
}

/** One line of what the node answered: status, error code and the start of its cause or text. */
function describeAnswer(response: ClientResponse): string {
  let detail = response.text.replace(/\s+/g, ' ').trim();
  try {
    const body = response.json<{ code?: unknown; cause?: unknown }>();
    if (typeof body === 'object' && body !== null && typeof body.code === 'string')
      detail = `${body.code}${typeof body.cause === 'string' ? `: ${body.cause}` : ''}`;
  } catch {
    // not JSON: the text as it came
  }
  if (detail.length > 160) detail = `${detail.slice(0, 157)}...`;
  return `${response.status}${detail ? ` ${detail}` : ''}`;
}

type Right = string;

/** A right of the JSON API (`{kind: {CanActAs: {value: {party}}}}`) as `CanActAs:<party>`, or the kind alone. */
function rightKey(right: unknown): Right | undefined {
  const kind = (right as { kind?: Record<string, { value?: { party?: unknown } }> } | null)?.kind;
  if (typeof kind !== 'object' || kind === null) return undefined;
  const [name, variant] = Object.entries(kind)[0] ?? [];
  if (name === undefined) return undefined;
  const party = variant?.value?.party;
  return typeof party === 'string' ? `${name}:${party}` : name;
}

/** Rights the suites rely on, present or absent. Others (IdentityProviderAdmin, ...) do not matter to them. */
const RELEVANT_RIGHTS = /^(ParticipantAdmin|CanReadAsAnyParty|CanActAs:|CanReadAs:|CanExecuteAs:)/;

function expectedRights(user: UserFixture, party: (alias: string) => string): Set<Right> {
  return new Set([
    ...(user.rights.admin ? ['ParticipantAdmin'] : []),
    ...(user.rights.readAsAnyParty ? ['CanReadAsAnyParty'] : []),
    ...user.rights.actAs.map((alias) => `CanActAs:${party(alias)}`),
    ...user.rights.readAs.map((alias) => `CanReadAs:${party(alias)}`),
    ...user.rights.executeAs.map((alias) => `CanExecuteAs:${party(alias)}`),
  ]);
}

/** A template id as an update filter takes it: by package name (Canton 3.5 refuses package ids in filters, C6). */
function filterTemplateId(templateId: string, fixtures: Fixtures): string {
  if (templateId.startsWith('#')) return templateId;
  const [, ...rest] = templateId.split(':');
  return `#${fixtures.package.name}:${rest.join(':')}`;
}

const TEMPLATE_MISSING_CODES = new Set([
  'TEMPLATES_OR_INTERFACES_NOT_FOUND',
  'PACKAGE_NAMES_NOT_FOUND',
  'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
  'NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
]);

function errorCode(response: ClientResponse): string | undefined {
  try {
    const code = response.json<{ code?: unknown }>().code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function versionTriple(text: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? `${match[1]}.${match[2]}.${match[3]}` : undefined;
}

/**
 * Checks the set-up against the node through the run's client (its token provider is the run's). Throws
 * PreflightAuthError (a refused token) or ConfigError (fixtures that disagree with the node); otherwise returns what it
 * checked and what it could not.
 */
export async function preflight(config: ResolvedConfig, client: TargetClient): Promise<PreflightResult> {
  return check(config, client.endpoints, client);
}

/** Attempts per preflight read: the first and two more after a transport fault. */
const PREFLIGHT_ATTEMPTS = 3;
/** Preflight reads in flight at once. */
const PREFLIGHT_IN_FLIGHT = 16;

/** Runs the tasks given to it at most `size` at a time, in the order they were given. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A slot freed is handed to the first waiting task directly, so no later caller overtakes it.
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

async function check(config: ResolvedConfig, endpoints: TargetEndpoints, client: TargetClient): Promise<PreflightResult> {
  const { target } = config;
  const { fixtures, features } = target;
  let requests = 0;
  const notes: string[] = [];
  // Every preflight request is a read, so one the node's transport damaged (a reset, a cut body, an error page, a
  // stall) is sent again, up to three times in all: a faulty node is the tests' finding, not a set-up mistake. The
  // retries are printed.
  const send = async (input: AnyClientRequest): Promise<ClientResponse> => {
    const request = resolveRequest(input);
    for (let attempt = 1; ; attempt++) {
      requests++;
      try {
        return await client.send(request);
      } catch (error) {
        if (!(error instanceof TransportFault) || attempt >= PREFLIGHT_ATTEMPTS) throw error;
        notes.push(`${request.method} ${request.path} met a transport fault of the node (${error.kind}); sent again`);
      }
    }
  };
  const drift: string[] = [];
  const at = `targets.${target.name}.fixtures`;
  const parties = new Map(fixtures.parties.map((party) => [party.alias, party.id]));
  const party = (alias: string): string => parties.get(alias) ?? `<unknown alias ${alias}>`;
  const active = fixtures.users.filter((user) => !user.isDeactivated);
  const checkTokens = features.authorization && target.auth.kind !== 'none';
  const sharedStaticToken = target.auth.kind === 'static';
  const selfSigned = target.auth.kind === 'hs256' || target.auth.kind === 'rs256' || target.auth.kind === 'es256';
  /** Users the node does not have, or has deactivated: their tokens are refused because of the fixtures, not the auth. */
  const unusable = new Set<string>();

  // 1. The DAR file the upload tests send.
  if (features.writes) {
    try {
      if (!statSync(fixtures.dar).isFile()) throw new Error('not a file');
      accessSync(fixtures.dar, constants.R_OK);
    } catch (error) {
      drift.push(`${at} dar: the DAR file ${fixtures.dar} cannot be read (${(error as Error).message})`);
    }
  } else notes.push('the fixture DAR was not checked: --read-only sends no upload');

  // 2. Tokens: the admin's first, for the admin reads below.
  const refused = async (user: UserFixture): Promise<void> => {
    const response = await send({ endpoint: 'authenticated-user', user: user.id });
    let answered: string | undefined;
    if (response.status === 200) {
      try {
        answered = response.json<{ user?: { id?: unknown } }>().user?.id as string | undefined;
      } catch {
        answered = undefined;
      }
      if (answered === user.id) return;
      // One static token for every user authenticates one user only: accepted is all that can be asked of it.
      if (sharedStaticToken && user.token === undefined && typeof answered === 'string') return;
      // A token the tool signs itself names the user (`sub`): accepted, and another user answered, is the node's
      // answer to judge (the authenticated-user suite does), not a mistake of the set-up.
      if (selfSigned && typeof answered === 'string') {
        tokenNotes.set(
          user.id,
          `the token of fixture user "${user.id}" was accepted, but GET /v2/authenticated-user answered user ${JSON.stringify(answered)}`,
        );
        return;
      }
    }
    const what =
      response.status === 200 ? `accepted it as user ${JSON.stringify(answered ?? null)}` : `answered ${describeAnswer(response)}`;
    throw new PreflightAuthError(
      `preflight: the node refused the token of fixture user "${user.id}": GET /v2/authenticated-user ${what}; ` +
        `check ${authKeysToCheck(target.auth, target.name)}`,
    );
  };
  const tokenNotes = new Map<string, string>();
  const admin = active.find((user) => user.rights.admin);
  if (checkTokens && admin) await refused(admin);

  // The rest is independent reads: they go out together (at most PREFLIGHT_IN_FLIGHT at a time, so a slow node costs
  // a few round trips, not one per fixture), and what each finds is reported in the fixtures' order.
  const limit = limiter(PREFLIGHT_IN_FLIGHT);

  // 3. Users, rights and parties: admin routes. 4. The other users' tokens (those the node has, active).
  const usersAndTokens = async (): Promise<{ drift: string[]; notes: string[] }> => {
    const lines: string[] = [];
    const lineNotes: string[] = [];
    if (admin || !features.authorization) {
      const asAdmin = admin?.id ?? null;
      const checkUser = async (user: UserFixture): Promise<string[]> => {
        const found: string[] = [];
        const path = endpointPath('users.get', { 'user-id': user.id });
        const [record, rightsResponse] = await Promise.all([
          limit(() => send({ endpoint: 'users.get', params: { 'user-id': user.id }, user: asAdmin })),
          limit(() => send({ endpoint: 'users.rights', params: { 'user-id': user.id }, user: asAdmin })),
        ]);
        if (record.status === 404) {
          unusable.add(user.id);
          return [`${at} users[${user.id}]: the node has no such user (GET ${path} answered ${describeAnswer(record)})`];
        }
        if (record.status !== 200) {
          return [
            `${at} users[${user.id}]: GET ${path} as ${asAdmin ?? 'no user'} answered ${describeAnswer(record)} (does the admin user have ParticipantAdmin?)`,
          ];
        }
        const fields = record.json<{ user?: { isDeactivated?: boolean; primaryParty?: string } }>().user ?? {};
        if ((fields.isDeactivated ?? false) !== user.isDeactivated) {
          unusable.add(user.id);
          found.push(
            `${at} users[${user.id}].isDeactivated: the fixtures say ${user.isDeactivated}, the node ${fields.isDeactivated ?? false}`,
          );
        }
        if (user.primaryParty !== undefined && (fields.primaryParty ?? '') !== party(user.primaryParty))
          found.push(
            `${at} users[${user.id}].primaryParty: the fixtures say ${party(user.primaryParty)}, the node ${JSON.stringify(fields.primaryParty ?? '')}`,
          );
        if (rightsResponse.status !== 200) {
          found.push(
            `${at} users[${user.id}].rights: GET ${endpointPath('users.rights', { 'user-id': user.id })} answered ${describeAnswer(rightsResponse)}`,
          );
          return found;
        }
        const has = new Set(
          (rightsResponse.json<{ rights?: unknown[] }>().rights ?? [])
            .map(rightKey)
            .filter((key): key is string => key !== undefined && RELEVANT_RIGHTS.test(key)),
        );
        const wanted = expectedRights(user, party);
        const missing = [...wanted].filter((right) => !has.has(right));
        const extra = [...has].filter((right) => !wanted.has(right));
        if (missing.length > 0) found.push(`${at} users[${user.id}].rights: the node does not grant ${missing.join(', ')}`);
        if (extra.length > 0)
          found.push(`${at} users[${user.id}].rights: the node also grants ${extra.join(', ')}, which the fixtures say it lacks`);
        return found;
      };
      const checkParty = async (fixture: Fixtures['parties'][number]): Promise<string[]> => {
        const path = endpointPath('parties.get', { party: fixture.id });
        const response = await limit(() => send({ endpoint: 'parties.get', params: { party: fixture.id }, user: asAdmin }));
        const known =
          response.status === 200 &&
          (response.json<{ partyDetails?: { party?: string }[] }>().partyDetails ?? []).some((details) => details.party === fixture.id);
        return known
          ? []
          : [`${at} parties[${fixture.alias}]: the node does not know ${fixture.id} (GET ${path} answered ${describeAnswer(response)})`];
      };
      const [byUser, byParty] = await Promise.all([
        Promise.all(fixtures.users.map(checkUser)),
        Promise.all(fixtures.parties.map(checkParty)),
      ]);
      lines.push(...byUser.flat(), ...byParty.flat());
    } else {
      lineNotes.push(
        'users, rights and parties were not checked: no active fixture user has admin rights (GET /v2/users/{id}/rights needs ParticipantAdmin)',
      );
    }
    if (checkTokens) {
      // Every token is asked at once; the first refused in the fixtures' order is the one reported.
      const others = active.filter((user) => user !== admin && !unusable.has(user.id));
      const outcomes = await Promise.allSettled(others.map((user) => limit(() => refused(user))));
      const refusal = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (refusal !== undefined) throw refusal.reason;
    } else lineNotes.push(`tokens were not checked: ${features.authorization ? `auth kind is none` : 'features.authorization is false'}`);
    return { drift: lines, notes: lineNotes };
  };

  // 5. The package and the templates.
  const packageAndTemplates = async (): Promise<{ drift: string[]; notes: string[] }> => {
    const lines: string[] = [];
    const lineNotes: string[] = [];
    const reader = active.find((user) => user.rights.actAs.length + user.rights.readAs.length > 0);
    const [packages, end] = await Promise.all([
      limit(() => send({ endpoint: 'packages-list', user: reader?.id ?? admin?.id ?? null })),
      reader === undefined || fixtures.seededUpdates.transactionOffset !== undefined
        ? undefined
        : limit(() => send({ endpoint: 'ledger-end', user: reader.id })),
    ]);
    if (packages.status === 200) {
      const ids = packages.json<{ packageIds?: string[] }>().packageIds ?? [];
      if (!ids.includes(fixtures.package.id))
        lines.push(`${at} package.id: the node has no package ${fixtures.package.id} (GET /v2/packages)`);
    } else lineNotes.push(`the package was not checked: GET /v2/packages answered ${describeAnswer(packages)}`);
    if (reader) {
      const readParty = party(reader.rights.actAs[0] ?? reader.rights.readAs[0]!);
      const ledgerEnd = end?.status === 200 ? Number(end.json<{ offset?: number }>().offset ?? 0) : 0;
      const offset = fixtures.seededUpdates.transactionOffset ?? Math.max(1, ledgerEnd);
      const { templates } = fixtures;
      const filters: [string, Record<string, unknown>][] = [];
      for (const [key, template] of Object.entries(templates)) {
        if (template === undefined) continue;
        if ('templateId' in template) {
          filters.push([
            `templates.${key}.templateId ${template.templateId}`,
            { TemplateFilter: { value: { templateId: filterTemplateId(template.templateId, fixtures) } } },
          ]);
        } else {
          filters.push([
            `templates.${key}.interfaceId ${template.interfaceId}`,
            { InterfaceFilter: { value: { interfaceId: filterTemplateId(template.interfaceId, fixtures) } } },
          ]);
        }
      }
      const responses = await Promise.all(
        filters.map(([, identifierFilter]) => {
          const body = {
            offset,
            updateFormat: {
              includeTransactions: {
                eventFormat: { filtersByParty: { [readParty]: { cumulative: [{ identifierFilter }] } }, verbose: false },
                transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
              },
            },
          };
          return limit(() => send({ endpoint: 'update-by-offset', body, user: reader.id }));
        }),
      );
      responses.forEach((response, index) => {
        const name = filters[index]![0];
        const code = errorCode(response);
        if (response.status === 200 || code === 'UPDATE_NOT_FOUND') return;
        if (code !== undefined && TEMPLATE_MISSING_CODES.has(code))
          lines.push(`${at} ${name}: the node does not have it (${describeAnswer(response)})`);
        else lineNotes.push(`${name} was not checked: a lookup filtering on it answered ${describeAnswer(response)}`);
      });
    } else lineNotes.push('the templates were not checked: no active fixture user reads as a party');
    return { drift: lines, notes: lineNotes };
  };

  // 6. The traffic endpoint, a Canton 3.6 feature (verified-against-real C3): declared, it must exist.
  const traffic = async (): Promise<{ drift: string[]; notes: string[] }> => {
    if (!features.trafficAccounts) return { drift: [], notes: [] };
    const reader = active.find((user) => user.rights.actAs.length + user.rights.readAs.length > 0);
    const accountId = fixtures.trafficAccount?.accountId ?? 'preflight-probe';
    const path = endpointPath('traffic-account', { 'account-id': accountId });
    const response = await limit(() =>
      send({
        endpoint: 'traffic-account',
        params: { 'account-id': accountId },
        user: admin?.id ?? reader?.id ?? null,
      }),
    );
    let unknownRoute: boolean;
    try {
      const body = response.json<{ errors?: unknown; status?: unknown; code?: unknown }>();
      unknownRoute = response.status === 404 && Array.isArray(body.errors) && body.code === undefined;
    } catch {
      unknownRoute = response.status === 404;
    }
    return {
      drift: unknownRoute
        ? [
            `targets.${target.name}.features.trafficAccounts: it is true, but the node has no traffic endpoint (GET ${path} answered ` +
              `${describeAnswer(response)}, an unknown route); it is a Canton 3.6 feature: set it to false for a 3.5 node`,
          ]
        : [],
      notes: [],
    };
  };

  // 7. The scan's version.
  const scan = async (): Promise<{ drift: string[]; notes: string[] }> => {
    if (endpoints.scan === undefined) return { drift: [], notes: [] };
    const response = await limit(() => send({ endpoint: 'scan.version', user: null }));
    let reported: string | undefined;
    try {
      const version = response.json<{ version?: unknown }>().version;
      reported = response.status === 200 && typeof version === 'string' ? version : undefined;
    } catch {
      reported = undefined;
    }
    if (reported === undefined)
      return { drift: [], notes: [`the scan's version was not checked: GET /version answered ${describeAnswer(response)}`] };
    if (versionTriple(reported) !== versionTriple(features.scanVersion))
      return {
        drift: [
          `targets.${target.name}.features.scanVersion: it says ${features.scanVersion}, the scan reports ${reported} (GET ${endpoints.scan}/version); ` +
            `set it to ${versionTriple(reported) ?? reported}`,
        ],
        notes: [],
      };
    return { drift: [], notes: [] };
  };

  // A refused token stops the run before any fixture mismatch is reported (the other steps' requests are still awaited).
  const steps = await Promise.allSettled([usersAndTokens(), packageAndTemplates(), traffic(), scan()]);
  const failed = steps.find((step): step is PromiseRejectedResult => step.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  for (const step of steps) {
    if (step.status !== 'fulfilled') continue;
    drift.push(...step.value.drift);
    notes.push(...step.value.notes);
  }
  for (const user of active) {
    const note = tokenNotes.get(user.id);
    if (note !== undefined) notes.push(note);
  }

  if (drift.length > 0) {
    throw new ConfigError(`the set-up of target ${target.name}, checked against the node before any test`, [
      ...drift,
      `the node and the fixtures disagree: \`ledger-conformance provision --target ${target.name} --dry-run\` shows what provision would set up; ` +
        'provision again, or correct the fixtures file',
    ]);
  }
  return { notes, requests };
}
