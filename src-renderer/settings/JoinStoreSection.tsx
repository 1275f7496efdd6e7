import { useState } from 'react';
import { api, fieldError, type BridgeError } from '../bridge/api';
import { Success } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { SectionCard } from './SectionCard';

interface Draft {
  url: string;
  pairingCode: string;
  counterName: string;
}

/** The same limits main's store.join checks, said next to each field before anything is sent. */
function problemsOf(d: Draft): BridgeError | null {
  const url = d.url.trim();
  const fields = [
    !url
      ? { field: 'url', message: 'Enter the store server’s address, like https://store.example.com or http://192.168.1.20:8802.' }
      : !/^https?:\/\/[^\s/]+/i.test(url) || url.length > 200
        ? { field: 'url', message: 'The address starts with http:// or https://, then the server’s name or IP address (at most 200 characters).' }
        : null,
    d.pairingCode.trim().length < 4 || d.pairingCode.trim().length > 40 ? { field: 'pairingCode', message: 'Enter the pairing code the store server printed (4 to 40 characters).' } : null,
    !d.counterName.trim() || d.counterName.trim().length > 60 ? { field: 'counterName', message: 'Name this counter (up to 60 characters), as the store’s lists should show it.' } : null,
  ].filter((f): f is { field: string; message: string } => f !== null);
  return fields.length ? { code: 'INVALID', message: fields[0]!.message, fields } : null;
}

/**
 * A counter on its own joins a store: its store server's address, a single-use pairing code
 * printed there, and a name for this counter. Main keeps the counter's credential sealed; the
 * app then has to start again to sell through the store server, and main's answer says so.
 */
export function JoinStoreSection({ defaultCounterName }: { defaultCounterName: string }) {
  const [draft, setDraft] = useState<Draft>({ url: '', pairingCode: '', counterName: defaultCounterName });
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);
  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    if (busy || joined) return;
    const local = problemsOf(draft);
    if (local) return setError(local);
    setError(null);
    setBusy(true);
    const result = await api('store.join', { url: draft.url.trim(), pairingCode: draft.pairingCode.trim(), counterName: draft.counterName.trim() });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setJoined(result.data.message);
  };

  if (joined) {
    return (
      <section id="settings-join-store" className="card settings__section" aria-labelledby="settings-join-store-title">
        <h3 id="settings-join-store-title">Join a store</h3>
        <Success>{joined}</Success>
        <p>Until it starts again, this counter still sells on its own.</p>
      </section>
    );
  }
  return (
    <SectionCard
      id="settings-join-store"
      title="Join a store"
      intro={
        <p>
          This counter sells on its own. To sell as one of a store’s counters, join the store: its store server then holds the voucher service’s credentials, and managers see
          every counter’s sales in Orders.
        </p>
      }
      onSubmit={() => void submit()}
      busy={busy}
      busyLabel="Joining…"
      notDone="This counter did not join the store"
      submitLabel="Join the store"
      error={error}
    >
      <div className="form-grid">
        <TextField
          label="Store server address"
          type="url"
          value={draft.url}
          onChange={(url) => edit({ url })}
          error={fieldError(error, 'url')}
          autoComplete="off"
          placeholder="https://"
          hint="As whoever runs the store server gave it, with http:// or https://."
          maxLength={200}
        />
        <TextField
          label="Pairing code"
          value={draft.pairingCode}
          onChange={(pairingCode) => edit({ pairingCode })}
          error={fieldError(error, 'pairingCode')}
          autoComplete="off"
          spellCheck={false}
          hint="Printed by the store server for this counter; each code works once."
          maxLength={40}
        />
        <TextField
          label="This counter’s name"
          value={draft.counterName}
          onChange={(counterName) => edit({ counterName })}
          error={fieldError(error, 'counterName')}
          autoComplete="off"
          hint="How the store’s Orders and its list of counters name it."
          maxLength={60}
        />
      </div>
      {busy && (
        <p className="muted" role="status">
          Asking the store server…
        </p>
      )}
    </SectionCard>
  );
}
