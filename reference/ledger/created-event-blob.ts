/**
 * `createdEventBlob`: what a client forwards as a disclosed contract. As in Canton, the Daml-LF
 * `FatContractInstance` of the contract (id, package name, template, type-erased argument, signatories,
 * stakeholders, creation time) wrapped in `Versioned` with the transaction serialization version.
 */
import { createHash } from 'node:crypto';
import type { Contract } from './engine.js';
import { epochMicros, toLedgerApiValue, toLfValue } from './proto-values.js';
import { encodeFatContractInstance } from './protobuf-messages.js';
import { homeOf, type ModelPackage } from './package-model.js';

/** The Daml-LF serialization version of the reference's transactions and contracts. */
export const SERIALIZATION_VERSION = '2.1';

export function createdEventBlobBytes(pkg: ModelPackage, contract: Contract): Uint8Array {
  const { template } = contract;
  const separator = template.qualifiedName.indexOf(':');
  const maintainers = contract.key?.maintainers ?? [];
  const home = homeOf(pkg, template);
  return encodeFatContractInstance(SERIALIZATION_VERSION, {
    contract_id: Buffer.from(contract.contractId, 'hex'),
    package_name: home.name,
    template_id: {
      package_id: home.id,
      module_name: template.qualifiedName.slice(0, separator).split('.'),
      name: template.qualifiedName.slice(separator + 1).split('.'),
    },
    create_arg: toLfValue(toLedgerApiValue(template.argumentType, contract.argument, home.id)),
    non_maintainer_signatories: contract.signatories.filter((party) => !maintainers.includes(party)),
    non_signatory_stakeholders: [...contract.observers],
    created_at: epochMicros(contract.createdAt).toString(),
    authentication_data: contractAuthenticationData(contract.contractId),
  });
}

/**
 * The reference's stand-in for Canton's contract salt: 32 bytes only it derives from the contract id, so a blob
 * carrying another contract's authentication data does not authenticate (ExplicitDisclosureIT EDInconsistentDisclosedContract).
 */
export function contractAuthenticationData(contractIdHex: string): Uint8Array {
  return createHash('sha256').update(`reference contract salt ${contractIdHex}`).digest();
}

/** The blob as the JSON API writes it: base64. */
export function createdEventBlob(pkg: ModelPackage, contract: Contract): string {
  return Buffer.from(createdEventBlobBytes(pkg, contract)).toString('base64');
}
