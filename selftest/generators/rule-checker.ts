/**
 * An independent reading of the spec's request rules, used to judge the generators: given a request, it
 * lists the clause ids the request breaks. It shares no code with `generators/` on purpose: every
 * predicate below is written afresh from a sentence of `interfaces.md` (quoted) or, for `canton.` ids,
 * from the facts docs. If generator and checker shared a helper, a bug in it would go unseen.
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';

export interface CheckedRequest {
  endpoint: string;
  body?: unknown;
  query?: Record<string, string>;
  pathParams?: Record<string, string>;
}

type Json = Record<string, unknown>;
type Report = (clauseId: string) => void;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
const has = (object: Json, key: string) => Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;

const INT64_LOW = -9223372036854775808n;
const INT64_HIGH = 9223372036854775807n;

/** "int64 ... 64-bit integers": a safe JS integer or a bigint within range. */
function isInt64(value: unknown): boolean {
  if (typeof value === 'bigint') return value >= INT64_LOW && value <= INT64_HIGH;
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isInt32(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
}

// Daml-LF value definitions (the spec defers to them for LedgerString, PartyIdString and NameString).
// Daml-LF's LedgerString (IdString.scala: ConcatenableMatchingStringModule("._:-#/ ", 255)).
const LEDGER_STRING = /^[A-Za-z0-9.#:\-_/ ]{1,255}$/;
const PARTY_ID_STRING = /^[A-Za-z0-9:\-_ ]{1,255}$/;
const NAME_STRING = /^[A-Za-z_$][A-Za-z0-9_$]{0,999}$/;
const isLedgerString = (value: unknown) => typeof value === 'string' && LEDGER_STRING.test(value);
const isPartyIdString = (value: unknown) => typeof value === 'string' && PARTY_ID_STRING.test(value);
const isNameString = (value: unknown) => typeof value === 'string' && NAME_STRING.test(value);

// "Template identifiers accept package-name and package-id reference formats".
const DOTTED = '[A-Za-z_$][A-Za-z0-9_$]*(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)*';
const REFERENCE = new RegExp(`^(?:#[A-Za-z][A-Za-z0-9_-]*|[0-9a-f]{64}):${DOTTED}:${DOTTED}$`);
const isReference = (value: unknown) => typeof value === 'string' && REFERENCE.test(value);

/** RFC 3339 date-time with a real calendar date. */
function isTimestamp(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day >= 1 && day <= days;
}

/** "exactly one of these single-key objects": reports each way the union is broken, then its variant. */
function checkUnion(
  value: unknown,
  variants: Record<string, (inner: unknown) => void>,
  ids: { exactlyOne: string; allowed: string },
  report: Report,
): void {
  if (!isObject(value)) {
    report(ids.exactlyOne);
    return;
  }
  const keys = Object.keys(value);
  if (keys.some((key) => !(key in variants))) report(ids.allowed);
  if (keys.length !== 1) report(ids.exactlyOne);
  for (const key of keys) variants[key]?.(value[key]);
}

function checkDuration(value: unknown, report: Report): void {
  const duration = isObject(value) ? value : {};
  if (!isInt64(duration['seconds'])) report('duration.seconds.required-int64');
  if (!isInt32(duration['nanos'])) report('duration.nanos.required-int32');
}

// User ids: "non-empty, at most 128 characters, each an ASCII letter or digit or one of @ ^ $ . ! ` - # + ' ~ _ : ( ) |".
function checkUserId(value: unknown, report: Report): void {
  if (typeof value !== 'string') {
    report('submit-and-wait.userId.user-id-string');
    return;
  }
  if (value.length === 0) report('user-id.limit.non-empty');
  if (value.length > 128) report('user-id.limit.max-128');
  if (!/^[A-Za-z0-9@^$.!`\-#+'~_:()|]*$/.test(value)) report('user-id.limit.charset');
}

const COMMAND_FIELDS: Record<string, string[]> = {
  CreateAndExerciseCommand: ['templateId', 'createArguments', 'choice', 'choiceArgument'],
  CreateCommand: ['templateId', 'createArguments'],
  ExerciseByKeyCommand: ['templateId', 'contractKey', 'choice', 'choiceArgument'],
  ExerciseCommand: ['templateId', 'contractId', 'choice', 'choiceArgument'],
};

function checkCommand(command: unknown, report: Report): void {
  const variants = Object.fromEntries(
    Object.entries(COMMAND_FIELDS).map(([variant, fields]) => [
      variant,
      (inner: unknown) => {
        const body = isObject(inner) ? inner : {};
        if (fields.some((field) => !has(body, field))) report(`command.${variant}.fields-required`);
        if (has(body, 'templateId') && !isReference(body['templateId'])) report('command.templateId.reference-formats');
        if (has(body, 'choice') && !isNameString(body['choice'])) report(`command.${variant}.choice.name-string`);
        if (variant === 'ExerciseCommand' && has(body, 'contractId') && !isLedgerString(body['contractId'])) {
          report('command.ExerciseCommand.contractId.ledger-string');
        }
      },
    ]),
  );
  checkUnion(command, variants, { exactlyOne: 'command.exactly-one-key', allowed: 'command.allowed-keys' }, report);
}

function checkSubmitAndWait(body: Json, report: Report): void {
  for (const field of ['commands', 'commandId', 'actAs']) if (!has(body, field)) report(`submit-and-wait.${field}.required`);
  // "commands | Command[] | yes | non-empty"
  if (Array.isArray(body['commands'])) {
    if (body['commands'].length === 0) report('submit-and-wait.commands.non-empty');
    for (const command of body['commands']) checkCommand(command, report);
  }
  if (has(body, 'commandId') && !isLedgerString(body['commandId'])) report('submit-and-wait.commandId.ledger-string');
  // "actAs | string[] | yes | non-empty; each a PartyIdString"
  if (Array.isArray(body['actAs'])) {
    if (body['actAs'].length === 0) report('submit-and-wait.actAs.non-empty');
    if (!body['actAs'].every(isPartyIdString)) report('submit-and-wait.actAs.party-id-string');
  }
  if (has(body, 'userId')) checkUserId(body['userId'], report);
  if (has(body, 'workflowId') && !isLedgerString(body['workflowId'])) report('submit-and-wait.workflowId.ledger-string');
  if (has(body, 'deduplicationPeriod')) {
    // "DeduplicationOffset ... (execute form only)", "Empty ... (execute form only)"
    checkUnion(
      body['deduplicationPeriod'],
      {
        DeduplicationDuration: (inner) => checkDuration(isObject(inner) ? inner['value'] : undefined, report),
        DeduplicationOffset: () => report('deduplication-period.DeduplicationOffset.execute-form-only'),
        Empty: () => report('deduplication-period.Empty.execute-form-only'),
      },
      { exactlyOne: 'deduplication-period.exactly-one-key', allowed: 'deduplication-period.allowed-keys' },
      report,
    );
  }
  if (has(body, 'minLedgerTimeAbs') && !isTimestamp(body['minLedgerTimeAbs'])) report('submit-and-wait.minLedgerTimeAbs.timestamp');
  if (has(body, 'minLedgerTimeRel')) checkDuration(body['minLedgerTimeRel'], report);
  if (has(body, 'submissionId') && typeof body['submissionId'] !== 'string') report('submit-and-wait.submissionId.string');
  if (has(body, 'synchronizerId') && typeof body['synchronizerId'] !== 'string') report('submit-and-wait.synchronizerId.string');
  const preference = body['packageIdSelectionPreference'];
  if (has(body, 'packageIdSelectionPreference') && !(Array.isArray(preference) && preference.every((entry) => typeof entry === 'string'))) {
    report('submit-and-wait.packageIdSelectionPreference.strings');
  }
  const passes = body['tapsMaxPasses'];
  if (has(body, 'tapsMaxPasses') && !(typeof passes === 'number' && Number.isInteger(passes)))
    report('submit-and-wait.tapsMaxPasses.integer');
}

const HASHING_SCHEMES = ['HASHING_SCHEME_VERSION_UNSPECIFIED', 'HASHING_SCHEME_VERSION_V2', 'HASHING_SCHEME_VERSION_V3'];

function checkExecute(body: Json, report: Report): void {
  for (const field of ['preparedTransaction', 'partySignatures', 'submissionId', 'hashingSchemeVersion']) {
    if (!has(body, field)) report(`execute.${field}.required`);
  }
  if (isObject(body['partySignatures'])) {
    const partySignatures = body['partySignatures'];
    if (!has(partySignatures, 'signatures')) report('execute.partySignatures.signatures.required');
    else if (Array.isArray(partySignatures['signatures'])) {
      if (partySignatures['signatures'].length === 0) report('execute.partySignatures.signatures.non-empty');
      for (const single of partySignatures['signatures']) {
        const entry = isObject(single) ? single : {};
        if (!has(entry, 'party')) report('single-party-signatures.party.required');
        if (!has(entry, 'signatures')) report('single-party-signatures.signatures.required');
        else if (Array.isArray(entry['signatures'])) {
          if (entry['signatures'].length === 0) report('single-party-signatures.signatures.non-empty');
          for (const signature of entry['signatures']) {
            const signed = isObject(signature) ? signature : {};
            for (const field of ['format', 'signature', 'signedBy', 'signingAlgorithmSpec']) {
              if (!has(signed, field)) report(`signature.${field}.required`);
            }
            if (signed['signature'] === '') report('signature.signature.non-empty');
          }
        }
      }
    }
  }
  if (has(body, 'submissionId') && !isLedgerString(body['submissionId'])) report('execute.submissionId.ledger-string');
  if (has(body, 'hashingSchemeVersion') && !HASHING_SCHEMES.includes(body['hashingSchemeVersion'] as string)) {
    report('execute.hashingSchemeVersion.allowed-values');
  }
  if (has(body, 'deduplicationPeriod')) {
    checkUnion(
      body['deduplicationPeriod'],
      {
        DeduplicationDuration: (inner) => checkDuration(isObject(inner) ? inner['value'] : undefined, report),
        DeduplicationOffset: (inner) => {
          if (!isInt64(isObject(inner) ? inner['value'] : undefined)) report('deduplication-period.DeduplicationOffset.shape');
        },
        Empty: () => undefined,
      },
      { exactlyOne: 'deduplication-period.exactly-one-key', allowed: 'deduplication-period.allowed-keys' },
      report,
    );
  }
  if (has(body, 'minLedgerTime')) {
    const minLedgerTime = body['minLedgerTime'];
    if (!isObject(minLedgerTime) || !has(minLedgerTime, 'time')) report('min-ledger-time.time.shape');
    else {
      checkUnion(
        minLedgerTime['time'],
        {
          Empty: () => undefined,
          MinLedgerTimeAbs: (inner) => {
            if (!isTimestamp(isObject(inner) ? inner['value'] : undefined)) report('min-ledger-time.time.MinLedgerTimeAbs.shape');
          },
          MinLedgerTimeRel: (inner) => checkDuration(isObject(inner) ? inner['value'] : undefined, report),
        },
        { exactlyOne: 'min-ledger-time.time.exactly-one-key', allowed: 'min-ledger-time.time.allowed-keys' },
        report,
      );
    }
  }
}

function checkFilters(filters: unknown, report: Report): void {
  if (!isObject(filters) || !Array.isArray(filters['cumulative'])) return;
  for (const entry of filters['cumulative']) {
    const identifierFilter = isObject(entry) ? entry['identifierFilter'] : undefined;
    const valueOf = (inner: unknown): Json => (isObject(inner) && isObject(inner['value']) ? inner['value'] : {});
    checkUnion(
      identifierFilter,
      {
        Empty: () => undefined,
        InterfaceFilter: (inner) => {
          const value = valueOf(inner);
          if (!has(value, 'interfaceId')) report('identifier-filter.InterfaceFilter.interfaceId.required');
          else if (!isReference(value['interfaceId'])) report('identifier-filter.InterfaceFilter.interfaceId.reference-formats');
        },
        TemplateFilter: (inner) => {
          if (!has(valueOf(inner), 'templateId')) report('identifier-filter.TemplateFilter.templateId.required');
        },
        WildcardFilter: () => undefined,
      },
      { exactlyOne: 'identifier-filter.exactly-one-key', allowed: 'identifier-filter.allowed-keys' },
      report,
    );
  }
}

function checkEventFormat(format: unknown, report: Report): void {
  if (!isObject(format)) return;
  if (isObject(format['filtersByParty'])) for (const filters of Object.values(format['filtersByParty'])) checkFilters(filters, report);
  checkFilters(format['filtersForAnyParty'], report);
}

const TRANSACTION_SHAPES = ['TRANSACTION_SHAPE_UNSPECIFIED', 'TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'];

function checkUpdateByOffset(body: Json, report: Report): void {
  // "offset (int64, required; valid absolute offset, positive)"
  if (!has(body, 'offset')) report('update-by-offset.offset.required');
  else if (!isInt64(body['offset'])) report('update-by-offset.offset.int64');
  else if (BigInt(body['offset'] as number | bigint) <= 0n) report('update-by-offset.offset.positive');
  if (!has(body, 'updateFormat')) {
    report('update-by-offset.updateFormat.required');
    return;
  }
  const updateFormat = isObject(body['updateFormat']) ? body['updateFormat'] : {};
  if (isObject(updateFormat['includeTransactions'])) {
    const transactions = updateFormat['includeTransactions'];
    if (!has(transactions, 'eventFormat')) report('transaction-format.eventFormat.required');
    if (!has(transactions, 'transactionShape')) report('transaction-format.transactionShape.required');
    else if (!TRANSACTION_SHAPES.includes(transactions['transactionShape'] as string))
      report('transaction-format.transactionShape.allowed-values');
    checkEventFormat(transactions['eventFormat'], report);
  }
  checkEventFormat(updateFormat['includeReassignments'], report);
}

// Canton unique identifiers (facts: splice-scan-api.md "ID formats"), split at the first "::".
function isUniqueIdentifier(value: string): boolean {
  const split = value.indexOf('::');
  if (split < 0) return false;
  const identifier = value.slice(0, split);
  const fingerprint = value.slice(split + 2);
  const characters = /^[A-Za-z0-9:\-_ ]+$/;
  return (
    identifier.length >= 1 &&
    identifier.length <= 185 &&
    characters.test(identifier) &&
    fingerprint.length >= 1 &&
    fingerprint.length <= 68 &&
    characters.test(fingerprint) &&
    !fingerprint.includes('::')
  );
}

/** "format `code::id::fingerprint` with `code` `PAR` or `MED`". */
function isMemberId(value: string): boolean {
  const match = /^(PAR|MED)::(.*)$/.exec(value);
  return match !== null && isUniqueIdentifier(match[2]!);
}

function isIntegerText(value: string, low: bigint, high: bigint): boolean {
  if (!/^-?\d+$/.test(value)) return false;
  const number = BigInt(value);
  return number >= low && number <= high;
}

function manifestAttributes(text: string): Map<string, string> {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(' ') && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else if (line !== '') lines.push(line);
  }
  return new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string];
    }),
  );
}

/** Protobuf fields of one message, by field number (length-delimited and varint only). */
function protobufFields(bytes: Uint8Array): Map<number, (Uint8Array | bigint)[]> | undefined {
  const fields = new Map<number, (Uint8Array | bigint)[]>();
  let position = 0;
  const varint = (): bigint | undefined => {
    let result = 0n;
    for (let shift = 0n; position < bytes.length && shift < 70n; shift += 7n) {
      const byte = bytes[position++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
    return undefined;
  };
  while (position < bytes.length) {
    const key = varint();
    if (key === undefined) return undefined;
    const fieldNumber = Number(key >> 3n);
    const wireType = Number(key & 7n);
    let value: Uint8Array | bigint | undefined;
    if (wireType === 0) value = varint();
    else if (wireType === 2) {
      const length = varint();
      if (length === undefined || position + Number(length) > bytes.length) return undefined;
      value = bytes.subarray(position, position + Number(length));
      position += Number(length);
    } else return undefined;
    if (value === undefined || fieldNumber === 0) return undefined;
    fields.set(fieldNumber, [...(fields.get(fieldNumber) ?? []), value]);
  }
  return fields;
}

/** A DAR per the facts doc §7 and FF8: zip, manifest keys, listed DALFs present, Archive envelope, SHA-256, a package, LF 2. */
function checkDar(body: unknown, report: Report): void {
  if (!(body instanceof Uint8Array) || body.length === 0) return report('canton.dars.invalid-dar-400');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(body);
  } catch {
    return report('canton.dars.invalid-dar-400');
  }
  const manifest = entries['META-INF/MANIFEST.MF'];
  if (manifest === undefined) return report('canton.dars.invalid-dar-400');
  const attributes = manifestAttributes(new TextDecoder().decode(manifest));
  const dalfs = (attributes.get('Dalfs') ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (!attributes.get('Main-Dalf') || dalfs.length === 0 || attributes.get('Format') !== 'daml-lf')
    return report('canton.dars.invalid-dar-400');
  if (dalfs.some((path) => entries[path] === undefined)) return report('canton.dars.invalid-zip-entry-400');
  for (const path of dalfs) {
    const archive = protobufFields(entries[path]!);
    const payload = archive?.get(3)?.[0];
    const hash = archive?.get(4)?.[0];
    if (!(payload instanceof Uint8Array) || !(hash instanceof Uint8Array)) return report('canton.dars.dar-parse-error-400');
    if (createHash('sha256').update(payload).digest('hex') !== new TextDecoder().decode(hash))
      return report('canton.dars.dar-parse-error-400');
    const archivePayload = protobufFields(payload);
    if (archivePayload === undefined) return report('canton.dars.dar-parse-error-400');
    // The Daml-LF package must parse, with its metadata (field 4), before its language version is judged.
    const lf = archivePayload.get(4)?.[0] ?? archivePayload.get(2)?.[0];
    const lfPackage = lf instanceof Uint8Array ? protobufFields(lf) : undefined;
    if (!(lfPackage?.get(4)?.[0] instanceof Uint8Array)) return report('canton.dars.dar-parse-error-400');
    if (archivePayload.has(2)) {
      // DecodeV1 (daml_lf1.proto): each Module (1) needs its name_interned_dname (8) on the wire and FeatureFlags (4)
      // with fields 1, 2 and 3 true, or the package does not decode and its version is never judged.
      const modules = (lfPackage.get(1) ?? []).map((module) => (module instanceof Uint8Array ? protobufFields(module) : undefined));
      const decodes = modules.every((module) => {
        const flags = module?.get(4)?.[0];
        const flagFields = flags instanceof Uint8Array ? protobufFields(flags) : undefined;
        return module?.has(8) === true && [1, 2, 3].every((field) => flagFields?.get(field)?.at(-1) === 1n);
      });
      return report(decodes ? 'canton.dars.lf1-rejected-400' : 'canton.dars.dar-parse-error-400');
    }
  }
}

function checkDarQuery(endpoint: string, query: Record<string, string>, report: Report): void {
  // "vetAllPackages (boolean, optional)"
  if (query['vetAllPackages'] !== undefined && !['true', 'false'].includes(query['vetAllPackages'])) {
    report(endpoint === 'packages-upload' ? 'packages-upload.query.same-as-dars' : 'dars-upload.vetAllPackages.optional-boolean');
  }
}

/** The clause ids a request breaks; empty when it is valid. */
export function brokenRules(request: CheckedRequest): string[] {
  const broken = new Set<string>();
  const report: Report = (clauseId) => broken.add(clauseId);
  const body = isObject(request.body) ? request.body : {};
  const query = request.query ?? {};
  const path = request.pathParams ?? {};
  switch (request.endpoint) {
    case 'submit-and-wait':
      checkSubmitAndWait(body, report);
      break;
    case 'execute':
      checkExecute(body, report);
      break;
    case 'update-by-offset':
      checkUpdateByOffset(body, report);
      break;
    case 'dars-upload':
    case 'packages-upload':
    case 'dars-validate':
      checkDar(request.body, report);
      checkDarQuery(request.endpoint, query, report);
      break;
    case 'scan.traffic-status':
      if (!isMemberId(path['member_id'] ?? '')) report('scan.traffic-status.member_id.format');
      if (!isUniqueIdentifier(path['domain_id'] ?? '')) report('canton.scan.traffic-status.domain-malformed-400');
      break;
    case 'scan.participant-id-v1':
    case 'scan.participant-id-v0':
      if (!isUniqueIdentifier(path['domain_id'] ?? '')) report(`canton.${request.endpoint}.domain-malformed-400`);
      if (!isUniqueIdentifier(path['party_id'] ?? '')) report(`canton.${request.endpoint}.party-malformed-400`);
      break;
    case 'scan.top-validators': {
      // "limit (int32, required; maximum number of records)"; Splice: 1..1000 (PageLimit).
      const limit = query['limit'];
      if (limit === undefined) report('scan.top-validators.limit.required');
      else if (!isIntegerText(limit, -2147483648n, 2147483647n)) report('scan.top-validators.limit.int32');
      else if (BigInt(limit) < 1n) report('canton.scan.top-validators.limit.min-1');
      else if (BigInt(limit) > 1000n) report('canton.scan.limit.max-1000');
      break;
    }
    case 'scan.rewards-collected':
      if (query['round'] !== undefined && !isIntegerText(query['round'], INT64_LOW, INT64_HIGH)) {
        report('scan.rewards-collected.round.optional-int64');
      }
      break;
  }
  return [...broken].sort();
}

/** Limits: annotation keys, values and total size. */
export function brokenAnnotationRules(annotations: Record<string, string>): string[] {
  const broken = new Set<string>();
  let totalBytes = 0;
  const label = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
  for (const [key, value] of Object.entries(annotations)) {
    totalBytes += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
    const slash = key.indexOf('/');
    const prefix = slash < 0 ? undefined : key.slice(0, slash);
    const name = slash < 0 ? key : key.slice(slash + 1);
    if (prefix !== undefined && (prefix.length > 253 || !prefix.split('.').every((part) => part.length <= 63 && label.test(part)))) {
      broken.add('annotations.key.prefix-dns-subdomain-max-253');
    }
    if (name.length > 63) broken.add('annotations.key.name-max-63');
    if (!/^[A-Za-z0-9._-]*$/.test(name)) broken.add('annotations.key.name-charset');
    if (!/^[A-Za-z0-9]/.test(name) || !/[A-Za-z0-9]$/.test(name)) broken.add('annotations.key.name-starts-ends-alphanumeric');
    if (value === '') broken.add('annotations.value.non-empty');
  }
  if (totalBytes > 256 * 1024) broken.add('annotations.total-size.max-256kb');
  return [...broken].sort();
}
