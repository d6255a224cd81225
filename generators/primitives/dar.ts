/**
 * DAR files for the upload endpoints, built by `generators/dar/builder.ts`. A fresh salt gives a fresh
 * package id, so two generated DARs never collide with each other or with the target's packages.
 */
import fc from 'fast-check';
import { buildDar } from '../dar/builder.js';
import { DIGITS, LETTERS } from './boundaries.js';

export interface GeneratedDar {
  bytes: Uint8Array;
  mainPackageId: string;
  packageIds: string[];
}

const darName = fc
  .tuple(fc.constantFrom(...LETTERS), fc.string({ unit: fc.constantFrom(...`${LETTERS}${DIGITS}-`), maxLength: 16 }))
  .map(([head, tail]) => `conformance-${head}${tail}`);

const darVersion = fc.tuple(fc.nat({ max: 20 }), fc.nat({ max: 20 }), fc.nat({ max: 20 })).map((parts) => parts.join('.'));

/** Valid DARs: a main DALF and up to two dependencies. */
export function validDar(): fc.Arbitrary<GeneratedDar> {
  return fc
    .record({
      name: darName,
      version: darVersion,
      dalfs: fc.integer({ min: 0, max: 2 }),
      salt: fc.uuid(),
    })
    .map((options) => buildDar(options));
}
