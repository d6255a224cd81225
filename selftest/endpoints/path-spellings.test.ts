/** The path-spelling counter of `descriptors.test.ts` catches a spelling in every form code writes one, and nothing else. */
import { describe, expect, it } from 'vitest';
import { spells, stringValues } from './path-spellings.js';

describe('path spellings', () => {
  const spelled = (source: string, template: string) => stringValues(source).some((value) => spells(value, template));

  it('counts a path however code writes it', () => {
    expect(spelled("send({ path: '/v2/dars' })", '/v2/dars')).toBe(true);
    expect(spelled("const label = 'POST /v2/dars';", '/v2/dars')).toBe(true);
    expect(spelled("const label = 'GET scan /v0/dso';", '/v0/dso')).toBe(true);
    expect(spelled('fetch(`${base}/readyz`)', '/readyz')).toBe(true);
    expect(spelled('const p = `/v2/users/${encodeURIComponent(id)}/rights`;', '/v2/users/{user-id}/rights')).toBe(true);
    expect(spelled("const p = '/v2/users/' + id;", '/v2/users/{user-id}')).toBe(true);
    expect(spelled("const p = '/v2/dars?vetAllPackages=false';", '/v2/dars')).toBe(true);
    expect(spelled("const p = '/v2/commands/' + 'submit-and-wait';", '/v2/commands/submit-and-wait')).toBe(true);
    expect(spelled("const p = '/v2' + '/users/' + id + '/rights';", '/v2/users/{user-id}/rights')).toBe(true);
    expect(spelled("const p = base + ('/v2/state/' + 'ledger-end');", '/v2/state/ledger-end')).toBe(true);
    expect(
      spelled(
        "const p = '/v0/domains/{domain_id}/members/{member_id}/traffic-status';",
        '/v0/domains/{domain_id}/members/{member_id}/traffic-status',
      ),
    ).toBe(true);
  });

  it('does not count prose, spec headings, comments or another path', () => {
    expect(spelled("const text = 'Uploads a DAR (`POST /v2/dars`).';", '/v2/dars')).toBe(false);
    expect(spelled("const section = 'Endpoints > POST {base_url}/v2/dars';", '/v2/dars')).toBe(false);
    expect(spelled("const section = 'POST {base_url}/v2/dars';", '/v2/dars')).toBe(false);
    expect(spelled('// POST /v2/dars\nconst x = 1;', '/v2/dars')).toBe(false);
    expect(spelled("const p = '/v2/dars/validate';", '/v2/dars')).toBe(false);
    expect(spelled("const p = '/v2/users';", '/v2/users/{user-id}')).toBe(false);
  });
});
