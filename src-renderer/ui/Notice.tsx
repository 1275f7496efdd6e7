import type { ReactNode } from 'react';
import type { BridgeError } from '../bridge/contract';

/** A failure the cashier must read: what happened, what to do, and the id support asks for. */
export function ErrorNotice({ error, title, children }: { error: BridgeError; title?: string; children?: ReactNode }) {
  return (
    <div className="notice notice--error" role="alert">
      {title && <p className="notice__title">{title}</p>}
      <p>{error.message}</p>
      {error.action && <p className="notice__action">{error.action}</p>}
      {error.requestId && <p className="notice__meta">Request id for support: {error.requestId}</p>}
      {children}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
