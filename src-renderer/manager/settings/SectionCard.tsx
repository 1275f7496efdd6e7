import type { FormEvent, ReactNode } from 'react';
import type { BridgeError } from '../../bridge/api';
import { ErrorNote, Success } from '../common/Notice';

interface Props {
  id: string;
  title: string;
  intro?: ReactNode;
  onSubmit?: () => void;
  busy?: boolean;
  saved?: boolean;
  error?: BridgeError | null;
  submitLabel?: string;
  children: ReactNode;
}

/** A settings section: a heading the page's index links to, its fields, one Save, its outcome. */
export function SectionCard({ id, title, intro, onSubmit, busy, saved, error, submitLabel = 'Save', children }: Props) {
  const body = (
    <>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <div className="mgr-muted">{intro}</div>}
      {children}
      {onSubmit && (
        <div className="mgr-actions">
          <button type="submit" className="mgr-btn mgr-btn-primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      )}
      {saved && <Success>Saved.</Success>}
      {error && !error.fields?.length && <ErrorNote error={error} title="Nothing was saved" />}
      {error && Boolean(error.fields?.length) && (
        <p className="mgr-field-error" role="alert">
          Nothing was saved: {error.fields!.length === 1 ? 'one field needs' : `${error.fields!.length} fields need`} a change (marked above).
        </p>
      )}
    </>
  );
  if (!onSubmit) {
    return (
      <section id={id} className="mgr-card mgr-settings-section" aria-labelledby={`${id}-title`}>
        {body}
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="mgr-card mgr-settings-section mgr-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      {body}
    </form>
  );
}
