import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// .tsx is loaded by path (the Node type-check has no JSX); tsconfig.web.json type-checks it for real.
const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { ConfirmRefusal } = await load<{ ConfirmRefusal: FunctionComponent<{ error: unknown; ifOutcomeUnknown: string }> }>('../../src-renderer/drawer/ConfirmMoney.tsx');
const { outcomeUnknown } = await load<{ outcomeUnknown: (error: { code: string; message: string }) => boolean }>('../../src-renderer/bridge/outcome-unknown.ts');

const AGAIN = 'Press “Take out ₹200” again: this pay-out is recorded once however often it is confirmed, so it cannot be counted twice.';
/** The notice as read: tags dropped, entities as plain text. */
const read = (error: unknown) =>
  renderToStaticMarkup(createElement(ConfirmRefusal, { error, ifOutcomeUnknown: AGAIN }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The money dialogs (pay-in / pay-out, open and close the drawer, top-up) when Confirm does not end. */
describe('a refused or unanswered Confirm on a money dialog', () => {
  it('a refusal main gave says nothing was recorded', () => {
    const text = read({ code: 'NO_OPEN_SHIFT', message: 'The drawer is not open.' });
    expect(text).toContain('Nothing was recorded');
    expect(text).toContain('The drawer is not open.');
    expect(text).not.toContain(AGAIN);
  });

  it('a lost answer does not claim nothing was recorded: the outcome is not known, and Confirm again is safe', () => {
    for (const code of ['APP_UNREACHABLE', 'HOST_502', 'INTERNAL', 'TIMEOUT']) {
      const text = read({ code, message: 'The app’s background service did not answer.' });
      expect(text, code).not.toContain('Nothing was recorded');
      expect(text, code).toContain('Not known whether this was recorded');
      expect(text, code).toContain(AGAIN);
    }
  });

  it('tells refusals (before anything is written) from unknown outcomes by code', () => {
    const unknown = ['APP_UNREACHABLE', 'INTERNAL', 'DISK_FULL', 'NETWORK', 'TIMEOUT', 'HTTP_408', 'HTTP_5XX', 'BAD_RESPONSE', 'HOST_500', 'HOST_503'];
    const refused = ['NO_OPEN_SHIFT', 'SHIFT_ALREADY_OPEN', 'MOVEMENT_ID_IN_USE', 'INVALID_TOP_UP', 'BAD_REQUEST', 'FORBIDDEN', 'UNAUTHENTICATED', 'STORE_UNREACHABLE', 'HOST_403', 'HOST_413'];
    for (const code of unknown) expect(outcomeUnknown({ code, message: '' }), code).toBe(true);
    for (const code of refused) expect(outcomeUnknown({ code, message: '' }), code).toBe(false);
  });
});
