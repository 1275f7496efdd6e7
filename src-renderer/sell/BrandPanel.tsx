import { useEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useSale } from './sale-store';
import { problemControl } from '../ui/focus-problem';
import { categoryName } from '../ui/category-names';
import { AmountEntry } from './AmountEntry';
import { BrandFacts } from './BrandFacts';
import { BrandLogo } from './BrandLogo';
import { CustomerForm } from './CustomerForm';
import { MoreOptions } from './MoreOptions';
import { QuotePreview } from './QuotePreview';

const INTERACTIVE = new Set(['BUTTON', 'A', 'TEXTAREA', 'SELECT', 'SUMMARY']);

/**
 * One brand being sold: amount, customer, options, and the Review button. Enter anywhere in
 * the panel (outside buttons) reviews the sale; on opening, focus lands on the heading of a
 * FIXED brand (digits pick denominations) or in the amount of a FLEXIBLE one.
 */
export function BrandPanel({ reviewRef }: { reviewRef: RefObject<HTMLButtonElement | null> }) {
  const entry = useSale((s) => s.brand)!;
  const draft = useSale((s) => s.draft)!;
  const phase = useSale((s) => s.phase);
  const review = useSale((s) => s.review);
  const closeBrand = useSale((s) => s.closeBrand);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const brand = entry.brand;

  useEffect(() => {
    if (draft.fixed) headingRef.current?.focus();
    else amountRef.current?.focus();
    // Only when another brand opens, not on every keystroke.
  }, [brand.id, draft.fixed]);

  const formRef = useRef<HTMLFormElement>(null);
  // Main refused a confirmed sale over the draft's own fields (the confirm dialog closed): the first to fix gets the focus.
  const lastPhase = useRef(phase);
  useEffect(() => {
    const from = lastPhase.current;
    lastPhase.current = phase;
    if (from === 'placing' && phase === 'editing') problemControl(formRef.current)?.focus();
  }, [phase]);
  /** Reviews the sale; when it cannot go on, focus goes to the first field to fix. */
  const reviewAndFocus = async () => {
    await review();
    if (useSale.getState().phase === 'editing') problemControl(formRef.current)?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void reviewAndFocus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !INTERACTIVE.has(target.tagName) && target.tagName !== 'INPUT') {
      event.preventDefault();
      void reviewAndFocus();
    }
  };

  return (
    <form ref={formRef} className="brand-panel" aria-labelledby="brand-heading" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <header className="brand-panel__header">
        <BrandLogo productId={brand.id} kind="logo" title={brand.title} size="large" />
        <div>
          <h2 id="brand-heading" ref={headingRef} tabIndex={-1} className="brand-panel__title">
            {brand.title}
          </h2>
          <p className="brand-panel__meta">
            {brand.denominationType === 'FIXED' ? 'Fixed amounts' : 'Any amount in range'} · {brand.categories.map(categoryName).join(', ')}
          </p>
        </div>
        <button type="button" className="button button--ghost" onClick={closeBrand}>
          Back <kbd>Esc</kbd>
        </button>
      </header>
      {/* The fields scroll between the brand and the Review bar; laid out by the panel's width (sell.css). */}
      <div className="brand-panel__body">
        {brand.description && <p className="brand-panel__description">{brand.description}</p>}
        <div className="brand-panel__amount">
          <AmountEntry brand={brand} amountRef={amountRef} />
        </div>
        <div className="brand-panel__customer">
          <CustomerForm />
          <MoreOptions />
        </div>
        <div className="brand-panel__facts">
          <BrandFacts brand={brand} />
        </div>
      </div>
      <div className="brand-panel__review">
        <QuotePreview />
        <button ref={reviewRef} type="submit" className="button button--primary button--large review-button" aria-disabled={phase === 'reviewing' || undefined}>
          {phase === 'reviewing' ? 'Checking…' : 'Review sale'} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
