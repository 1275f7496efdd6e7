import type { ReactNode } from 'react';
import type { BridgeError } from '../bridge/contract';
import { SupportDetails } from './SupportDetails';

type Tone = 'error' | 'warning' | 'info' | 'ok';
const ICON: Record<Tone, string> = { error: '!', warning: '!', info: 'i', ok: '✓' };

interface NoticeProps {
  tone: Tone;
  title?: ReactNode;
  /** 'alert' for a failure, 'status' for news the screen reader should read, 'note' for a standing warning. */
  role?: 'alert' | 'status' | 'note';
  children?: ReactNode;
}

/** A boxed message with an icon, so its kind never depends on colour alone. */
export function Notice({ tone, title, role, children }: NoticeProps) {
  return (
    <div className={`notice notice--${tone}`} role={role}>
      <span className="notice__icon" aria-hidden="true">
        {ICON[tone]}
      </span>
      <div className="notice__body">
        {title && <p className="notice__title">{title}</p>}
        {children}
      </div>
    </div>
  );
}

/** A failure the person must read: what happened, what to do, and (folded) the id support asks for. */
export function ErrorNotice({ error, title, onRetry, children }: { error: BridgeError; title?: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <Notice tone="error" title={title} role="alert">
      <p>{error.message}</p>
      {error.action && <p className="notice__action">{error.action}</p>}
      {error.requestId && <SupportDetails text={`Request id: ${error.requestId}`} className="notice__meta" />}
      {children}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </Notice>
  );
}

/** A quiet confirmation that assistive technology announces. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <Notice tone="ok" role="status">
      <p>{children}</p>
    </Notice>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** Nothing to show yet, and what to do about it. */
export function Empty({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="empty">
      {title && <p className="empty__title">{title}</p>}
      {children && <p>{children}</p>}
    </div>
  );
}
