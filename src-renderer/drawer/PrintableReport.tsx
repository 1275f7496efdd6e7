import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { create } from 'zustand';
import { PrintStage } from '../receipt/PrintStage';
import { canSavePdf, usePrintDocument } from '../receipt/usePrintDocument';
import { ErrorNotice } from '../ui/Notice';

interface Props {
  /** "X report", "Z report", "End of day summary": the buttons and the status line say it. */
  what: string;
  /** The print job's title and the PDF's file name. */
  title: string;
  paperWidth: string;
  /** Print as soon as it is shown (the person just asked for the report). */
  autoPrint?: boolean;
  /** Also show the report on screen, as paper ('folded': behind a "See the …" disclosure). */
  preview?: boolean | 'folded';
  /** Offer "Print again" (false where the screen's own button makes a fresh report instead). */
  reprint?: boolean;
  /** More buttons for the same row (the day's CSV beside the summary's Print). */
  extra?: ReactNode;
  /** The document; given a ref for the staged (printed) copy. */
  render: (ref?: Ref<HTMLDivElement>) => ReactNode;
}

/**
 * Which report is staged for printing: only the one last asked for. Printing the page (the
 * desktop shell, a PDF) prints every staged document, so a Z report reprinted over the end of
 * day must not take the day's summary with it.
 */
const useStaged = create<{ id: number | null; stage(id: number): void }>()((set) => ({ id: null, stage: (id) => set({ id }) }));
let nextId = 0;

/**
 * A report's Print and Save-as-PDF buttons with the report staged for printing, through the
 * receipt's pipeline (receipt/usePrintDocument.ts): the desktop shell prints silently to the
 * receipt printer or writes the PDF; a browser shows its print dialog, which can save a PDF.
 */
export function PrintableReport({ what, title, paperWidth, autoPrint, preview, reprint = true, extra, render }: Props) {
  const [id] = useState(() => ++nextId);
  const staged = useStaged((s) => s.id === id);
  const printer = usePrintDocument({ paperWidth, title, ready: staged });
  const busy = printer.stage === 'layout' || printer.stage === 'printing' || printer.stage === 'saving';
  const pdf = canSavePdf();
  const print = () => {
    useStaged.getState().stage(id);
    printer.print();
  };
  const savePdf = () => {
    useStaged.getState().stage(id);
    // Staged first: the PDF is the page as printed, so it needs the report on the stage.
    requestAnimationFrame(() => void printer.savePdf());
  };

  useEffect(() => {
    if (autoPrint) print();
    // Once, when the report is first shown; the report is re-mounted (keyed) for a new one.
  }, []);

  return (
    <div className="printable-report">
      <div className="actions">
        {(reprint || !autoPrint) && (
          <button type="button" className="button button--primary" onClick={() => !busy && print()} aria-disabled={busy || undefined}>
            {busy && printer.stage !== 'saving' ? 'Printing…' : printer.stage === 'idle' && !autoPrint ? `Print the ${what}` : `Print the ${what} again`}
          </button>
        )}
        {pdf && (
          <button type="button" className="button" onClick={() => !busy && savePdf()} aria-disabled={busy || undefined}>
            {printer.stage === 'saving' ? 'Saving…' : 'Save as PDF'}
          </button>
        )}
        {extra}
      </div>
      <p className="print-receipt__status" role="status">
        {printer.stage === 'printed' && `${what[0]!.toUpperCase()}${what.slice(1)} printed.`}
        {printer.stage === 'saved' && `Saved as ${printer.savedPath ?? 'PDF'}.`}
      </p>
      {!pdf && <p className="hint">To keep it as a file, choose “Save as PDF” in the print dialog.</p>}
      {printer.error && <ErrorNotice error={printer.error} title={`The ${what} was not printed`} />}
      {preview === true && <div className="report-paper">{render()}</div>}
      {preview === 'folded' && (
        <details className="details">
          <summary>See the {what}</summary>
          <div className="report-paper">{render()}</div>
        </details>
      )}
      {staged && <PrintStage>{render(printer.contentRef)}</PrintStage>}
    </div>
  );
}
