import { describe, expect, it } from 'vitest';
import { BRIDGE_OUTCOME_UNKNOWN_CODES, OUTCOME_UNKNOWN_CODES, TRANSPORT_OUTCOME_UNKNOWN_CODES } from '../../src-main/contract/index.js';
import { describeError, KNOWN_CODES } from '../../src-main/partner-api/error-table.js';
import { outcomeUnknown, transportFailure } from '../../src-renderer/bridge/outcome-unknown.js';

/** The action main's table adds to a code whose request may have gone through. */
const IN_DOUBT = 'do not sell it again';

/**
 * The "outcome unknown" codes are declared once (src-main/contract/outcome-codes.ts): main's
 * error table and the page's two readers (money dialogs, a sale refused on a store's counter)
 * agree with that list, code for code.
 */
describe('the codes whose outcome is not known', () => {
  it('the contract’s list is the bridge’s own codes and the transport ones, each once', () => {
    expect(OUTCOME_UNKNOWN_CODES).toEqual([...BRIDGE_OUTCOME_UNKNOWN_CODES, ...TRANSPORT_OUTCOME_UNKNOWN_CODES]);
    expect(new Set(OUTCOME_UNKNOWN_CODES).size).toBe(OUTCOME_UNKNOWN_CODES.length);
  });

  it('main’s error table warns against selling again for exactly the transport codes, and has words for each', () => {
    const inDoubt = KNOWN_CODES.filter((code) => describeError(code).action.includes(IN_DOUBT));
    expect([...inDoubt].sort()).toEqual([...TRANSPORT_OUTCOME_UNKNOWN_CODES].sort());
  });

  it('the page reads the same codes: every one is not known, the transport ones are the store server’s question', () => {
    for (const code of OUTCOME_UNKNOWN_CODES) expect(outcomeUnknown({ code, message: '' }), code).toBe(true);
    const candidates = [...new Set([...KNOWN_CODES, ...OUTCOME_UNKNOWN_CODES, 'NO_OPEN_SHIFT', 'MOVEMENT_ID_IN_USE', 'STORE_UNREACHABLE', 'toString', 'constructor'])];
    expect(candidates.filter((code) => outcomeUnknown({ code, message: '' })).sort()).toEqual([...OUTCOME_UNKNOWN_CODES].sort());
    expect(candidates.filter(transportFailure).sort()).toEqual([...TRANSPORT_OUTCOME_UNKNOWN_CODES].sort());
  });
});
