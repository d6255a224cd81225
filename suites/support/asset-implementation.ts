/**
 * The contract the interface tests create: a template implementing the fixtures' interface (`templates.assetInterface`).
 * With `assetInterface.implementation` (the suite's conformance-interfaces DAR: Asset:Token, signed by its issuer and
 * owned by its owner, the view's owner) that template; without it the model's Iou, which implements the interface on
 * the reference's model. Either way signed by `bank` and owned by the party given.
 */
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { assetInterface, createdEvents, iouCreate, partyView, submit, transactionOf, type Submitted } from './ledger.js';
import { sameUpdateAtOffset, writeVisible } from '../../checks/stateful.js';

/** The template id of the contracts `assetCreate` makes. */
export function assetTemplateId(context: ConformanceContext): string {
  return assetInterface(context).implementation?.templateId ?? context.fixtures.templates.iou.templateId;
}

/** The qualified name (`Module:Entity`) of the contracts `assetCreate` makes, to tell their events. */
export function assetQualifiedName(context: ConformanceContext): string {
  return assetTemplateId(context).replace(/^[^:]*:/, '');
}

/** A CreateCommand of a contract implementing the interface, signed by `signatory` and owned by `owner`. */
export function assetCreate(context: ConformanceContext, signatory: string, owner: string): unknown {
  const implementation = assetInterface(context).implementation;
  if (implementation === undefined) return iouCreate(context, signatory, owner);
  const signatoryField = implementation.signatories?.[0] ?? 'issuer';
  return {
    CreateCommand: {
      templateId: implementation.templateId,
      createArguments: { ...implementation.createArguments, [signatoryField]: signatory, owner },
    },
  };
}

/**
 * The package id of the interface (for its package-id reference format): the suite package of its package name when the
 * fixtures name one (`suitePackages`), else the model package's.
 */
export function interfacePackageId(context: ConformanceContext): string {
  const name = /^#([^:]+):/.exec(assetInterface(context).interfaceId)?.[1];
  const suite = Object.values(context.fixtures.suitePackages ?? {}).find((pkg) => pkg.name === name);
  return suite?.id ?? context.fixtures.package.id;
}

/** `createIouAndFindIt` for the interface's implementation: created by bank for `owner`, found at its offset. */
export async function createAssetAndFindIt(
  context: ConformanceContext,
  owner: string,
): Promise<{ submitted: Submitted; contractId: string; payer: string; bankUser: string }> {
  const payer = context.party('bank');
  const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
  const submitted = await submit(context, {
    user: bankUser,
    actAs: [payer],
    commands: [assetCreate(context, payer, owner)],
    clauseId: 'command.CreateCommand.fields-required',
  });
  const response = await partyView(context, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
  const { value, events } = transactionOf(response, 'submit-and-wait.summary.waits-for-result');
  sameUpdateAtOffset(
    'submit-and-wait.summary.waits-for-result',
    { updateId: submitted.updateId, offset: submitted.completionOffset },
    { updateId: value.updateId },
    response,
  );
  const created = createdEvents(events);
  writeVisible(
    'submit-and-wait.summary.waits-for-result',
    `created events of the ${assetQualifiedName(context)} at offset ${submitted.completionOffset}`,
    created,
    1,
    response,
  );
  return { submitted, contractId: String(created[0]!.contractId), payer, bankUser };
}
