/**
 * Annotation maps (user metadata) that break exactly one rule of the Limits table each. No endpoint of
 * the spec takes annotations as input; these serve checks of user records and user-management suites.
 */
import fc from 'fast-check';
import {
  ANNOTATIONS,
  annotationName,
  annotationNameOfLength,
  annotations,
  annotationsOfTotalSize,
  annotationValue,
  dnsSubdomain,
  dnsSubdomainWithLabels,
} from '../primitives/annotations.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { InvalidValue, Violation } from './mutation.js';

const PART = { kind: 'body', name: 'metadata.annotations' } as const;

/** Adds one offending entry to a valid map that is small enough to stay within the total size. */
const KEY_FORMAT: Violation = { kind: 'format', format: 'annotation-key', how: 'malformed' };

function withEntry(
  clauseId: ClauseId,
  rule: string,
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<string> = annotationValue(),
  violation: Violation = KEY_FORMAT,
) {
  const smallValid = annotations().filter((map) => Object.keys(map).length < 5 && JSON.stringify(map).length < 4096);
  return fc.tuple(smallValid, key, value).map(([map, badKey, badValue]): InvalidValue<Record<string, string>> => ({
    clauseId,
    rule,
    part: PART,
    violation,
    value: { ...map, [badKey]: badValue },
  }));
}

const prefixed = (prefix: fc.Arbitrary<string>, name: fc.Arbitrary<string> = annotationName()) =>
  fc.tuple(prefix, name).map(([head, tail]) => `${head}/${tail}`);

export function invalidAnnotationRules(): fc.Arbitrary<InvalidValue<Record<string, string>>>[] {
  return [
    // 63+1+63+1+63+1+62 = 254 characters, every label valid.
    withEntry(
      'annotations.key.prefix-dns-subdomain-max-253',
      'key prefix of 254 characters',
      prefixed(dnsSubdomainWithLabels([63, 63, 63, 62])),
    ),
    withEntry(
      'annotations.key.prefix-dns-subdomain-max-253',
      'key prefix that is not a DNS subdomain',
      prefixed(fc.tuple(dnsSubdomain(), fc.constantFrom('-bad', 'bad_label', 'bad-', '', 'a..b')).map(([valid, bad]) => `${valid}.${bad}`)),
    ),
    withEntry('annotations.key.name-max-63', 'key name of 64 characters', annotationNameOfLength(ANNOTATIONS.nameMaxLength + 1)),
    withEntry(
      'annotations.key.name-charset',
      'key name with a forbidden character',
      fc.tuple(annotationNameOfLength(2), fc.constantFrom('*', ' ', '@', ':', '%', 'é')).map(([name, bad]) => `${name[0]}${bad}${name[1]}`),
    ),
    withEntry(
      'annotations.key.name-starts-ends-alphanumeric',
      'key name starting or ending with . - or _',
      fc
        .tuple(annotationNameOfLength(3), fc.constantFrom('.', '-', '_'), fc.boolean())
        .map(([name, edge, atStart]) => (atStart ? edge + name : name + edge)),
    ),
    withEntry('annotations.value.non-empty', 'empty annotation value', annotationName(), fc.constant(''), { kind: 'empty-string' }),
    annotationsOfTotalSize(ANNOTATIONS.totalMaxBytes + 1).map((value): InvalidValue<Record<string, string>> => ({
      clauseId: 'annotations.total-size.max-256kb',
      rule: 'annotations of 256 KiB + 1 byte in total',
      part: PART,
      violation: { kind: 'range', bound: 'maximum' },
      value,
    })),
  ];
}
