import { formatTime } from '../ui/format';
import { useShift } from './shift-store';

/** The drawer at a glance in the top bar: open since when, or closed (selling needs it open). */
export function DrawerStatus() {
  const shift = useShift((s) => s.shift);
  const status = useShift((s) => s.status);
  if (status !== 'ready') return null;
  return (
    <span className={`topbar__drawer topbar__drawer--${shift ? 'open' : 'closed'}`}>
      <span aria-hidden="true">{shift ? '● ' : '○ '}</span>
      {shift ? `Drawer open since ${formatTime(shift.openedAt)}` : 'Drawer closed'}
    </span>
  );
}
