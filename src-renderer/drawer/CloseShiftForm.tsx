import { useState } from 'react';
import { fieldError } from '../bridge/api';
import type { ShiftView } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { TextField } from '../ui/TextField';
import { CashCount, useCountToConfirm } from './CashCount';
import { ConfirmMoney } from './ConfirmMoney';
import { overShortText } from './report-words';
import { useShift } from './shift-store';

/** Count the drawer and close the shift; main answers the Z report with expected vs counted. */
export function CloseShiftForm({ shift }: { shift: ShiftView }) {
  const close = useShift((s) => s.close);
  const [note, setNote] = useState('');
  const { cash, setCash, problem, refuse, confirming, setConfirming, submit, formRef } = useCountToConfirm();

  // What it will show once closed; main's figure at the close is the one recorded.
  const difference = confirming ? confirming.paise - shift.expectedCashPaise : 0;
  return (
    <form ref={formRef} className="card form" onSubmit={submit} aria-labelledby="close-shift-title" noValidate>
      <h2 id="close-shift-title">Close the drawer</h2>
      <p>Count all the cash in the drawer and enter it. The Z report then shows what was expected, what you counted, and any difference.</p>
      <CashCount label="Cash counted (₹)" state={cash} onChange={setCash} error={problem} />
      <TextField label="Note (optional)" maxLength={200} autoComplete="off" value={note} onChange={setNote} hint="For the manager, e.g. why the drawer is over or short." />
      <div className="actions">
        <button type="submit" className="button button--danger">
          Close the drawer
        </button>
      </div>
      {confirming && (
        <ConfirmMoney
          title="Close the drawer"
          confirmLabel={`Close with ${formatPaise(confirming.paise)} counted`}
          onCancel={() => setConfirming(null)}
          ifOutcomeUnknown="If the top bar now says “Drawer closed”, it was closed (a manager can reprint its Z report from End of day). Otherwise press Confirm again: a drawer is never closed twice."
          onConfirm={async () => {
            const error = await close(confirming.paise, confirming.count, note);
            const countedProblem = fieldError(error, 'countedCashPaise');
            if (countedProblem) {
              setConfirming(null);
              refuse(countedProblem);
              return null;
            }
            return error;
          }}
        >
          <dl className="facts confirm-money__facts">
            <dt>Expected in the drawer</dt>
            <dd>{formatPaise(shift.expectedCashPaise)}</dd>
            <dt>You counted</dt>
            <dd>{formatPaise(confirming.paise)}</dd>
            <dt>Difference</dt>
            <dd className={`confirm-money__difference confirm-money__difference--${difference === 0 ? 'ok' : difference < 0 ? 'bad' : 'warn'}`}>{overShortText(difference)}</dd>
          </dl>
          <p>Closing ends this shift: no more sales until the next drawer is opened. Count again if the difference looks wrong.</p>
        </ConfirmMoney>
      )}
    </form>
  );
}
