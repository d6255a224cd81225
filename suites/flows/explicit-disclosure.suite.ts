/**
 * Explicit disclosure as Canton 3.5 does it (ExplicitDisclosureIT): a stakeholder reads a contract's createdEventBlob, and a
 * party that cannot see the contract uses it in a submission with the blob as a disclosed contract. CantonExamples carries
 * what it takes: TrailingNone's `ArchiveMe` is controlled by its argument `anyone`, so a non-stakeholder may exercise it
 * (Canton's own InteractiveSubmissionIntegrationTest uses it so). Tests skip with the reason when the fixtures name no
 * `templates.trailingNone`. Canton profile only.
 */
import { expectError } from '../../checks/error-body.js';
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { freshId } from '../../generators/index.js';
import { refusedAgainstControl } from '../support/refusals.js';
import {
  createdEvents,
  type JsonObject,
  partyView,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';

/**
 * What 3.5 may answer for an archived disclosed contract (LAPITT asserts no code): the confirming participant's activeness
 * check, or the engine's or store's lookup; all three are category 11, 404.
 */
const INACTIVE_CODES = ['LOCAL_VERDICT_INACTIVE_CONTRACTS', 'CONTRACT_NOT_FOUND', 'CONTRACT_NOT_ACTIVE'];

interface Parties {
  templateId: string;
  /** The signatory (TrailingNone's `p`) and a user acting as it. */
  owner: string;
  ownerUser: string;
  /** A party that is no stakeholder of the owner's contracts, and a user acting as it (and reading as nothing the owner has). */
  outsider: string;
  outsiderUser: string;
}

function parties(context: ConformanceContext): Parties {
  const template = context.fixtures.templates.trailingNone;
  if (!template) {
    return context.skip(
      'the fixtures name no template with a choice a non-stakeholder controls (templates.trailingNone: CantonExamples TrailingNone, whose ArchiveMe any party may exercise)',
    );
  }
  const ownerAlias = context.fixtures.parties.find((party) => party.id === String(template.createArguments.p))?.alias ?? 'alice';
  const ownerUser = context.fixtures.users.find((user) => !user.isDeactivated && user.rights.actAs.includes(ownerAlias));
  if (!ownerUser) return context.skip(`no fixture user acts as ${ownerAlias}, the signatory of templates.trailingNone`);
  // The outsider may neither act nor read as the owner: otherwise the contract would be visible without disclosure.
  const outsiderUser = context.fixtures.users.find(
    (user) =>
      !user.isDeactivated &&
      !user.rights.readAsAnyParty &&
      !user.rights.admin &&
      user.rights.actAs.length > 0 &&
      !user.rights.actAs.includes(ownerAlias) &&
      !user.rights.readAs.includes(ownerAlias) &&
      !context.fixtures.parties.find((party) => party.alias === user.rights.actAs[0])?.external,
  );
  if (!outsiderUser) return context.skip(`no fixture user acts as a local party that neither acts nor reads as ${ownerAlias}`);
  return {
    templateId: template.templateId,
    owner: context.party(ownerAlias),
    ownerUser: ownerUser.id,
    outsider: context.party(outsiderUser.rights.actAs[0]!),
    outsiderUser: outsiderUser.id,
  };
}

interface Disclosable {
  contractId: string;
  /** `{templateId, contractId, createdEventBlob}` as the stakeholder read it (template id as the node renders it). */
  disclosed: JsonObject;
}

/** The owner creates a TrailingNone and reads it back with its createdEventBlob. */
async function createDisclosable(context: ConformanceContext, who: Parties, clauseId: ClauseId): Promise<Disclosable> {
  const created = await submit(context, {
    user: who.ownerUser,
    actAs: [who.owner],
    commands: [{ CreateCommand: { templateId: who.templateId, createArguments: { p: who.owner, i: '7' } } }],
    clauseId,
  });
  const response = await updateByOffset(
    context,
    who.ownerUser,
    created.completionOffset,
    transactionFormat({ [who.owner]: [wildcardFilter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
  );
  const events = createdEvents(transactionOf(response, clauseId).events);
  writeVisible(clauseId, 'the created TrailingNone with its blob', events, 1, response);
  const event = events[0]!;
  expectValueMatches(
    clauseId,
    'the createdEventBlob the stakeholder asked for',
    event.createdEventBlob,
    (blob) => typeof blob === 'string' && blob.length > 0,
    'a non-empty blob',
    response,
  );
  const contractId = String(event.contractId);
  return { contractId, disclosed: { templateId: event.templateId, contractId, createdEventBlob: event.createdEventBlob } };
}

function archiveMe(who: Parties, contract: Disclosable, actor: string, disclosed: JsonObject[]): JsonObject {
  return {
    commands: [
      {
        ExerciseCommand: {
          templateId: who.templateId,
          contractId: contract.contractId,
          choice: 'ArchiveMe',
          choiceArgument: { anyone: actor },
        },
      },
    ],
    commandId: freshId('disclosure'),
    actAs: [actor],
    disclosedContracts: disclosed,
  };
}

/** Protobuf wire fields (number, wire type, raw bytes including the key) of one message, in order. */
function wireFields(bytes: Buffer): { field: number; raw: Buffer; value: Buffer }[] {
  const fields: { field: number; raw: Buffer; value: Buffer }[] = [];
  let at = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
    }
  };
  while (at < bytes.length) {
    const start = at;
    const key = varint();
    const wireType = key & 7;
    let valueStart = at;
    if (wireType === 0) varint();
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const length = varint();
      valueStart = at;
      at += length;
    } else throw new Error(`unsupported wire type ${wireType}`);
    fields.push({ field: Math.floor(key / 8), raw: bytes.subarray(start, at), value: bytes.subarray(valueStart, at) });
  }
  return fields;
}

/** A length-delimited field: key, length, bytes. */
function lengthDelimited(field: number, value: Buffer): Buffer {
  const varint = (n: number): number[] => {
    const out: number[] = [];
    while (n >= 0x80) {
      out.push((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    out.push(n);
    return out;
  };
  return Buffer.concat([Buffer.from(varint(field * 8 + 2)), Buffer.from(varint(value.length)), value]);
}

/**
 * `blob` (base64 `Versioned{version = 1, payload = 2: FatContractInstance}`) with the authentication data (field 8) of
 * `donor`, as ExplicitDisclosureIT.scala:261 builds its inconsistent contract.
 */
function withAuthenticationDataOf(blob: string, donor: string): string {
  const payloadOf = (base64: string) =>
    wireFields(Buffer.from(base64, 'base64')).find((entry) => entry.field === 2)?.value ?? Buffer.alloc(0);
  const versioned = wireFields(Buffer.from(blob, 'base64'));
  const donorData = wireFields(payloadOf(donor)).find((entry) => entry.field === 8)?.value ?? Buffer.alloc(0);
  const payload = Buffer.concat([
    ...wireFields(payloadOf(blob))
      .filter((entry) => entry.field !== 8)
      .map((entry) => entry.raw),
    lengthDelimited(8, donorData),
  ]);
  return Buffer.concat(versioned.map((entry) => (entry.field === 2 ? lengthDelimited(2, payload) : entry.raw))).toString('base64');
}

function send(context: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return context.send({ endpoint: 'submit-and-wait', user, body });
}

conformanceSuite('flows / explicit disclosure', () => {
  conformanceTest(
    {
      name: 'a contract the submitter cannot see is CONTRACT_NOT_FOUND, and usable with its createdEventBlob disclosed; once archived it is refused',
      endpoint: 'submit-and-wait',
      clauses: ['canton.disclosure.disclosed-contract-usable', 'canton.disclosure.archived-disclosed-refused'],
      requires: ['writes'],
    },
    async (context) => {
      const who = parties(context);
      const contract = await createDisclosable(context, who, 'canton.disclosure.disclosed-contract-usable');
      // Without disclosure first: the outsider cannot see the contract (ExplicitDisclosureIT.scala:46).
      const hidden = await send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, []));
      const used = await send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, [contract.disclosed]));
      refusedAgainstControl(context, 'canton.disclosure.disclosed-contract-usable', hidden, used, 'CONTRACT_NOT_FOUND', 404);
      statusCodeConformance(used, [200], 'canton.disclosure.disclosed-contract-usable');
      if (used.status === 200) {
        // The committed exercise: the outsider's consuming ArchiveMe of the owner's contract, in the outsider's ledger effects.
        const offset = Number((parseJsonLossless(used.text) as { completionOffset?: unknown }).completionOffset);
        const effects = await partyView(context, who.outsiderUser, offset, who.outsider, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
        const exercised = transactionOf(effects, 'canton.disclosure.disclosed-contract-usable')
          .events.filter(([kind]) => kind === 'ExercisedEvent')
          .map(([, event]) => [event.contractId, event.choice, event.consuming, event.actingParties]);
        expectValue(
          'canton.disclosure.disclosed-contract-usable',
          "the exercised events of the outsider's submission",
          exercised,
          [[contract.contractId, 'ArchiveMe', true, [who.outsider]]],
          effects,
        );
      }
      // The same disclosure once the contract is archived (ExplicitDisclosureIT.scala:140).
      const again = await send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, [contract.disclosed]));
      refusedAgainstControl(context, 'canton.disclosure.archived-disclosed-refused', again, used, INACTIVE_CODES, 404);
      // An archived disclosed contract the submission does not use is accepted (ExplicitDisclosureIT.scala:87).
      const superfluous = await send(context, who.outsiderUser, {
        commands: [{ CreateCommand: { templateId: who.templateId, createArguments: { p: who.outsider } } }],
        commandId: freshId('disclosure'),
        actAs: [who.outsider],
        disclosedContracts: [contract.disclosed],
      });
      statusCodeConformance(superfluous, [200], 'canton.disclosure.archived-disclosed-refused');
    },
  );

  conformanceTest(
    {
      name: "a disclosed contract carrying another contract's authentication data is refused",
      endpoint: 'submit-and-wait',
      clauses: ['canton.disclosure.authentication-checked'],
      requires: ['writes'],
    },
    async (context) => {
      const who = parties(context);
      const contract = await createDisclosable(context, who, 'canton.disclosure.authentication-checked');
      const donor = await createDisclosable(context, who, 'canton.disclosure.authentication-checked');
      const tampered = {
        ...contract.disclosed,
        createdEventBlob: withAuthenticationDataOf(String(contract.disclosed.createdEventBlob), String(donor.disclosed.createdEventBlob)),
      };
      const refused = await send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, [tampered]));
      // The control after the refusal: the genuine blob (it archives the contract).
      const control = await send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, [contract.disclosed]));
      if (refused.status >= 200 && refused.status < 300) statusInRange(refused, 400, 499, 'canton.disclosure.authentication-checked');
      if (control.status !== 200) {
        recordInconclusive(
          'status_code_conformance',
          'canton.disclosure.authentication-checked',
          `the control (the genuine blob) was refused too (${control.status}: ${control.text.slice(0, 200)}), so the refusal proves nothing`,
          control,
        );
        return;
      }
      statusInRange(refused, 400, 499, 'canton.disclosure.authentication-checked');
      expectError(context, refused, 'canton.disclosure.authentication-checked');
    },
  );

  conformanceTest(
    {
      name: 'a stakeholder archiving and an outsider using the contract through disclosure race: exactly one succeeds',
      endpoint: 'submit-and-wait',
      clauses: ['canton.disclosure.archived-disclosed-refused'],
      requires: ['writes'],
    },
    async (context) => {
      const who = parties(context);
      // ExplicitDisclosureIT.scala:173 races 10 times; three races keep the run short.
      for (let race = 0; race < 3; race += 1) {
        const contract = await createDisclosable(context, who, 'canton.disclosure.archived-disclosed-refused');
        const answers = await Promise.all([
          send(context, who.ownerUser, {
            commands: [
              { ExerciseCommand: { templateId: who.templateId, contractId: contract.contractId, choice: 'Archive', choiceArgument: {} } },
            ],
            commandId: freshId('race'),
            actAs: [who.owner],
          }),
          send(context, who.outsiderUser, archiveMe(who, contract, who.outsider, [contract.disclosed])),
        ]);
        const winners = answers.filter((answer) => answer.status === 200);
        expectValue(
          'canton.disclosure.archived-disclosed-refused',
          `successes of a stakeholder's Archive and a disclosed ArchiveMe racing (answers ${answers.map((answer) => answer.status).join(', ')})`,
          winners.length,
          1,
          winners[0] ?? answers[0],
        );
        for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
          statusInRange(answer, 400, 499, 'canton.disclosure.archived-disclosed-refused');
        }
      }
    },
  );
});
