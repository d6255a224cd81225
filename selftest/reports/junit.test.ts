import { describe, expect, it } from 'vitest';
import { writeJUnit } from '../../reports/junit.js';
import { FAILED_TEST_ID, HOSTILE_BODY, SECRET_TOKEN, fixtureReport, fixtureTests } from './fixture.js';
import { descendants, parseXml } from './mini-xml.js';

describe('mini XML reader (the judge of the JUnit test)', () => {
  it.each([
    ['<a><b></a></b>'],
    ['<a x=1/>'],
    ['<a>1 < 2</a>'],
    ['<a>fish & chips</a>'],
    ['<a>]]></a>'],
    ['<a/><b/>'],
    ['<a>\u0001</a>'],
    ['<a x="1" x="2"/>'],
  ])('rejects %s', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });

  it('reads a well-formed document', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a k="&quot;v&#10;">x &amp; <b/>y</a>\n');
    expect(root).toMatchObject({ name: 'a', attributes: { k: '"v\n' }, text: 'x & y' });
    expect(root.children).toHaveLength(1);
  });
});

describe('writeJUnit', () => {
  const report = fixtureReport();
  const root = parseXml(writeJUnit(report));

  it('is well-formed, with suites, cases and counts CI systems read', () => {
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', skipped: '1', errors: '0', time: '3.000' });
    const suites = descendants(root, 'testsuite');
    expect(
      suites.map((suite) => [suite.attributes.name, suite.attributes.tests, suite.attributes.failures, suite.attributes.skipped]),
    ).toEqual([
      ['submit-and-wait', '2', '1', '0'],
      ['traffic', '1', '0', '1'],
    ]);
    const cases = descendants(root, 'testcase');
    expect(cases.map((testcase) => `${testcase.attributes.classname}/${testcase.attributes.name}`)).toEqual(
      fixtureTests.map((test) => `${test.suite}/${test.name}`),
    );
    expect(cases[1]?.attributes.time).toBe('2.345');
    expect(descendants(root, 'property').find((property) => property.attributes.name === 'seed')?.attributes.value).toBe('42');
  });

  it('gives a failure the clause, request, response, seed, path, counterexample, curl and replay command', () => {
    const failures = descendants(root, 'failure');
    expect(failures).toHaveLength(1);
    const failure = failures[0];
    expect(failure?.attributes.type).toBe('negative_data_rejection');
    expect(failure?.attributes.message).toBe('submit-and-wait.actAs.non-empty: expected 400 text/plain, got 500 "Internal" & <nothing>');
    const text = failure?.text ?? '';
    expect(text).toContain('submit-and-wait.actAs.non-empty: actAs | string[] | yes | must be non-empty <b>bold</b>');
    expect(text).toContain('POST http://127.0.0.1:7575/v2/commands/submit-and-wait');
    expect(text).toContain('authorization: Bearer <redacted>');
    expect(text).toContain('HTTP 500');
    // The hostile body survives escaping, minus the control characters XML cannot carry.
    expect(text).toContain(HOSTILE_BODY.replace(/[\u0001\u0008]/g, ''));
    expect(text).toContain('seed: 42');
    expect(text).toContain('path: 3:1:0');
    expect(text).toContain('"note": "</script>"');
    expect(text).toContain('"authorization: Bearer $TOKEN"');
    expect(text).toContain(`ledger-conformance replay '${FAILED_TEST_ID.replaceAll("'", `'\\''`)}'`);
    expect(text).not.toContain(SECRET_TOKEN);
  });

  it('marks a skipped test with its reason', () => {
    const skipped = descendants(root, 'skipped');
    expect(skipped.map((entry) => entry.attributes.message)).toEqual([
      'the target does not offer traffic accounts (features.trafficAccounts: false)',
    ]);
  });

  it('stays well-formed for names full of markup and control characters', () => {
    const nasty = fixtureReport({
      tests: [{ ...fixtureTests[0]!, suite: 'a<b>&"c\'', name: 'x]]>y\u0000\u001f\uFFFE\uD800z' }],
    });
    const testcase = descendants(parseXml(writeJUnit(nasty)), 'testcase')[0];
    expect(testcase?.attributes).toMatchObject({ classname: 'a<b>&"c\'', name: 'x]]>yz' });
  });
});
