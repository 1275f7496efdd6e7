import { useEffect, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { Output, ReprocessResult, UnrecognisedWebhook } from '../bridge/contract';
import { formatCount, formatDateTime } from '../ui/format';
import { SupportDetails } from '../ui/SupportDetails';
import { Empty, ErrorNotice, Loading, Notice } from '../ui/Notice';
import { SectionCard } from './SectionCard';

/** What a re-process did, in the manager's words. */
function outcomeText(r: ReprocessResult): { tone: 'ok' | 'info' | 'warning' | 'error'; text: string } {
  switch (r.outcome) {
    case 'applied':
      return { tone: 'ok', text: `Event ${r.id} was understood and applied.` };
    case 'already-applied':
      return { tone: 'info', text: `Event ${r.id} had already reached the app another way; it was not applied twice.` };
    case 'failed':
      return { tone: 'error', text: `Event ${r.id} was understood, but applying it failed (${r.message}). It is kept; try again later.` };
    case 'unrecognised':
      return { tone: 'warning', text: `Event ${r.id} is still not understood: ${r.reason}. Send its details to support.` };
    case 'not-found':
      return { tone: 'info', text: `Event ${r.id} is no longer recorded.` };
  }
}

/** The body and the facts support asks for, as one text to paste into a message. */
const supportText = (e: UnrecognisedWebhook) =>
  [`Webhook event ${e.id}`, `First received: ${new Date(e.receivedAt).toISOString()}`, `Deliveries: ${e.deliveries}`, `Event name: ${e.eventName ?? '(none)'}`, `Why: ${e.reason}`, '', e.rawText].join('\n');


/**
 * Signed webhook deliveries this version could not understand. They are kept (not dropped) so
 * that, after an update, each can be applied — exactly once — or sent to support.
 */
export function WebhookEventsSection() {
  const [list, setList] = useState<Output<'webhooks.unrecognised'> | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<ReprocessResult[]>([]);

  const load = async () => {
    const r = await api('webhooks.unrecognised');
    if (r.ok) {
      setList(r.data);
      setError(null);
    } else setError(r.error);
  };
  useEffect(() => {
    void load();
  }, []);

  const act = async (run: () => Promise<ReprocessResult[] | BridgeError>) => {
    setBusy(true);
    const outcome = await run();
    setBusy(false);
    if (Array.isArray(outcome)) setResults(outcome);
    else setError(outcome);
    await load();
  };
  const reprocess = (id: number) =>
    act(async () => {
      const r = await api('webhooks.reprocess', { id });
      return r.ok ? [r.data] : r.error;
    });
  const reprocessAll = () =>
    act(async () => {
      const r = await api('webhooks.reprocessAll');
      return r.ok ? r.data.results : r.error;
    });
  const dismiss = (id: number) =>
    act(async () => {
      const r = await api('webhooks.dismiss', { id });
      return r.ok ? [] : r.error;
    });

  return (
    <SectionCard
      id="settings-webhook-events"
      title="Webhook events not understood"
      intro={<p>Signed events from the service that this version of the app could not read. They are kept so an update can apply them, each once.</p>}
    >
      {!list && !error && <Loading label="Loading recorded events…" />}
      {error && <ErrorNotice error={error} title="Could not read the recorded events" onRetry={() => void load()} />}
      {results.map((r) => {
        const { tone, text } = outcomeText(r);
        return (
          <Notice key={`${r.id}-${r.outcome}`} tone={tone} role="status">
            <p>{text}</p>
          </Notice>
        );
      })}
      {list && list.total === 0 && <Empty title="None recorded">Every signed event the service sent was understood.</Empty>}
      {list && list.total > 0 && (
        <>
          <p>
            {formatCount(list.total)} recorded{list.total > list.items.length ? `; the newest ${formatCount(list.items.length)} are shown` : ''}.
          </p>
          <div className="actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void reprocessAll()}>
              {busy ? 'Working…' : 'Re-process all'}
            </button>
          </div>
          <ul className="webhook-events" aria-label="Recorded webhook events">
            {list.items.map((e) => (
              <li key={e.id} className="webhook-events__item">
                <p>
                  <strong>Event {e.id}</strong>
                  {e.eventName ? ` (${e.eventName})` : ''}, received {formatDateTime(e.receivedAt)}
                  {e.deliveries > 1 ? `, delivered ${formatCount(e.deliveries)} times` : ''}
                </p>
                <p>Why it was not understood: {e.reason}</p>
                <div className="actions">
                  <button type="button" className="button" disabled={busy} onClick={() => void reprocess(e.id)}>
                    Re-process<span className="visually-hidden"> event {e.id}</span>
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void dismiss(e.id)}>
                    Dismiss<span className="visually-hidden"> event {e.id}</span>
                  </button>
                </div>
                <SupportDetails text={supportText(e)} label={`What event ${e.id} contained`} />
              </li>
            ))}
          </ul>
        </>
      )}
    </SectionCard>
  );
}
