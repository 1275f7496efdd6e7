import { useState } from 'react';
import { api, fieldError, type BridgeError } from '../bridge/api';
import { Choice } from '../ui/Choice';
import { TextField } from '../ui/TextField';
import { ErrorNotice, Success } from '../ui/Notice';
import type { Environment, SettingsView } from '../bridge/contract';
import { useSettingsStore } from './settings-store';
import { SectionCard } from './SectionCard';

const ENVIRONMENTS = [
  { value: 'training', label: 'Training', hint: 'Built-in practice service. No money moves; receipts say TRAINING — NOT VALID.' },
  { value: 'staging', label: 'Staging', hint: "The operator's test service, with staging credentials." },
  { value: 'production', label: 'Production', hint: 'Real sales from the real wallet.' },
] as const;

export function EnvironmentSection({ view }: { view: SettingsView }) {
  const switchEnvironment = useSettingsStore((s) => s.switchEnvironment);
  const [target, setTarget] = useState<Environment>(view.environment);
  const [error, setError] = useState<BridgeError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = ENVIRONMENTS.find((e) => e.value === target)?.label ?? target;

  const submit = async () => {
    setDone(null);
    setError(null);
    if (target === view.environment) return setDone(`Already in ${label}.`);
    setBusy(true);
    const problem = await switchEnvironment(target);
    setBusy(false);
    if (problem) setError(problem);
    else setDone(`Now in ${label}. Its sales, catalog and wallet are kept apart from the other environments.`);
  };

  return (
    <SectionCard
      id="settings-env"
      title="Environment"
      intro={<p>Each environment has its own credentials, journal and catalog, so training sales never mix with real ones.</p>}
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={target === view.environment ? 'Switch' : `Switch to ${label}`}
    >
      <p>
        Now: <strong className="big">{ENVIRONMENTS.find((e) => e.value === view.environment)?.label}</strong>
      </p>
      <Choice legend="Use" name="environment" value={target} onChange={setTarget} options={ENVIRONMENTS} />
      {done && <Success>{done}</Success>}
      {error && <ErrorNotice error={error} title={`Could not switch to ${label}`} />}
    </SectionCard>
  );
}

function CredentialsForm({ env, view }: { env: 'staging' | 'production'; view: SettingsView }) {
  const load = useSettingsStore((s) => s.load);
  const current = view.settings[env];
  const [baseUrl, setBaseUrl] = useState(current.baseUrl ?? '');
  const [clientId, setClientId] = useState(current.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [savedNow, setSavedNow] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = env === 'staging' ? 'Staging' : 'Production';
  const hasSecret = savedNow || (view.environment === env && view.hasClientSecret);

  const submit = async () => {
    setSavedNow(false);
    const missing = [
      !baseUrl.trim() && { field: 'baseUrl', message: 'Enter the service address, like https://api.example.com.' },
      !clientId.trim() && { field: 'clientId', message: 'Enter the client id.' },
      !secret && { field: 'clientSecret', message: hasSecret ? 'Enter the secret again to save a change (it is never shown).' : 'Enter the client secret.' },
    ].filter((f): f is { field: string; message: string } => Boolean(f));
    if (missing.length) return setError({ code: 'INVALID', message: missing[0]!.message, fields: missing });
    setBusy(true);
    const result = await api('settings.setCredentials', { environment: env, baseUrl: baseUrl.trim(), clientId: clientId.trim(), clientSecret: secret });
    setBusy(false);
    setSecret('');
    if (!result.ok) return setError(result.error);
    setError(null);
    setSavedNow(true);
    void load();
  };
  const err = (f: string) => fieldError(error, `${env}.${f}`) ?? fieldError(error, f);

  return (
    <SectionCard id={`settings-cred-${env}`} title={`${title} credentials`} onSubmit={() => void submit()} busy={busy} saved={savedNow} error={error} submitLabel={`Save ${title.toLowerCase()} credentials`}>
      <div className="form-grid">
        <TextField label="Service address (base URL)" type="url" value={baseUrl} onChange={setBaseUrl} error={err('baseUrl')} autoComplete="off" placeholder="https://" />
        <TextField label="Client id" value={clientId} onChange={setClientId} error={err('clientId')} autoComplete="off" />
        <TextField
          label="Client secret"
          type="password"
          value={secret}
          onChange={setSecret}
          error={err('clientSecret')}
          autoComplete="new-password"
          placeholder={hasSecret ? '•••• saved' : 'Not saved yet'}
          hint="Write-only: kept encrypted by the system keychain and never shown again. Typing a new one replaces it."
        />
      </div>
    </SectionCard>
  );
}

export function CredentialsSections({ view }: { view: SettingsView }) {
  return (
    <>
      <CredentialsForm env="staging" view={view} />
      <CredentialsForm env="production" view={view} />
    </>
  );
}
