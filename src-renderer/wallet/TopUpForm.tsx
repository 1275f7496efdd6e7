import { useRef, useState, type FormEvent } from 'react';
import { ConfirmMoney, fieldProblems } from '../drawer/ConfirmMoney';
import { useFocusOnRefusal } from '../ui/focus-problem';
import { formatPaise, parseRupeesToPaise } from '../ui/format';
import { TextField } from '../ui/TextField';
import { useWallet } from './wallet-store';

type Problems = Partial<Record<'amount' | 'reference', string>>;

/**
 * A top-up the manager made to the wallet (at the partner's portal or by bank transfer). The end
 * of day checks the wallet's movement against the day's sales plus the top-ups entered here, so
 * a top-up not entered shows as a wallet that does not add up.
 */
export function TopUpForm() {
  const recordTopUp = useWallet((s) => s.recordTopUp);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState<{ paise: number; reference: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Refused (here or by main): focus goes to the first field to correct. */
  const refused = useFocusOnRefusal(formRef);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const paise = parseRupeesToPaise(amount);
    const found: Problems = {};
    if (paise === null || paise === 0) found.amount = 'Enter the amount topped up in rupees, like 50000.';
    if (!reference.trim()) found.reference = 'Enter the top-up’s reference (the bank or portal transaction number).';
    setProblems(found);
    if (Object.keys(found).length > 0) refused();
    else if (paise) setConfirming({ paise, reference: reference.trim() });
  };

  return (
    <form ref={formRef} className="form card" onSubmit={submit} aria-labelledby="topup-title" noValidate>
      <h2 id="topup-title">Record a top-up</h2>
      <p>When you add money to the wallet, enter it here so the end of day can tell it apart from sales.</p>
      <div className="form-grid">
        <TextField label="Amount topped up (₹)" inputMode="decimal" autoComplete="off" value={amount} onChange={setAmount} error={problems.amount} />
        <TextField label="Reference" hint="The bank or portal transaction number" maxLength={60} autoComplete="off" value={reference} onChange={setReference} error={problems.reference} />
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary">
          Record top-up
        </button>
      </div>
      {done && (
        <p className="wallet__done" role="status">
          {done}
        </p>
      )}
      {confirming && (
        <ConfirmMoney
          title="Record a top-up"
          confirmLabel={`Record ${formatPaise(confirming.paise)}`}
          onCancel={() => setConfirming(null)}
          ifOutcomeUnknown={`Press Confirm again: a top-up is entered once per reference, so if ${confirming.reference} was entered you are told so and nothing is added twice.`}
          onConfirm={async () => {
            const error = await recordTopUp(confirming.paise, confirming.reference);
            if (!error) {
              setDone(`Top-up of ${formatPaise(confirming.paise)} recorded (${confirming.reference}). Refresh the balance once it shows at the service.`);
              setConfirming(null);
              setAmount('');
              setReference('');
              return null;
            }
            const forFields = fieldProblems(error, { amount: 'amountPaise', reference: 'reference' });
            if (!forFields) return error;
            setConfirming(null);
            setProblems(forFields);
            refused();
            return null;
          }}
        >
          <p className="confirm-money__amount">+{formatPaise(confirming.paise)}</p>
          <p>
            Added to the wallet, reference <strong>{confirming.reference}</strong>. This records the top-up here; it does not move any money.
          </p>
        </ConfirmMoney>
      )}
    </form>
  );
}
