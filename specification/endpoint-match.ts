/**
 * Which endpoint a recorded exchange went to (`matchEndpoint(api, method, path)`): the descriptors' own matcher
 * (specification/endpoints.ts), exported under this path too for the code that imports it from here.
 */
export { matchEndpoint } from './endpoints.js';
