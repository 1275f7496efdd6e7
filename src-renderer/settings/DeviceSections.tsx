import { useEffect, useId, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import { Choice } from '../ui/Choice';
import { TextField } from '../ui/TextField';
import { ErrorNotice, Loading, Notice, Success } from '../ui/Notice';
import type { Output, PrinterInfo, Settings } from '../bridge/contract';
import { SectionCard } from './SectionCard';
import { localProblem, useSectionSave } from './use-section';

export function PrinterSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err, touch } = useSectionSave();
  const [printers, setPrinters] = useState<PrinterInfo[] | null>(null);
  const [listError, setListError] = useState<BridgeError | null>(null);
  const [deviceName, setDeviceName] = useState(s.printer.deviceName ?? '');
  const [silent, setSilent] = useState(s.printer.silent);
  const selectId = useId();

  useEffect(() => {
    void api('printer.list').then((r) => {
      if (r.ok) setPrinters(Array.isArray(r.data) ? r.data : r.data.printers);
      else setListError(r.error);
    });
  }, []);

  return (
    <SectionCard id="settings-printer" title="Printer" onSubmit={() => void save({ printer: { deviceName: deviceName || null, silent } })} busy={busy} saved={saved} error={error}>
      {!printers && !listError && <Loading label="Looking for printers…" />}
      {listError && (
        <Notice tone="info" role="status">
          <p>{listError.message}</p>
          {listError.action && <p>{listError.action}</p>}
          <p className="muted">You can still type the printer&apos;s name as the system knows it.</p>
        </Notice>
      )}
      {printers && printers.length > 0 ? (
        <div className="field">
          <label htmlFor={selectId}>Receipt printer</label>
          <select
            id={selectId}
            value={deviceName}
            onChange={(e) => {
              touch();
              setDeviceName(e.target.value);
            }}
          >
            <option value="">The system&apos;s default printer</option>
            {printers.map((p) => (
              <option key={p.name} value={p.name}>
                {p.displayName || p.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <TextField
          label="Receipt printer name"
          value={deviceName}
          onChange={(v) => {
            touch();
            setDeviceName(v);
          }}
          hint={printers ? 'No printer was found. Leave empty for the system default.' : 'Leave empty for the system default.'}
          error={err('printer.deviceName')}
        />
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={silent}
          onChange={(e) => {
            touch();
            setSilent(e.target.checked);
          }}
        />
        Print without asking (silent printing, desktop app only)
      </label>
    </SectionCard>
  );
}

export function WebhookSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err, touch } = useSectionSave();
  const [enabled, setEnabled] = useState(s.webhook.enabled);
  const [host, setHost] = useState(s.webhook.host);
  const [port, setPort] = useState(String(s.webhook.port));
  const [secret, setSecret] = useState('');
  const [secretState, setSecretState] = useState<{ error: BridgeError | null; saved: boolean }>({ error: null, saved: false });
  const [applied, setApplied] = useState<Output<'webhook.apply'> | null>(null);
  const [applyError, setApplyError] = useState<BridgeError | null>(null);

  const submit = async () => {
    const portNumber = Number(port);
    const ok = await save(
      { webhook: { enabled, host, port: portNumber } },
      localProblem({ 'webhook.port': Number.isInteger(portNumber) ? undefined : 'Enter a port number from 1024 to 65535.' }),
    );
    if (ok) void apply();
  };
  const saveSecret = async () => {
    if (secret.length < 16) return setSecretState({ error: { code: 'INVALID', message: 'Use at least 16 characters.' }, saved: false });
    const r = await api('settings.setWebhookSecret', { secret });
    setSecret('');
    setSecretState(r.ok ? { error: null, saved: true } : { error: r.error, saved: false });
  };
  const apply = async () => {
    setApplyError(null);
    const r = await api('webhook.apply');
    if (r.ok) setApplied(r.data);
    else setApplyError(r.error);
  };

  return (
    <SectionCard
      id="settings-webhook"
      title="Webhook receiver"
      intro={<p>Optional. The service can tell the counter at once about finished orders, low balance and brand changes. Off, the app asks the service itself.</p>}
      onSubmit={() => void submit()}
      busy={busy}
      saved={saved}
      error={error}
      submitLabel="Save and apply"
    >
      <label className="check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => {
            touch();
            setEnabled(e.target.checked);
          }}
        />
        Receive webhooks
      </label>
      <Choice
        legend="Network"
        name="webhook-host"
        value={host}
        onChange={(v) => {
          touch();
          setHost(v);
        }}
        error={err('webhook.host')}
        options={[
          { value: '127.0.0.1', label: 'This computer only', hint: 'Events reach it through a relay running on this computer' },
          { value: '0.0.0.0', label: 'Other computers on the shop network', hint: 'Events can reach it from other computers' },
        ]}
      />
      <TextField
        label="Port"
        inputMode="numeric"
        value={port}
        onChange={(v) => {
          touch();
          setPort(v);
        }}
        hint="1024 to 65535."
        error={err('webhook.port')}
        className="field--short"
      />
      <div className="settings__subsection">
        <div className="inline-form">
          <TextField
            label="Signing secret"
            type="password"
            value={secret}
            onChange={(v) => {
              setSecret(v);
              setSecretState({ error: null, saved: false });
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault(); // Enter saves the secret, not the whole receiver section
              void saveSecret();
            }}
            autoComplete="new-password"
            placeholder="Write-only: never shown"
            hint="The secret agreed with the service, so the app can tell its events are genuine; at least 16 characters. Needed before the receiver starts."
            error={secretState.error?.fields?.[0]?.message ?? secretState.error?.message}
          />
          <button type="button" className="button" onClick={() => void saveSecret()}>
            Save secret
          </button>
        </div>
        {secretState.saved && <Success>Signing secret saved. Save and apply to start the receiver with it.</Success>}
      </div>
      <div aria-live="polite">
        {applied?.listening && (
          <Notice tone="ok">
            <p>
              Listening at <code>{applied.listening}</code>
            </p>
          </Notice>
        )}
        {applied && !applied.listening && (
          <Notice tone="info">
            <p>{applied.message ?? 'The receiver is off.'}</p>
          </Notice>
        )}
      </div>
      {applyError && <ErrorNotice error={applyError} title="Could not apply the receiver settings" />}
    </SectionCard>
  );
}
