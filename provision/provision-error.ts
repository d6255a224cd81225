import { ToolError } from '../config/tool-errors.js';

/** A step of `provision` that failed: what, where (the request), and how to fix it (exit 4). */
export class ProvisionError extends ToolError {
  constructor(message: string) {
    super('PROVISION_FAILED', `provision: ${message}`);
  }
}
