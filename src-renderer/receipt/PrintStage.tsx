import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where a receipt waits to be printed: a direct child of <body>, visually hidden and
 * aria-hidden on screen (not display:none — react-to-print clones it). The print stylesheet
 * (receipt.css) shows only this stage when the page itself is printed, which is how the
 * desktop shell's silent `printer.print` and a PDF of the page get the receipt alone.
 */
export function PrintStage({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="print-stage" aria-hidden="true">
      {children}
    </div>,
    document.body,
  );
}
