/** A step of `provision` that failed: what, where (the request), and how to fix it. */
export class ProvisionError extends Error {
  readonly code = 'PROVISION_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'ProvisionError';
  }
}
