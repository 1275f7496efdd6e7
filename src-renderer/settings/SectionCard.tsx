import type { FormEvent, ReactNode } from 'react';
import type { BridgeError } from '../bridge/api';
import { ErrorNotice, Success } from '../ui/Notice';

interface Props {
  id: string;
  title: string;
  intro?: ReactNode;
  onSubmit?: () => void;
  busy?: boolean;
  saved?: boolean;
  error?: BridgeError | null;
  submitLabel?: string;
  /** What the button says while its work runs (default: Saving…). */
  busyLabel?: string;
  /** How a refusal starts (default: Nothing was saved). */
  notDone?: string;
  children: ReactNode;
}

/** A settings section: a heading, its fields, one Save, its outcome. */
export function SectionCard({ id, title, intro, onSubmit, busy, saved, error, submitLabel = 'Save', busyLabel = 'Saving…', notDone = 'Nothing was saved', children }: Props) {
  const body = (
    <>
      <h3 id={`${id}-title`}>{title}</h3>
      {intro && <div className="muted">{intro}</div>}
      {children}
      {onSubmit && (
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      )}
      {saved && <Success>Saved.</Success>}
      {error && !error.fields?.length && <ErrorNotice error={error} title={notDone} />}
      {error && Boolean(error.fields?.length) && (
        <p className="field__error" role="alert">
          {notDone}: {error.fields!.length === 1 ? 'one field needs' : `${error.fields!.length} fields need`} a change (marked above).
        </p>
      )}
    </>
  );
  if (!onSubmit) {
    return (
      <section id={id} className="card settings__section" aria-labelledby={`${id}-title`}>
        {body}
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="card settings__section form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      {body}
    </form>
  );
}
