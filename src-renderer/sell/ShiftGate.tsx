import { useEffect, useRef } from 'react';
import { useSession } from '../app/session-store';

/**
 * No open shift on this counter: selling needs the cash drawer open (its float counted), so
 * the Sell screen says that plainly and takes the cashier to the Drawer screen to open one.
 */
export function ShiftGate() {
  const navigate = useSession((s) => s.navigate);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), []);
  return (
    <section className="shift-gate card" aria-labelledby="shift-gate-heading">
      <h2 id="shift-gate-heading" className="shift-gate__heading">
        The cash drawer is not open
      </h2>
      <p className="shift-gate__text">Selling needs an open shift on this counter, so every payment is counted in the drawer. Open a shift with the cash in the drawer (the float), then sell.</p>
      <button ref={buttonRef} type="button" className="button button--primary button--large" onClick={() => navigate('drawer')}>
        Open the drawer
      </button>
    </section>
  );
}
