/** Exit codes of `ledger-conformance`: defined with the one error type in config/tool-errors.ts; README.md "Exit codes". */
export { ExitCode, type ExitCodeValue } from '../config/tool-errors.js';
