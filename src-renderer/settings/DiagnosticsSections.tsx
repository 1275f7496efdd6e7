import { useEffect, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import { formatCount } from '../ui/format';
import { ErrorNotice, Loading, Notice, Success } from '../ui/Notice';
import type { AuditVerification, Output, TrainingScenarioId } from '../bridge/contract';
import { SectionCard } from './SectionCard';

/** A 403 from the service means this machine's public IP is not on the environment's whitelist. */
const looksLikeIpBlock = (text: string) => /\b403\b|forbidden|whitelist|not allowed from this/i.test(text);

export function SelfCheckSection() {
  const [result, setResult] = useState<Output<'selfCheck.run'> | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    const r = await api('selfCheck.run');
    setBusy(false);
    if (r.ok) setResult(r.data);
    else setError(r.error);
  };
  const failed = result?.lines.filter((l) => !l.ok).length ?? 0;
  const ipBlocked = result?.lines.some((l) => !l.ok && looksLikeIpBlock(`${l.detail} ${l.action ?? ''}`));

  return (
    <SectionCard id="settings-selfcheck" title="Self-check" intro={<p>Checks the service and token, the catalog&apos;s age, orders needing attention, the clock and the audit log.</p>}>
      <button type="button" className="button button--primary" onClick={() => void run()} disabled={busy}>
        {busy ? 'Checking…' : 'Run self-check'}
      </button>
      {busy && <Loading label="Running the checks…" />}
      {error && <ErrorNotice error={error} title="The self-check could not run" />}
      {result && (
        <>
          <Notice tone={failed ? 'error' : 'ok'} role="status">
            <p>{failed ? `${failed} of ${result.lines.length} checks failed.` : `All ${result.lines.length} checks passed.`}</p>
          </Notice>
          <ul className="self-check" aria-label="Self-check results">
            {result.lines.map((l) => (
              <li key={l.name} className={l.ok ? 'self-check__line self-check__line--ok' : 'self-check__line self-check__line--bad'}>
                <span className="self-check__icon" aria-hidden="true">
                  {l.ok ? '✓' : '✕'}
                </span>
                <div>
                  <p>
                    <strong>{l.name}</strong>: <span className="visually-hidden">{l.ok ? 'passed' : 'failed'}. </span>
                    {l.detail}
                  </p>
                  {l.action && <p>What to do: {l.action}</p>}
                </div>
              </li>
            ))}
          </ul>
          {ipBlocked && (
            <div className="callout">
              <p>
                <strong>Answered 403 (forbidden)?</strong> The service only accepts requests from static IP addresses registered for each environment through the integration portal. Ask
                your network provider for this counter&apos;s public static IP, register it for this environment (staging and production are registered separately), then run the self-check
                again.
              </p>
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

export function AuditSection() {
  const [result, setResult] = useState<AuditVerification | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const verify = async () => {
    setError(null);
    const r = await api('audit.verify');
    if (r.ok) setResult(r.data);
    else setError(r.error);
  };
  return (
    <SectionCard id="settings-audit" title="Audit log" intro={<p>Every reveal, reprint, sign-in and settings change is chained by hash; a changed or deleted entry breaks the chain.</p>}>
      <button type="button" className="button" onClick={() => void verify()}>
        Verify the audit chain
      </button>
      {error && <ErrorNotice error={error} title="Could not verify" />}
      {result?.ok && <Success>Chain intact: {formatCount(result.entries)} entries checked.</Success>}
      {result && !result.ok && (
        <ErrorNotice
          error={{ code: 'AUDIT_BROKEN', message: `The chain is broken at entry ${result.brokenAt} of ${result.entries}: ${result.reason}.`, action: 'Keep this computer as it is and tell the owner or IT.' }}
          title="The audit log was changed"
        />
      )}
    </SectionCard>
  );
}

export function TrainingSection() {
  const [data, setData] = useState<Output<'training.scenarios'> | null>(null);
  const [ran, setRan] = useState<string | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  useEffect(() => {
    void api('training.scenarios').then((r) => (r.ok ? setData(r.data) : setError(r.error)));
  }, []);
  if (!data?.available && !error) return null;
  const run = async (id: string, title: string) => {
    setRan(null);
    setError(null);
    const r = await api('training.run', { scenario: id as TrainingScenarioId });
    if (r.ok) setRan(`Staged: ${title}. Go to Sell and try it.`);
    else setError(r.error);
  };
  return (
    <SectionCard id="settings-training" title="Training practice" intro={<p>Stage a hard situation on the practice service, then sell to see how the counter handles it.</p>}>
      {error && <ErrorNotice error={error} title="Could not stage it" />}
      <ul className="plain-list scenarios">
        {data?.scenarios.map((s) => (
          <li key={s.id}>
            <span>{s.title}</span>
            <button type="button" className="button" onClick={() => void run(s.id, s.title)} aria-label={`Stage: ${s.title}`}>
              Stage
            </button>
          </li>
        ))}
      </ul>
      {ran && <Success>{ran}</Success>}
    </SectionCard>
  );
}
