import { formatTime } from '../ui/format';
import { useShiftGate } from '../sell/shift-gate-store';

/** The drawer at a glance in the top bar: open since when, or closed (selling needs it open). */
export function DrawerStatus() {
  const shift = useShiftGate((s) => s.shift);
  // Not read yet: say nothing rather than guess.
  if (shift === undefined) return null;
  return (
    <span className={`topbar__drawer topbar__drawer--${shift ? 'open' : 'closed'}`}>
      <span aria-hidden="true">{shift ? '● ' : '○ '}</span>
      {shift ? `Drawer open since ${formatTime(shift.openedAt)}` : 'Drawer closed'}
    </span>
  );
}
