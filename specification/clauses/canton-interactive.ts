/**
 * The `canton` profile for what an external party signs (interactive submission): the hash it is asked to
 * sign is the hash of the transaction it is shown, and that transaction is what was submitted. From the
 * official clients' reading of real Canton 3.5 (verified-against-real §5: the prepared transaction is a
 * protobuf, its hash is hashing scheme V2, integrators must recompute it before signing).
 */
import { cantonGroup } from './define.js';

const interactive = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/interactive-submission/execute',
  endpoint: 'execute',
  features: ['interactiveSubmission', 'writes'],
});

export const cantonInteractiveClauses = [
  interactive(
    'canton.interactive.prepared-hash-matches-transaction',
    'auth',
    'The preparedTransactionHash of a prepare answer, which the external party signs, is the hashing-scheme-V2 hash ' +
      '(purpose-prefixed SHA-256 over the encoded transaction and metadata) of the preparedTransaction it is shown, as an ' +
      'independent hasher recomputes it; a participant asking a party to sign anything else fails (facts canton: verified-against-real §5).',
  ),
  interactive(
    'canton.interactive.prepared-transaction-shows-commands',
    'resource',
    'preparedTransaction is base64 of a protobuf com.daml.ledger.api.v2.interactive.PreparedTransaction whose transaction ' +
      'carries the submitted commands (template, arguments, signatories) and whose metadata names the act-as parties and ' +
      'the command id (facts canton: verified-against-real §5).',
  ),
  interactive(
    'canton.interactive.prepared-transaction-shows-fetches',
    'resource',
    'A prepared choice that fetches a ledger contract shows a Fetch node of that contract (its contract id and template) ' +
      "among its exercise's children, lists the fetched contract in metadata.inputContracts (Canton's Transaction.inputContracts " +
      'counts fetches), and, signed and executed, commits ' +
      '(interactive/codec/PreparedTransactionEncoder.scala encodes Fetch nodes; daml-lf Transaction.inputContracts) ' +
      '(facts canton: the Canton 3.5 source, not yet seen on a node).',
  ),
  interactive(
    'canton.interactive.hashing-scheme-v3-never-answered-as-v2',
    'versioning',
    'A prepare requesting HASHING_SCHEME_VERSION_V3 is answered with a V3 hash or refused with an error; it is never ' +
      'answered with V2 (facts canton: verified-against-real §5).',
    { features: ['ledgerApi3.5'] },
  ),
];
