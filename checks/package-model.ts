/**
 * The packages part of the model (canton profile): built only from the run's own DAR uploads and validations (the DAR
 * bytes it sent, read with the suite's one DAR reader, and the answers), it holds every package list and every
 * validation or vetting upload the run records:
 * - every package of a DAR the run uploaded (answered 200 before the list was sent) is listed, dependencies too;
 * - a list names each package once;
 * - a package the run only validated, absent from a list answered before the validation was sent, stays unlisted until
 *   an upload of it is sent (validate stores nothing);
 * - after an upload that vetted (vetAllPackages absent or true) a package with templates, validating or vetting another
 *   package of its name and version is refused, never 200 (judged only when the answer is 200, a failure, or names
 *   KNOWN_PACKAGE_VERSION, a pass: another refusal is no evidence either way).
 * What a node may choose is left open: other parties may upload packages on a shared node (a list may show more than the
 * run uploaded), and a package the run never saw absent is never required to be absent.
 */
import type { ClauseId } from '../specification/clauses.js';
import { readDar } from '../specification/dar.js';
import { matchEndpoint, type DescriptorName } from '../specification/endpoints.js';
import { parseJsonObject } from '../specification/json.js';
import { assertClause } from './assertion.js';
import { judgeClauses, showValue } from './model-judgement.js';
import type { ObservedExchange } from './response-checks.js';

interface DarPackage {
  id: string;
  name: string | undefined;
  version: string | undefined;
  /** Whether the package declares a template (only such packages take part in Canton's lineage checks). */
  hasTemplates: boolean;
}

interface Timed {
  sentAt: number;
  answeredAt: number;
}

const show = showValue;

/** The packages of a DAR the run sent (main first), or undefined when the bytes are no well-formed DAR. */
function darPackages(exchange: ObservedExchange): DarPackage[] | undefined {
  const base64 = exchange.response.request.bodyBase64;
  if (base64 === undefined) return undefined;
  const reading = readDar(new Uint8Array(Buffer.from(base64, 'base64')));
  if (reading.broken.length > 0 || reading.dalfs.length === 0) return undefined;
  return reading.dalfs.map((dalf) => ({
    id: dalf.hash,
    name: dalf.lf?.name,
    version: dalf.lf?.version,
    hasTemplates: (dalf.lf?.modules ?? []).some((module) => module.templates.length > 0),
  }));
}

/** Whether the upload vets: `vetAllPackages` absent (the default, true) or `true` in any case (tapir's Boolean codec). */
function vets(exchange: ObservedExchange): boolean {
  const value = new URL(exchange.response.request.url).searchParams.get('vetAllPackages');
  return value === null || value.toLowerCase() === 'true';
}

export class PackageModel {
  /** Uploads the run sent, by package id: when each was sent and, for those answered 200, when answered. */
  private readonly uploadsSent = new Map<string, number[]>();
  private readonly uploaded = new Map<string, number>();
  /** Packages a vetting upload answered 200 vetted: id → (name, version, when answered). */
  private readonly vetted = new Map<string, { key: string; answeredAt: number }>();
  /** Packages the run validated: id → when the validation was first sent. */
  private readonly validated = new Map<string, number>();
  /** Lists the run read: when each was sent and answered, and what it listed. */
  private readonly lists: (Timed & { ids: ReadonlySet<string> })[] = [];

  /** Learns from the uploads first, then judges the lists and validations, each in the order answered. */
  applyAll(exchanges: readonly ObservedExchange[]): boolean {
    const ordered = [...exchanges]
      .map((exchange) => ({ exchange, descriptor: exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path) }))
      .filter((entry) => entry.descriptor !== undefined && PACKAGE_ENDPOINTS.has(entry.descriptor))
      .sort((left, right) => (left.exchange.answeredAt ?? 0) - (right.exchange.answeredAt ?? 0));
    for (const { exchange, descriptor } of ordered) if (descriptor !== 'packages-list') this.learn(exchange);
    let applied = false;
    for (const { exchange, descriptor } of ordered) {
      if (descriptor === 'packages-list') applied = this.list(exchange) || applied;
      else if (descriptor === 'dars-validate' || vetsOnUpload(descriptor!, exchange)) applied = this.vetting(exchange) || applied;
    }
    return applied;
  }

  private learn(exchange: ObservedExchange): void {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
    const packages = darPackages(exchange);
    if (packages === undefined) return;
    const sentAt = exchange.sentAt ?? 0;
    const answeredAt = exchange.answeredAt ?? 0;
    const ok = exchange.response.status === 200;
    if (descriptor === 'dars-validate') {
      for (const pkg of packages) if (!this.validated.has(pkg.id)) this.validated.set(pkg.id, sentAt);
      return;
    }
    // An upload: sent (it may have landed whatever the answer), and stored once answered 200.
    for (const pkg of packages) {
      this.uploadsSent.set(pkg.id, [...(this.uploadsSent.get(pkg.id) ?? []), sentAt]);
      if (!ok) continue;
      const known = this.uploaded.get(pkg.id);
      if (known === undefined || answeredAt < known) this.uploaded.set(pkg.id, answeredAt);
      if (vets(exchange) && pkg.hasTemplates && pkg.name !== undefined && pkg.version !== undefined) {
        const vettedBefore = this.vetted.get(pkg.id);
        if (vettedBefore === undefined || answeredAt < vettedBefore.answeredAt)
          this.vetted.set(pkg.id, { key: `${pkg.name} ${pkg.version}`, answeredAt });
      }
    }
  }

  private list(exchange: ObservedExchange): boolean {
    if (exchange.response.status !== 200) return false;
    const listed = parseJsonObject(exchange.response.text)?.['packageIds'];
    if (!Array.isArray(listed)) return false;
    const sentAt = exchange.sentAt ?? 0;
    const answeredAt = exchange.answeredAt ?? 0;
    const ids = listed.map(String);
    const shown = new Set(ids);
    this.lists.push({ sentAt, answeredAt, ids: shown });

    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    judge(exchange, 'canton.model.packages-listed-once', duplicate, (id) => ({
      path: `$.packageIds[${ids.lastIndexOf(id)}]`,
      expected: `each package id once; ${id} is listed ${ids.filter((each) => each === id).length} times`,
      actual: id,
    }));

    const mustList = [...this.uploaded].filter(([, uploadedAt]) => uploadedAt < sentAt).map(([id]) => id);
    if (mustList.length > 0) {
      const missing = mustList.find((id) => !shown.has(id));
      judge(exchange, 'canton.model.packages-uploaded-listed', missing, (id) => ({
        path: '$.packageIds',
        expected: `the package ${id}, which an upload of the run stored (answered before this list was requested)`,
        actual: `${ids.length} ids without it`,
      }));
    }

    // Validated packages seen absent before their validation, and no upload of them sent before this list was answered.
    const stayAbsent = [...this.validated].filter(
      ([id, validatedAt]) =>
        this.lists.some((earlier) => earlier.answeredAt < validatedAt && !earlier.ids.has(id)) &&
        !(this.uploadsSent.get(id) ?? []).some((uploadSentAt) => uploadSentAt < answeredAt) &&
        validatedAt < answeredAt,
    );
    if (stayAbsent.length === 0) return true;
    const appeared = stayAbsent.map(([id]) => id).find((id) => shown.has(id));
    judge(exchange, 'canton.model.packages-validate-no-effect', appeared, (id) => ({
      path: `$.packageIds[${ids.indexOf(id)}]`,
      expected: `not the package ${id}: the run only validated it (it was absent before) and uploaded it nowhere`,
      actual: id,
    }));
    return true;
  }

  /** A validation or a vetting upload: refused when another package of one of its packages' name and version is vetted. */
  private vetting(exchange: ObservedExchange): boolean {
    const packages = darPackages(exchange);
    if (packages === undefined) return false;
    const sentAt = exchange.sentAt ?? 0;
    const clash = packages
      .filter((pkg) => pkg.hasTemplates && pkg.name !== undefined && pkg.version !== undefined)
      .flatMap((pkg) => {
        const key = `${pkg.name} ${pkg.version}`;
        const other = [...this.vetted].find(([id, entry]) => id !== pkg.id && entry.key === key && entry.answeredAt < sentAt);
        return other === undefined ? [] : [{ pkg, vettedId: other[0] }];
      })[0];
    if (clash === undefined) return false;
    const { status, text } = exchange.response;
    const known = status === 400 && text.includes('KNOWN_PACKAGE_VERSION');
    if (status !== 200 && !known) return false;
    assertClause(
      'stateful_consistency',
      'canton.model.packages-vetted-by-default',
      known,
      `the package model disagrees at the answer to ${exchange.method} ${exchange.path}: the model expects 400 KNOWN_PACKAGE_VERSION, ` +
        `as the run's upload without vetAllPackages=false vetted ${clash.vettedId} (${clash.pkg.name} v${clash.pkg.version}) and this ` +
        `DAR holds ${clash.pkg.id} of the same name and version; the answer has ${status} ${show(text.slice(0, 200))}`,
      exchange.response,
    );
    return true;
  }
}

const PACKAGE_ENDPOINTS: ReadonlySet<string> = new Set<DescriptorName>([
  'dars-upload',
  'packages-upload',
  'dars-validate',
  'packages-list',
]);

function vetsOnUpload(descriptor: string, exchange: ObservedExchange): boolean {
  return (descriptor === 'dars-upload' || descriptor === 'packages-upload') && vets(exchange);
}

/** Asserts `clause` on the list's answer: passed when `found` is undefined, else failed with the path and expectation. */
function judge<T>(
  exchange: ObservedExchange,
  clause: ClauseId,
  found: T | undefined,
  describe: (found: T) => { path: string; expected: string; actual: unknown },
): void {
  judgeClauses('package', [clause], found === undefined ? [] : [{ clause, ...describe(found) }], exchange.response);
}
