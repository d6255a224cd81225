/** Exit codes of `ledger-conformance`: defined with the one error type in config/errors.ts; README.md "Exit codes". */
export { ExitCode, type ExitCodeValue } from '../config/errors.js';
