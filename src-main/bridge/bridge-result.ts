import type { BridgeError } from '../contract/index.js';

/** Thrown inside a handler to answer with an error value (the bridge turns it into `{ok: false, error}`). */
export class BridgeFailure extends Error {
  constructor(readonly error: BridgeError) {
    super(error.message);
    this.name = 'BridgeFailure';
  }
}

export const fail = (code: string, message: string, extra: Omit<BridgeError, 'code' | 'message'> = {}): never => {
  throw new BridgeFailure({ code, message, ...extra });
};
