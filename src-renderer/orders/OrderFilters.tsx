import { useEffect, useId, useState, type FormEvent } from 'react';
import { can, useSession } from '../app/session-store';
import { api } from '../bridge/api';
import { counterLabels, useStoreCounters } from '../store/store-counters-store';
import { useStoreLink } from '../store/store-status-store';
import { useOrdersStore } from './orders-store';
import type { SaleListFilter, SaleState } from '../bridge/contract';
import { DAY_MS } from '../ui/india-day';
import { DAY_TEXT_HINT, istDayStartOfText } from './day-text';
import { SALE_STATE_ORDER, STATE_LOOK } from '../ui/StateBadge';
import { TextField } from '../ui/TextField';
import { phoneSearch } from '../ui/phone-number';

interface Draft {
  from: string;
  to: string;
  states: SaleState[];
  brand: string;
  reference: string;
  phone: string;
  /** '' for every counter. */
  counterId: string;
}

const EMPTY: Draft = { from: '', to: '', states: [], brand: '', reference: '', phone: '', counterId: '' };
type Problems = Partial<Record<'from' | 'to' | 'brand' | 'phone', string>>;

/** Finds the brand a manager typed (its name or its id) among catalog brands, inactive ones too. */
async function resolveBrand(text: string): Promise<{ id: string } | { problem: string }> {
  const result = await api('catalog.search', { text, includeInactive: true, limit: 20 });
  if (!result.ok) return { problem: result.error.message };
  const wanted = text.trim().toLowerCase();
  const hits = result.data.brands.map((b) => b.brand);
  const exact = hits.find((b) => b.title.toLowerCase() === wanted || b.id.toLowerCase() === wanted);
  if (exact) return { id: exact.id };
  if (hits.length === 1) return { id: hits[0]!.id };
  if (/^[A-Z0-9_]+$/.test(text.trim())) return { id: text.trim() };
  return { problem: hits.length ? 'Several brands match: pick one from the suggestions.' : 'No brand by that name in the catalog.' };
}

/**
 * A store's counters to filter by: the store server's list for whoever may read it (revoked ones
 * too: their sales stay), else those the list has shown; this counter always.
 */
function useCounterChoices(): { id: string; label: string }[] | null {
  const link = useStoreLink();
  const mayList = useSession((s) => can(s.me, 'manageConnection'));
  const listed = useStoreCounters();
  const seen = useOrdersStore((s) => s.seenCounters);
  const load = listed.load;
  const listStatus = listed.status;
  useEffect(() => {
    if (link && mayList && listStatus === 'idle') void load();
  }, [link, mayList, listStatus, load]);
  if (!link) return null;
  const known = new Map<string, { id: string; name: string; pairedAt?: number; revoked?: boolean }>();
  known.set(link.counterId, { id: link.counterId, name: link.counterName });
  for (const [id, name] of Object.entries(seen)) known.set(id, { id, name });
  if (mayList) for (const c of listed.counters) known.set(c.id, { id: c.id, name: c.name, pairedAt: c.pairedAt, revoked: c.revokedAt !== null });
  const counters = [...known.values()].sort((a, b) => a.name.localeCompare(b.name));
  const labels = counterLabels(counters);
  return counters.map((c) => ({ id: c.id, label: `${labels.get(c.id) ?? c.name}${c.id === link.counterId ? ' (this counter)' : c.revoked ? ' (revoked)' : ''}` }));
}

export function OrderFilters({ onApply }: { onApply: (filter: SaleListFilter) => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const listId = useId();
  const counterFieldId = useId();
  const counters = useCounterChoices();
  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => {
    const text = draft.brand.trim();
    if (text.length < 2) return;
    let live = true;
    void api('catalog.search', { text, includeInactive: true, limit: 8 }).then((r) => {
      if (live && r.ok) setSuggestions(r.data.brands.map((b) => b.brand.title));
    });
    return () => {
      live = false;
    };
  }, [draft.brand]);

  const toggle = (state: SaleState) => edit({ states: draft.states.includes(state) ? draft.states.filter((s) => s !== state) : [...draft.states, state] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    const filter: SaleListFilter = {};
    if (draft.from.trim()) {
      const from = istDayStartOfText(draft.from);
      if (from === null) found.from = `Enter a real day as ${DAY_TEXT_HINT}.`;
      else filter.from = from;
    }
    if (draft.to.trim()) {
      const to = istDayStartOfText(draft.to);
      if (to === null) found.to = `Enter a real day as ${DAY_TEXT_HINT}.`;
      else filter.to = to + DAY_MS;
    }
    if (filter.from !== undefined && filter.to !== undefined && filter.to <= filter.from) found.to = 'The last day must be on or after the first day.';
    if (draft.states.length) filter.states = draft.states;
    if (counters && draft.counterId) filter.counterId = draft.counterId;
    if (draft.reference.trim()) filter.reference = draft.reference.trim();
    if (draft.phone.trim()) {
      const phone = phoneSearch(draft.phone);
      if (phone === null) found.phone = 'Enter the last 4 digits or the whole 10-digit mobile number.';
      else filter.phone = phone;
    }
    if (draft.brand.trim()) {
      const brand = await resolveBrand(draft.brand);
      if ('problem' in brand) found.brand = brand.problem;
      else filter.productId = brand.id;
    }
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(filter);
  };

  const clear = () => {
    setDraft(EMPTY);
    setProblems({});
    onApply({});
  };

  return (
    <form className="order-filters card" onSubmit={(e) => void submit(e)} aria-label="Filter orders" noValidate>
      <div className="order-filters__row">
        <TextField label="From day" hint={DAY_TEXT_HINT} autoComplete="off" maxLength={10} value={draft.from} onChange={(from) => edit({ from })} error={problems.from} />
        <TextField label="To day" hint="dd/mm/yyyy; the whole day is included" autoComplete="off" maxLength={10} value={draft.to} onChange={(to) => edit({ to })} error={problems.to} />
        <TextField label="Brand" value={draft.brand} onChange={(brand) => edit({ brand })} list={listId} autoComplete="off" error={problems.brand} />
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <TextField label="Reference or order id" value={draft.reference} onChange={(reference) => edit({ reference })} autoComplete="off" />
        <TextField
          label="Customer phone"
          value={draft.phone}
          onChange={(phone) => edit({ phone })}
          hint="Last 4 digits or all 10"
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          error={problems.phone}
        />
        {counters && (
          <div className="field">
            <label htmlFor={counterFieldId}>Counter</label>
            <select id={counterFieldId} value={draft.counterId} onChange={(e) => edit({ counterId: e.target.value })}>
              <option value="">All counters</option>
              {counters.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <fieldset className="status-filter">
        <legend>Status (none ticked = all)</legend>
        <div className="chips">
          {SALE_STATE_ORDER.map((state) => (
            <label key={state} className={draft.states.includes(state) ? 'chip chip--on' : 'chip'}>
              <input type="checkbox" checked={draft.states.includes(state)} onChange={() => toggle(state)} />
              {STATE_LOOK[state].label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button button--primary">
          Show orders
        </button>
        <button type="button" className="button" onClick={clear}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
