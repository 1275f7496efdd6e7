import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import type { Session } from '../session.js';

export function staffHandlers(core: Core, session: Session, signal: (reason: string | null) => void) {
  const publicStaff = () => core.staff.list().filter((s) => s.disabledAt === null).map((s) => ({ id: s.id, name: s.name, role: s.role }));
  return {
    'staff.list': () => ({ staff: publicStaff(), needsSetup: !core.staff.hasManager() }),
    'staff.setupFirstManager': async (input: ParsedInput<'staff.setupFirstManager'>) => {
      // Only on first launch: once a manager exists, new staff need a manager's session.
      if (core.staff.hasManager()) return fail('FORBIDDEN', 'A manager already exists; ask a manager to add staff');
      const created = await core.staff.create({ name: input.name, role: 'manager', pin: input.pin }, null);
      if (!created.ok) return fail(created.error.code, created.error.message, { fields: [{ field: 'pin', message: created.error.message }] });
      session.staff = created.value;
      signal(null);
      return { id: created.value.id, name: created.value.name, role: created.value.role };
    },
    'staff.signIn': async (input: ParsedInput<'staff.signIn'>) => {
      const result = await core.staff.signIn(input.staffId, input.pin);
      if (!result.ok) return fail(result.error.code, result.error.message);
      session.staff = result.value;
      signal(null);
      return { id: result.value.id, name: result.value.name, role: result.value.role };
    },
    'staff.signOut': () => {
      session.staff = null;
      signal('signed out');
      return { signedIn: false };
    },
    'staff.session': () => (session.staff ? { signedIn: true, id: session.staff.id, name: session.staff.name, role: session.staff.role } : { signedIn: false }),
    'staff.create': async (input: ParsedInput<'staff.create'>) => {
      const created = await core.staff.create(input, session.staff!.id);
      if (!created.ok) return fail(created.error.code, created.error.message);
      return { id: created.value.id, name: created.value.name, role: created.value.role };
    },
    'staff.disable': (input: ParsedInput<'staff.disable'>) => {
      const result = core.staff.disable(input.staffId, session.staff!.id);
      if (!result.ok) return fail(result.error.code, result.error.message);
      return { id: result.value.id, disabled: true };
    },
  } satisfies Partial<CoreHandlers>;
}
