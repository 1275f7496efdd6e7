import { useRef, useState, type FormEvent } from 'react';
import type { BridgeError, CashMovementKind } from '../bridge/contract';
import { Choice } from '../ui/Choice';
import { useFocusOnRefusal } from '../ui/focus-problem';
import { formatPaise, parseRupeesToPaise } from '../ui/format';
import { Notice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { ConfirmMoney, fieldProblems } from './ConfirmMoney';
import { movementAlreadyRecorded, movementIdAfter, movementIdFor } from './movement-id';
import { MOVEMENT_LABEL } from './report-words';
import { useShift } from './shift-store';

const KINDS = [
  { value: 'PAY_OUT', label: 'Pay-out', hint: 'Cash taken out: petty cash, a bank deposit' },
  { value: 'PAY_IN', label: 'Pay-in', hint: 'Cash put in: more change, a float top-up' },
] as const;

type Problems = Partial<Record<'amount' | 'reason', string>>;

/** Cash in or out of the drawer that is not a sale, with the reason it went. */
export function CashMovementForm() {
  const record = useShift((s) => s.cashMovement);
  const [kind, setKind] = useState<CashMovementKind>('PAY_OUT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState<{ kind: CashMovementKind; paise: number; reason: string; movementId: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** Main said this entry's movement was already recorded: the dialog closed, the form emptied, this says why. */
  const [alreadyRecorded, setAlreadyRecorded] = useState<BridgeError | null>(null);
  /**
   * The movement being entered, kept across Confirms and submits (a retry after an error, an
   * edit after Go back) until it is recorded, main says it already was, or the form is left;
   * null: the next submit takes a new one.
   */
  const [movementId, setMovementId] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Refused (here or by main): focus goes to the first field to correct. */
  const refused = useFocusOnRefusal(formRef);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setAlreadyRecorded(null);
    const paise = parseRupeesToPaise(amount);
    const found: Problems = {};
    if (paise === null || paise === 0) found.amount = 'Enter an amount in rupees, like 500.';
    if (!reason.trim()) found.reason = 'Say why the cash moved, for example “Courier charges”.';
    setProblems(found);
    if (Object.keys(found).length > 0) refused();
    else if (paise) {
      const id = movementIdFor(movementId);
      setMovementId(id);
      setConfirming({ kind, paise, reason: reason.trim(), movementId: id });
    }
  };

  return (
    <form ref={formRef} className="card form" onSubmit={submit} aria-labelledby="movement-title" noValidate>
      <h2 id="movement-title">Pay-in or pay-out</h2>
      <Choice legend="Which way" name="movement-kind" value={kind} options={KINDS} onChange={setKind} />
      <div className="form-grid">
        <TextField label="Amount (₹)" inputMode="decimal" autoComplete="off" value={amount} onChange={setAmount} error={problems.amount} />
        <TextField label="Reason" maxLength={200} autoComplete="off" value={reason} onChange={setReason} error={problems.reason} />
      </div>
      <div className="actions">
        <button type="submit" className="button">
          Record {MOVEMENT_LABEL[kind].toLowerCase()}
        </button>
      </div>
      {done && (
        <p className="drawer__done" role="status">
          {done}
        </p>
      )}
      {alreadyRecorded && (
        <Notice tone="warning" role="alert" title="Already recorded: nothing more was recorded">
          {/* Main's words: which movement, and to check the drawer's list before entering another. */}
          <p>{alreadyRecorded.message}</p>
        </Notice>
      )}
      {confirming && (
        <ConfirmMoney
          title={`Record a ${MOVEMENT_LABEL[confirming.kind].toLowerCase()}`}
          confirmLabel={`${confirming.kind === 'PAY_OUT' ? 'Take out' : 'Put in'} ${formatPaise(confirming.paise)}`}
          onCancel={() => setConfirming(null)}
          ifOutcomeUnknown={`Press “${confirming.kind === 'PAY_OUT' ? 'Take out' : 'Put in'} ${formatPaise(confirming.paise)}” again: this ${MOVEMENT_LABEL[confirming.kind].toLowerCase()} is recorded once however often it is confirmed, so it cannot be counted twice.`}
          onConfirm={async () => {
            const error = await record(confirming.kind, confirming.paise, confirming.reason, confirming.movementId);
            setMovementId(movementIdAfter(confirming.movementId, error));
            if (!error) {
              setDone(`${MOVEMENT_LABEL[confirming.kind]} of ${formatPaise(confirming.paise)} recorded.`);
              setConfirming(null);
              setAmount('');
              setReason('');
              return null;
            }
            if (movementAlreadyRecorded(error)) {
              // That movement stands (the store has read the drawer again, so the list shows it):
              // the entry is emptied and the dialog closed, so no Enter records another unseen.
              setConfirming(null);
              setAmount('');
              setReason('');
              setProblems({});
              setAlreadyRecorded(error);
              return null;
            }
            const forFields = fieldProblems(error, { amount: 'amountPaise', reason: 'reason' });
            if (!forFields) return error;
            setConfirming(null);
            setProblems(forFields);
            refused();
            return null;
          }}
        >
          <p className="confirm-money__amount">
            {confirming.kind === 'PAY_OUT' ? '−' : '+'}
            {formatPaise(confirming.paise)}
          </p>
          <p>
            {confirming.kind === 'PAY_OUT' ? 'Take this cash out of the drawer' : 'Put this cash into the drawer'} for: <strong>{confirming.reason}</strong>
          </p>
        </ConfirmMoney>
      )}
    </form>
  );
}
