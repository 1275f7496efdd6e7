import { useId, useRef, useState, type FormEvent } from 'react';
import { useFocusOnRefusal } from '../ui/focus-problem';
import type { DrawerCount } from '../bridge/contract';
import { formatPaise, parseRupeesToPaise } from '../ui/format';
import { TextField } from '../ui/TextField';
import { addUpCount, DENOMINATIONS, denominationLabel, type CountText } from './drawer-count';

export interface CashCountState {
  text: string;
  counting: boolean;
  countText: CountText;
}

export const EMPTY_CASH_COUNT: CashCountState = { text: '', counting: false, countText: {} };

export type CashAmount = { ok: true; paise: number; count: DrawerCount[] | undefined } | { ok: false; problem: string };

/** The amount a cash field holds: the typed total, or the sum of the notes and coins counted. */
export function cashAmountOf(state: CashCountState): CashAmount {
  if (state.counting) {
    const result = addUpCount(state.countText);
    if (result.invalid.length > 0) {
      const names = DENOMINATIONS.filter((d) => result.invalid.includes(d.key)).map(denominationLabel);
      return { ok: false, problem: `Enter a whole number of pieces for: ${names.join(', ')}.` };
    }
    return { ok: true, paise: result.totalPaise, count: result.count };
  }
  const paise = parseRupeesToPaise(state.text);
  if (paise === null) return { ok: false, problem: 'Enter an amount in rupees, like 2000 (or count the notes and coins).' };
  return { ok: true, paise, count: undefined };
}

interface Props {
  label: string;
  hint?: string;
  state: CashCountState;
  onChange: (state: CashCountState) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * A counted amount on its way through the confirm step: the count being typed, its problem,
 * and the amount being confirmed. `submit` checks the count and opens the confirmation;
 * `refuse` shows a problem (the form's own, or main's) and puts focus on the field to correct
 * (the form carries `formRef`).
 */
export function useCountToConfirm() {
  const [cash, setCash] = useState(EMPTY_CASH_COUNT);
  const [problem, setProblem] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<{ paise: number; count: DrawerCount[] | undefined } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFocusOnRefusal(formRef);
  const refuse = (text: string | undefined) => {
    setProblem(text);
    refused();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = cashAmountOf(cash);
    if (!amount.ok) return refuse(amount.problem);
    setProblem(undefined);
    setConfirming({ paise: amount.paise, count: amount.count });
  };
  return { cash, setCash, problem, refuse, confirming, setConfirming, submit, formRef };
}

/**
 * A cash amount: typed as a total, or counted note by note and coin by coin, with the total
 * added up as the cashier types (the drawer's count goes to main with it).
 */
export function CashCount({ label, hint, state, onChange, error, autoFocus }: Props) {
  const tableId = useId();
  const errorId = useId();
  const added = addUpCount(state.countText);
  const edit = (patch: Partial<CashCountState>) => onChange({ ...state, ...patch });
  const [firstRow, setFirstRow] = useState(false);

  return (
    <div className="cash-count">
      {!state.counting ? (
        <TextField label={label} hint={hint} className="field--amount" inputMode="decimal" autoComplete="off" value={state.text} onChange={(text) => edit({ text })} error={error} autoFocus={autoFocus} />
      ) : (
        <div className="cash-count__total" role="status" aria-live="polite">
          <span className="cash-count__total-label">{label}</span>
          <span className="cash-count__total-value">{formatPaise(added.totalPaise)}</span>
          <span className="hint">added up from the notes and coins below</span>
          {error && (
            <p id={errorId} className="field__error">
              {error}
            </p>
          )}
        </div>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={state.counting}
          aria-controls={state.counting ? tableId : undefined}
          onChange={(e) => {
            setFirstRow(e.target.checked);
            edit({ counting: e.target.checked, ...(e.target.checked ? {} : { text: added.totalPaise ? String(added.totalPaise / 100) : state.text }) });
          }}
        />
        Count notes and coins
      </label>
      {state.counting && (
        <table className="table count-table" id={tableId}>
          <caption className="visually-hidden">Notes and coins in the drawer</caption>
          <thead>
            <tr>
              <th scope="col">Note or coin</th>
              <th scope="col">Pieces</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {DENOMINATIONS.map((d, i) => {
              const bad = added.invalid.includes(d.key);
              return (
                <tr key={d.key} className={d.kind === 'coin' && DENOMINATIONS[i - 1]?.kind === 'note' ? 'count-table__first-coin' : undefined}>
                  <th scope="row">{denominationLabel(d)}</th>
                  <td>
                    <input
                      className="count-table__input"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-label={`${denominationLabel(d)}s: pieces`}
                      aria-invalid={bad || undefined}
                      // The total's problem has no field of its own: the count starts here, and focus comes here after a refusal.
                      aria-describedby={error && i === 0 ? errorId : undefined}
                      data-problem-focus={error && i === 0 ? '' : undefined}
                      value={state.countText[d.key] ?? ''}
                      autoFocus={firstRow && i === 0}
                      onChange={(e) => edit({ countText: { ...state.countText, [d.key]: e.target.value } })}
                    />
                  </td>
                  <td className="num">{bad ? '—' : formatPaise(added.linePaise[d.key])}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="num">
                <strong>{formatPaise(added.totalPaise)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}
