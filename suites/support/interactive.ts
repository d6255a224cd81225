/**
 * A real prepared submission, signed by an external party: prepare (Canton-shaped, as submit-and-wait's
 * body) then an Ed25519 signature of the prepared transaction hash with the party's fixture key.
 */
import { createPrivateKey, sign } from 'node:crypto';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { acceptedWith } from '../../checks/basic.js';
import { preparedHashByScheme } from '../../checks/prepared-transaction.js';
import type { ClauseId } from '../../specification/clauses.js';
import { createIouCommand, postJson } from './requests.js';
import { FixtureGapError } from '../../harness/library/environment.js';
import { freshId } from '../../generators/index.js';

/**
 * Fields every prepare body carries: Canton 3.5's JsPrepareSubmissionRequest has no default for them, so a body
 * without them is a 400 decode failure there, although the official OpenAPI marks them optional.
 */
export const PREPARE_REQUIRED = (context: { fixtures: { synchronizerId: string } }) => ({
  synchronizerId: context.fixtures.synchronizerId,
  packageIdSelectionPreference: [] as string[],
});

export interface SignedSubmission {
  /** The user with execute-as rights who prepared it. */
  user: string;
  /** A complete, valid execute body. */
  body: Record<string, unknown>;
}

/** The first external party with a private key, and a user who may execute as it. */
export function externalSigner(context: ConformanceContext) {
  const party = context.fixtures.parties.find((candidate) => candidate.external?.privateKey);
  if (!party?.external?.privateKey)
    throw new FixtureGapError('the fixtures define no external party with a private key (parties[].external.privateKey)');
  const user = context.userWhere(`may execute as the external party ${party.alias}`, (candidate) =>
    candidate.rights.executeAs.includes(party.alias),
  );
  return { party, user: user.id };
}

/** Prepares an Iou create paid by the external party and signs it: a body the target must accept. */
export async function preparedAndSigned(context: ConformanceContext, clauseId: ClauseId): Promise<SignedSubmission> {
  const { party, user } = externalSigner(context);
  const external = party.external!;
  const commands = [createIouCommand(context.fixtures, { payer: party.id, owner: context.party('alice') })];
  const prepare = {
    userId: user,
    commandId: freshId('cmd'),
    commands,
    actAs: [party.id],
    readAs: [],
    ...PREPARE_REQUIRED(context),
  };
  const response = await postJson(context, 'prepare', prepare, user);
  acceptedWith(response, 200, clauseId);
  const prepared = response.json() as { preparedTransaction: string; preparedTransactionHash: string; hashingSchemeVersion: string };
  if (context.profile === 'canton') {
    await preparedHashByScheme(response, prepared, {
      commands,
      actAs: prepare.actAs,
      commandId: prepare.commandId,
      signatoryFields: context.fixtures.templates.iou.signatories,
    });
  }
  const key = createPrivateKey({ key: Buffer.from(external.privateKey!, 'base64'), format: 'der', type: 'pkcs8' });
  const signature = sign(null, Buffer.from(prepared.preparedTransactionHash, 'base64'), key).toString('base64');
  return {
    user,
    body: {
      preparedTransaction: prepared.preparedTransaction,
      partySignatures: {
        signatures: [
          {
            party: party.id,
            signatures: [
              {
                format: 'SIGNATURE_FORMAT_CONCAT',
                signature,
                signedBy: external.fingerprint,
                signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
              },
            ],
          },
        ],
      },
      deduplicationPeriod: { Empty: {} },
      submissionId: freshId('sub'),
      userId: user,
      hashingSchemeVersion: prepared.hashingSchemeVersion,
    },
  };
}
