/** Clauses of the Authentication section, one per bullet (and per rule where a bullet holds two). */
import { clauseGroup, notShownGroup } from './define.js';

const auth = clauseGroup({ section: 'Authentication', features: ['authorization'] });
const authNotShown = notShownGroup({ section: 'Authentication' });

const SUBMIT_AND_WAIT_AUTH =
  'Submit-and-wait requires authorization to act for every party in `actAs` and to read for every party in `readAs`, when ledger API authorization is enabled.';
const EXECUTE_AUTH =
  'Execute requires act-as or execute-as authorization for the submitting party (when user authorization is enabled) and a transaction signature by the submitting external party (see `partySignatures`).';

export const authClauses = [
  auth(
    'auth.bearer',
    'auth',
    'Every area A endpoint accepts HTTP bearer authentication: header `Authorization: Bearer <ACCESS_TOKEN>`, where the token is a standard ledger API JWT.',
  ),
  auth(
    'auth.websocket-protocol',
    'auth',
    'Alternative for websocket use: an API-key style scheme carrying the same kind of JWT in the header `Sec-WebSocket-Protocol`.',
  ),
  auth('auth.execute.act-as-or-execute-as', 'auth', EXECUTE_AUTH, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),
  auth('auth.execute.signature', 'auth', EXECUTE_AUTH, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),
  auth('auth.submit-and-wait.act-as', 'auth', SUBMIT_AND_WAIT_AUTH, {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  auth('auth.submit-and-wait.read-as', 'auth', SUBMIT_AND_WAIT_AUTH, {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  auth('auth.submit-and-wait.user-id-from-token', 'auth', "With a user token the token's user id is used when `userId` is omitted.", {
    endpoint: 'submit-and-wait',
    features: ['writes'],
  }),
  auth(
    'auth.traffic-account',
    'auth',
    'The traffic account endpoint requires act-as or execute-as rights for the party tied to the account.',
    { endpoint: 'traffic-account', features: ['trafficAccounts', 'ledgerApi3.5'] },
  ),
  auth(
    'auth.primary-party-authentication',
    'auth',
    "A user with `primaryPartyAuthentication` true may authenticate with a party JWT signed by the primary party's signing key.",
    { untestable: 'the party JWT format and the party signing keys are not shown; the fixtures hold no such key for a user' },
  ),
  auth('auth.deactivated-user-denied', 'auth', 'A deactivated user (`isDeactivated` true) is denied all ledger API access.'),
  authNotShown('auth.scan.not-shown', 'auth', 'Authentication for the scan endpoints: not shown.'),
  authNotShown('auth.token-claims.not-shown', 'auth', 'Token claims, scopes and issuance: not shown.'),
];
