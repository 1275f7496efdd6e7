import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Choosing one's own PIN (after a manager's reset, or from the top bar) and naming the
 * approving manager: the form's rules, where main's refusals land, and the session store's
 * phases against a mocked bridge that answers each call by method.
 */
type Answer = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string; fields?: { field: string; message: string }[] } };
const calls: { method: string; payload: unknown }[] = [];
let answers: Record<string, Answer> = {};

vi.mock('../../src-renderer/bridge/api', async (original) => ({
  // fieldError and friends as they are; only the calls to main are answered here.
  ...(await original<Record<string, unknown>>()),
  api: (method: string, payload: unknown) => {
    calls.push({ method, payload });
    return Promise.resolve(answers[method] ?? { ok: false, error: { code: 'UNEXPECTED', message: `no answer for ${method}` } });
  },
  onEvent: () => () => undefined,
}));

// Loaded by a path tsc does not follow: the renderer's files are type-checked by tsconfig.web.json.
const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
type Problems = { fields: Record<string, string>; form: unknown };
type Person = { id: string; name: string; role: string };
const { checkPinChange, pinChangeProblems, pinDigits } = await load<{
  checkPinChange: (entry: { currentPin: string; newPin: string; again: string }) => Problems | null;
  pinChangeProblems: (error: Extract<Answer, { ok: false }>['error']) => Problems;
  pinDigits: (value: string) => string;
}>('../../src-renderer/app/pin-change.ts');
const { approversIn, defaultApprover } = await load<{ approversIn: (staff: Person[]) => Person[]; defaultApprover: (approvers: Person[], signedInId: string | null) => string | null }>(
  '../../src-renderer/app/approvers.ts',
);
const { useSession } = await load<{ useSession: any }>('../../src-renderer/app/session-store.ts');

const ravi = { id: 'R1', name: 'Ravi Kumar', role: 'cashier', permissions: ['sell'] };
const meera = { id: 'M1', name: 'Meera Shah', role: 'manager' };
const arjun = { id: 'M2', name: 'Arjun Rao', role: 'manager' };

describe('the PIN change form', () => {
  it('asks main only once the new PIN was typed the same twice', () => {
    expect(checkPinChange({ currentPin: '3917', newPin: '6482', again: '6428' })).toEqual({ fields: { again: expect.stringContaining('not the same') }, form: null });
    expect(checkPinChange({ currentPin: '3917', newPin: '6482', again: '6482' })).toBeNull();
    // Length, simplicity and "same as now" are main's to judge: the form does not guess them.
    expect(checkPinChange({ currentPin: '', newPin: '1111', again: '1111' })).toBeNull();
  });

  it('puts main’s refusals beside the field they name, and anything else above the form', () => {
    const wrong = { code: 'INVALID_PIN', message: 'Wrong PIN (1 try left before a lock)', fields: [{ field: 'currentPin', message: 'Wrong PIN (1 try left before a lock)' }] };
    expect(pinChangeProblems(wrong)).toEqual({ fields: { currentPin: 'Wrong PIN (1 try left before a lock)' }, form: null });
    const same = { code: 'SAME_PIN', message: 'Choose a PIN different from the one you have now', fields: [{ field: 'newPin', message: 'Choose a PIN different from the one you have now' }] };
    expect(pinChangeProblems(same).fields).toEqual({ newPin: 'Choose a PIN different from the one you have now' });
    const malformed = { code: 'BAD_REQUEST', message: 'The request was not understood', fields: [{ field: 'currentPin', message: 'a PIN is 4 to 8 digits' }, { field: 'newPin', message: 'a PIN is 4 to 8 digits' }] };
    expect(Object.keys(pinChangeProblems(malformed).fields)).toEqual(['currentPin', 'newPin']);
    const signedOut = { code: 'UNAUTHENTICATED', message: 'Sign in with your PIN first' };
    expect(pinChangeProblems(signedOut)).toEqual({ fields: {}, form: signedOut });
  });

  it('keeps digits only, at most eight', () => {
    expect(pinDigits('12a3 4-5678 9')).toBe('12345678');
  });
});

describe('the approving manager', () => {
  it('is chosen among managers only, the only one or the signed-in one already chosen', () => {
    expect(approversIn([ravi, meera, arjun]).map((a) => a.id)).toEqual(['M1', 'M2']);
    expect(defaultApprover([meera], ravi.id)).toBe('M1');
    expect(defaultApprover([meera, arjun], arjun.id)).toBe('M2');
    // A cashier asking, with two managers: nobody is guessed (a wrong guess costs that manager a try).
    expect(defaultApprover([meera, arjun], ravi.id)).toBeNull();
    expect(defaultApprover([], ravi.id)).toBeNull();
  });
});

describe('the session with a PIN a manager reset', () => {
  beforeEach(() => {
    calls.length = 0;
    answers = { 'staff.list': { ok: true, data: { staff: [ravi, meera], needsSetup: false } }, 'app.info': { ok: true, data: { environment: 'training' } } };
    useSession.setState({ phase: 'signIn', me: null, screen: 'sell', endedBecause: null });
  });

  it('signs in to choosing a PIN, not to the shell, and to the shell once it is chosen', async () => {
    answers['staff.signIn'] = { ok: true, data: { ...ravi, mustChangePin: true } };
    expect(await useSession.getState().signIn('R1', '3917')).toBeNull();
    expect(useSession.getState().phase).toBe('choosePin');

    answers['staff.changePin'] = { ok: false, error: { code: 'SAME_PIN', message: 'Choose a PIN different from the one you have now', fields: [{ field: 'newPin', message: 'x' }] } };
    expect(await useSession.getState().changePin('3917', '3917')).toMatchObject({ code: 'SAME_PIN' });
    expect(useSession.getState().phase).toBe('choosePin');

    answers['staff.changePin'] = { ok: true, data: { ...ravi, mustChangePin: false } };
    expect(await useSession.getState().changePin('3917', '6482')).toBeNull();
    expect(calls.at(-1)).toEqual({ method: 'staff.changePin', payload: { currentPin: '3917', newPin: '6482' } });
    expect(useSession.getState()).toMatchObject({ phase: 'signedIn', me: { mustChangePin: false }, screen: 'sell' });
  });

  it('lands on choosing a PIN after a reload while the change is still owed', async () => {
    answers['staff.session'] = { ok: true, data: { signedIn: true, ...ravi, mustChangePin: true } };
    await useSession.getState().start();
    expect(useSession.getState().phase).toBe('choosePin');
  });

  it('goes to the shell when main says the change was made elsewhere, and to sign-in when the session ends', async () => {
    useSession.setState({ phase: 'choosePin', me: { ...ravi, mustChangePin: true } });
    answers['staff.session'] = { ok: true, data: { signedIn: true, ...ravi, mustChangePin: false } };
    await useSession.getState().sessionChanged(true, null);
    expect(useSession.getState().phase).toBe('signedIn');

    useSession.setState({ phase: 'choosePin', me: { ...ravi, mustChangePin: true } });
    await useSession.getState().sessionChanged(false, 'locked after inactivity');
    expect(useSession.getState()).toMatchObject({ phase: 'signIn', me: null, endedBecause: 'locked after inactivity' });
  });

  it('keeps the screen when a signed-in person changes their PIN from the top bar', async () => {
    useSession.setState({ phase: 'signedIn', me: { ...ravi, mustChangePin: false }, screen: 'drawer' });
    answers['staff.changePin'] = { ok: true, data: { ...ravi, mustChangePin: false } };
    expect(await useSession.getState().changePin('4826', '6482')).toBeNull();
    expect(useSession.getState()).toMatchObject({ phase: 'signedIn', screen: 'drawer' });
  });
});
