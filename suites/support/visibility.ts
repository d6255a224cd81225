/**
 * Shared by the visibility suites (suites/flows/visibility*.suite.ts): the two shapes, template filters, a transaction
 * format with filters per party (and for any party), the fixture users who read any party or act as one.
 */
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { JsonObject, Shape } from './ledger.js';

export const ACS: Shape = 'TRANSACTION_SHAPE_ACS_DELTA';
export const EFFECTS: Shape = 'TRANSACTION_SHAPE_LEDGER_EFFECTS';

export function templateFilter(templateId: string, includeCreatedEventBlob = false): JsonObject {
  return { identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob } } } };
}

/** A transaction format with filters per party and, optionally, filters for any party. */
export function format(shape: Shape, byParty: Record<string, JsonObject[]>, anyParty?: JsonObject[]): JsonObject {
  return {
    includeTransactions: {
      eventFormat: {
        filtersByParty: Object.fromEntries(Object.entries(byParty).map(([party, cumulative]) => [party, { cumulative }])),
        ...(anyParty === undefined ? {} : { filtersForAnyParty: { cumulative: anyParty } }),
        verbose: true,
      },
      transactionShape: shape,
    },
  };
}

/** The fixture user that may read any party (CanReadAsAnyParty): it asks for every party of the model. */
export function auditor(context: ConformanceContext): string {
  return context.userWhere('reads as any party (rights.readAsAnyParty)', (user) => user.rights.readAsAnyParty).id;
}

export function userActingAs(context: ConformanceContext, alias: string): string {
  return context.userWhere(`can act as ${alias}`, (user) => user.rights.actAs.includes(alias)).id;
}

export const unset = (value: unknown): boolean => value === undefined || value === null;
