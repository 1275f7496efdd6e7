import type { SaleView } from '../bridge/contract';
import { ErrorNotice } from '../ui/Notice';
import { ManagerPinDialog } from '../ui/ManagerPinDialog';
import { PrintStage } from './PrintStage';
import { Receipt } from './Receipt';
import { useReceiptPrint } from './useReceiptPrint';

interface Props {
  sale: SaleView;
  /** Focus the Print button when shown, so Enter prints. */
  autoFocus?: boolean;
  onPrinted?: (copy: number) => void;
}

/**
 * The Print button of a successful sale and everything behind it: a manager's approval of a
 * reprint, print errors, and the off-screen printable receipt (full credentials, in a PrintStage).
 */
export function PrintReceipt({ sale, autoFocus, onPrinted }: Props) {
  const printer = useReceiptPrint(sale.id, (copy) => onPrinted?.(copy));
  const busy = printer.stage === 'fetching' || printer.stage === 'layout' || printer.stage === 'printing';
  const reprint = sale.printCount > 0 || printer.stage === 'printed';
  const label = busy ? 'Printing…' : reprint ? 'Reprint receipt' : 'Print receipt';
  return (
    <div className="print-receipt">
      <button
        type="button"
        className={`button button--large ${reprint ? '' : 'button--primary'}`}
        onClick={() => {
          if (!busy) void printer.print();
        }}
        aria-disabled={busy || undefined}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? '' : undefined}
      >
        {label} {!busy && !reprint && <kbd>Enter</kbd>}
      </button>
      <p className="print-receipt__status" role="status">
        {printer.stage === 'printed' && `Receipt printed${printer.receipt && printer.receipt.data.copy > 1 ? ` (DUPLICATE #${printer.receipt.data.copy})` : ''}.`}
        {reprint && printer.stage !== 'printed' && !busy && 'A reprint needs a manager’s approval (name and PIN) and says DUPLICATE.'}
      </p>
      {printer.error && <ErrorNotice error={printer.error} title="Not printed" />}
      {printer.needsManager && (
        <ManagerPinDialog purpose="reprint this receipt (it will say DUPLICATE)" onSubmit={(approval) => printer.print(approval)} onCancel={printer.cancelManager} />
      )}
      {printer.receipt && (
        <PrintStage>
          <Receipt ref={printer.contentRef} data={printer.receipt.data} qrDataUrl={printer.receipt.qr} />
        </PrintStage>
      )}
    </div>
  );
}
