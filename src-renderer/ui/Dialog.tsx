import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** Esc, the close button and a click on the backdrop all call this. Omit to make the dialog unclosable (e.g. while a sale is being placed). */
  onClose?: () => void;
  children: ReactNode;
  /** A short description read with the title. */
  description?: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the page behind it inert,
 * Tab and Shift+Tab cycle inside it, Esc closes it, and focus returns to where it was when
 * the dialog closes. The element to focus first carries `autoFocus` (or `data-autofocus`).
 */
export function Dialog({ title, onClose, children, description, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return event.preventDefault();
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current?.();
      }}
    >
      <header className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        {onClose && (
          <button type="button" className="button button--ghost dialog__close" onClick={onClose} aria-label={`Close: ${title}`}>
            ✕
          </button>
        )}
      </header>
      {description && (
        <div id={descriptionId} className="dialog__description">
          {description}
        </div>
      )}
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
