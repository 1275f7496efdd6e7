import { fieldError } from '../bridge/api';
import { formatPaise } from '../ui/format';
import { CashCount, EMPTY_CASH_COUNT, useCountToConfirm } from './CashCount';
import { ConfirmMoney } from './ConfirmMoney';
import { useShift } from './shift-store';

/** No shift open: count the float into the drawer and open it (selling needs an open drawer). */
export function OpenShiftForm({ counter }: { counter: string }) {
  const open = useShift((s) => s.open);
  const { cash, setCash, problem, refuse, confirming, setConfirming, submit, formRef } = useCountToConfirm();

  return (
    <form ref={formRef} className="card form drawer-open" onSubmit={submit} aria-labelledby="open-shift-title" noValidate>
      <h2 id="open-shift-title">Open the drawer</h2>
      <p>Count the cash you start with (the float) and enter it. Sales can start once the drawer is open.</p>
      <CashCount label="Opening float (₹)" hint="The cash in the drawer now, for change." state={cash} onChange={setCash} error={problem} autoFocus />
      <div className="actions">
        <button type="submit" className="button button--primary button--large">
          Open the drawer
        </button>
      </div>
      {confirming && (
        <ConfirmMoney
          title="Open the drawer"
          confirmLabel={`Open with ${formatPaise(confirming.paise)}`}
          onCancel={() => setConfirming(null)}
          ifOutcomeUnknown="If the top bar now says the drawer is open, it was opened. Otherwise press Confirm again: a drawer is never opened twice (a second one is refused)."
          onConfirm={async () => {
            const error = await open(confirming.paise, confirming.count);
            if (!error) {
              setConfirming(null);
              setCash(EMPTY_CASH_COUNT);
            } else if (fieldError(error, 'openingFloatPaise')) {
              setConfirming(null);
              refuse(fieldError(error, 'openingFloatPaise'));
              return null;
            }
            return error;
          }}
        >
          <p className="confirm-money__amount">{formatPaise(confirming.paise)}</p>
          <p>
            Opening float of {counter}
            {confirming.count ? `, counted as ${confirming.count.reduce((n, c) => n + c.quantity, 0)} notes and coins` : ''}. The drawer is then open in your name.
          </p>
        </ConfirmMoney>
      )}
    </form>
  );
}
