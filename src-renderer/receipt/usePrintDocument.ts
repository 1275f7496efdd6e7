import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useReactToPrint } from 'react-to-print';
import type { BridgeError } from '../bridge/api';
import { posClient } from '../bridge/pos-client';
import { pageStyleFor } from './receipt-content';

/** px → mm at CSS's 96 dpi, plus the roll's top and bottom margin. */
export const heightMmOf = (px: number): number => Math.min(2000, Math.max(20, Math.ceil((px * 25.4) / 96) + 10));

/**
 * The desktop shell prints the window itself, silently, to the configured printer and paper
 * (`printer.print`; the print stylesheet shows only the staged document). The browser host has
 * no printer access: there react-to-print's own print frame and the browser's dialog are used.
 */
export function desktopPrint(
  heightPx: () => number,
  /** The receipt copy being printed, by its token (receipt.print's printToken): main takes it back if the printer does not take it. */
  receipt?: () => { token: string } | null,
): ((frame: HTMLIFrameElement) => Promise<void>) | undefined {
  if (typeof window.pos?.['printer.print'] !== 'function') return undefined;
  return async () => {
    const copy = receipt?.() ?? null;
    const result = await posClient().call('printer.print', { heightMm: heightMmOf(heightPx()), ...(copy ? { receipt: copy } : {}) });
    if (!result.ok) throw Object.assign(new Error(result.error.message), { bridgeError: result.error });
  };
}

/** Only the desktop shell can write a PDF file; in a browser its print dialog offers "Save as PDF". */
export const canSavePdf = (): boolean => typeof window.pos?.['printer.savePdf'] === 'function';

export type DocumentPrintStage = 'idle' | 'layout' | 'printing' | 'printed' | 'saving' | 'saved' | 'error';

export interface DocumentPrint {
  stage: DocumentPrintStage;
  error: BridgeError | null;
  /** Where the PDF went (desktop), once saved. */
  savedPath: string | null;
  contentRef: React.RefObject<HTMLDivElement | null>;
  print(): void;
  savePdf(): Promise<void>;
}

interface Options {
  paperWidth: string;
  /** The print job's name and the PDF's suggested file name (letters, digits, spaces, dots, dashes). */
  title: string;
  /** Nothing is staged yet (the document is still being fetched): print() waits. */
  ready: boolean;
}

/**
 * Prints a document that is already staged (a shift or end-of-day report in a PrintStage)
 * through the same pipeline as receipts: measure it for the roll's page height, then the
 * desktop shell's silent `printer.print` or, in a browser, react-to-print's dialog. The PDF
 * goes through the shell's `printer.savePdf` (the window printed as PDF at the same size).
 */
export function usePrintDocument({ paperWidth, title, ready }: Options): DocumentPrint {
  const contentRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<DocumentPrintStage>('idle');
  const [error, setError] = useState<BridgeError | null>(null);
  const [savedPath, setSavedPath] = useState<string | null>(null);
  const [pageStyle, setPageStyle] = useState('');
  const height = () => contentRef.current?.scrollHeight ?? 0;

  const reactToPrint = useReactToPrint({
    contentRef,
    documentTitle: title,
    pageStyle,
    onAfterPrint: () => setStage('printed'),
    print: desktopPrint(height),
    onPrintError: (_where, failure) => {
      const fromShell = (failure as Error & { bridgeError?: BridgeError }).bridgeError;
      setStage('error');
      setError({ code: fromShell?.code ?? 'PRINT_FAILED', message: fromShell?.message ?? 'The printer did not take the report.', action: fromShell?.action ?? 'Check the printer, then print again.' });
    },
  });

  useLayoutEffect(() => {
    if (stage !== 'layout' || !ready) return;
    setPageStyle(pageStyleFor(paperWidth, height()));
    setStage('printing');
  }, [stage, ready, paperWidth]);

  useEffect(() => {
    if (stage === 'printing') reactToPrint();
    // reactToPrint changes with pageStyle, which is set together with the stage.
  }, [stage, reactToPrint]);

  const print = () => {
    setError(null);
    setStage('layout');
  };

  const savePdf = async () => {
    setError(null);
    setStage('saving');
    const fileName = title.replace(/[^\w .-]+/g, '-').slice(0, 76) + '.pdf';
    const result = await posClient().call<{ saved: boolean; path: string | null }>('printer.savePdf', { heightMm: heightMmOf(height()), fileName });
    if (!result.ok) {
      setStage('error');
      setError(result.error);
    } else if (result.data.saved) {
      setSavedPath(result.data.path);
      setStage('saved');
    } else setStage('idle');
  };

  return { stage, error, savedPath, contentRef, print, savePdf };
}
