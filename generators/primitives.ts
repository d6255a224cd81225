/**
 * The primitive arbitraries of the spec's fields and parameters, each with its boundaries generated on
 * purpose. One module per family under `primitives/`; this index is what other areas import.
 */
export * from './primitives/boundaries.js';
export * from './primitives/strings.js';
export * from './primitives/identifiers.js';
export * from './primitives/numbers.js';
export * from './primitives/time.js';
export * from './primitives/annotations.js';
export * from './primitives/unions.js';
export * from './primitives/update-formats.js';
export * from './primitives/parameters.js';
export * from './primitives/dar.js';
