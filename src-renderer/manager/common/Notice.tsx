import type { ReactNode } from 'react';
import type { BridgeError } from '../../bridge/api';

/** A failure in plain words: what happened, what to do, and the request id for support. */
export function ErrorNote({ error, title, onRetry }: { error: BridgeError; title?: string; onRetry?: () => void }) {
  return (
    <div className="mgr-note mgr-note-error" role="alert">
      <span className="mgr-note-icon" aria-hidden="true">
        !
      </span>
      <div>
        {title && <p className="mgr-note-title">{title}</p>}
        <p>{error.message}</p>
        {error.action && <p>{error.action}</p>}
        {error.requestId && (
          <p className="mgr-muted">
            Request id for support: <code>{error.requestId}</code>
          </p>
        )}
        {onRetry && (
          <button type="button" className="mgr-btn" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="mgr-loading" role="status">
      <span className="mgr-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mgr-empty">
      <p className="mgr-empty-title">{title}</p>
      {children}
    </div>
  );
}

/** A quiet confirmation that assistive technology announces. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <p className="mgr-note mgr-note-ok" role="status">
      <span className="mgr-note-icon" aria-hidden="true">
        ✓
      </span>
      <span>{children}</span>
    </p>
  );
}
