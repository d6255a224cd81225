/** `GET /readyz`: Canton's health text, 200 when serving and 503 when not. Needs no token. */
import type { Faults } from '../faults.js';
import type { RefResponse, Route } from '../http/types.js';

const TEXT = { 'content-type': 'text/plain; charset=UTF-8' };
const READY: RefResponse = { status: 200, headers: TEXT, body: '[+] ledger ok (SERVING)\nreadyz check passed\n' };
const NOT_READY: RefResponse = {
  status: 503,
  headers: TEXT,
  body: '[-] ledger failed (NOT_SERVING)\nreadyz check failed\n',
};

export class Readiness {
  private ready = true;

  constructor(private readonly faults: Faults) {}

  setReady(ready: boolean): void {
    this.ready = ready;
  }

  route(): Route {
    return {
      method: 'GET',
      pattern: '/readyz',
      handler: () => {
        if (this.faults.has('readyz-json')) return { status: this.ready ? 200 : 503, body: { status: this.ready ? 'ok' : 'failed' } };
        return this.ready ? READY : NOT_READY;
      },
    };
  }
}
