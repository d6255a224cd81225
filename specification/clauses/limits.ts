/** Clauses of the Limits table, one per constraint of each row, and its "not shown" sentences. */
import { clauseGroup, notShownGroup } from './define.js';
import { endpointRequirements } from '../endpoints.js';

const limits = clauseGroup({ section: 'Limits' });
const limitsNotShown = notShownGroup({ section: 'Limits' });

const USER_ID =
  "| User id | non-empty, at most 128 characters, each an ASCII letter or digit or one of `@ ^ $ . ! ` - # + ' ~ _ : ( ) \\|` |";
const ANNOTATIONS_TOTAL = '| Annotations total size | at most 256 kb in UTF-8 over all keys and values |';
const ANNOTATION_KEY =
  '| Annotation key | optional prefix (a DNS subdomain of at most 253 characters followed by `/`) and a required name of at most 63 characters from letters, digits, `.`, `-`, `_`, starting and ending with a letter or digit; empty-prefix keys are reserved for end-users; prefixed keys are for external tools and the server |';
const ANNOTATION_VALUE =
  '| Annotation value | any non-empty string; in an update, an empty value removes the key; duplicate keys impossible |';
const NON_EMPTY_LISTS = '| Commands list, actAs, signatures lists | non-empty |';

const NO_USER_UPDATE = 'no endpoint in scope creates or updates users, so the server side of this rule cannot be exercised';
const user = { endpoint: 'authenticated-user', resource: 'User' } as const;
const annotations = { endpoint: 'authenticated-user', resource: 'ObjectMeta' } as const;

export const limitClauses = [
  limits('user-id.limit.non-empty', 'limit', USER_ID, user),
  limits('user-id.limit.max-128', 'limit', USER_ID, user),
  limits('user-id.limit.charset', 'limit', USER_ID, user),
  limits('annotations.total-size.max-256kb', 'limit', ANNOTATIONS_TOTAL, annotations),
  limits('annotations.key.prefix-dns-subdomain-max-253', 'limit', ANNOTATION_KEY, annotations),
  limits('annotations.key.name-max-63', 'limit', ANNOTATION_KEY, annotations),
  limits('annotations.key.name-charset', 'limit', ANNOTATION_KEY, annotations),
  limits('annotations.key.name-starts-ends-alphanumeric', 'limit', ANNOTATION_KEY, annotations),
  limits('annotations.key.empty-prefix-reserved', 'limit', ANNOTATION_KEY, {
    ...annotations,
    untestable: 'states who should use which keys; nothing a server enforces',
  }),
  limits('annotations.value.non-empty', 'limit', ANNOTATION_VALUE, annotations),
  limits('annotations.value.empty-removes-key', 'limit', ANNOTATION_VALUE, { ...annotations, untestable: NO_USER_UPDATE }),
  limits('annotations.duplicate-keys-impossible', 'limit', ANNOTATION_VALUE, {
    ...annotations,
    untestable: 'a JSON object read by the client cannot carry duplicate keys after parsing',
  }),
  limits('limits.non-empty-lists.commands', 'limit', NON_EMPTY_LISTS, {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  limits('limits.non-empty-lists.actAs', 'limit', NON_EMPTY_LISTS, {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  limits('limits.non-empty-lists.signatures', 'limit', NON_EMPTY_LISTS, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),
  limits('limits.scan-limit.maximum-records', 'limit', '| Scan `limit` | maximum number of returned validator records |', {
    endpoint: 'scan.top-validators',
    features: endpointRequirements('scan.top-validators'),
  }),
  limits('limits.offsets.positive', 'limit', '| Offsets | absolute offsets are positive integers |', {
    endpoint: 'update-by-offset',
  }),
  limitsNotShown('limits.rate-limits.not-shown', 'limit', 'Rate limits: not shown.'),
  limitsNotShown('limits.dar-size.not-shown', 'limit', 'Maximum size of an uploaded DAR: not shown.', { endpoint: 'dars-upload' }),
  limitsNotShown('limits.scan-limit-maximum.not-shown', 'limit', 'Maximum allowed value of the scan `limit` parameter: not shown.', {
    endpoint: 'scan.top-validators',
  }),
];
