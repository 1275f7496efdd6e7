import QRCode from 'qrcode';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useReactToPrint } from 'react-to-print';
import { api, type BridgeError } from '../bridge/api';
import type { ReceiptView } from '../bridge/contract';
import type { ManagerApproval } from '../ui/ManagerPinDialog';
import { pageStyleFor } from './receipt-content';
import { desktopPrint } from './usePrintDocument';

export type PrintStage = 'idle' | 'fetching' | 'layout' | 'printing' | 'printed' | 'error';

export interface ReceiptPrint {
  stage: PrintStage;
  error: BridgeError | null;
  /** Set when main asked for a manager's approval (a reprint): show the approval dialog. */
  needsManager: boolean;
  receipt: { data: ReceiptView; qr: string | null } | null;
  contentRef: React.RefObject<HTMLDivElement | null>;
  /** Fetches the receipt (a reprint with a manager's approval) and prints it; resolves to an error sentence for the approval dialog. */
  print(approval?: ManagerApproval): Promise<string | null>;
  cancelManager(): void;
}

async function qrFor(data: ReceiptView): Promise<string | null> {
  if (!data.storeLocatorUrl || !data.receiptOptions.showStoreLocatorQr) return null;
  try {
    return await QRCode.toDataURL(data.storeLocatorUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  } catch {
    return null;
  }
}

/**
 * The print flow of one sale: `receipt.print` (which counts the copy and returns the full
 * credentials) → QR code → render the receipt off screen → measure it for the roll's page
 * height → react-to-print. A second print is a reprint: main answers MANAGER_PIN_REQUIRED
 * and the caller shows the PIN dialog, then calls print(pin).
 */
export function useReceiptPrint(saleId: string, onPrinted: (copy: number) => void): ReceiptPrint {
  const contentRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<PrintStage>('idle');
  const [error, setError] = useState<BridgeError | null>(null);
  const [needsManager, setNeedsManager] = useState(false);
  const [receipt, setReceipt] = useState<{ data: ReceiptView; qr: string | null } | null>(null);
  const [pageStyle, setPageStyle] = useState<string>('');
  const printedRef = useRef(onPrinted);
  printedRef.current = onPrinted;

  const reactToPrint = useReactToPrint({
    contentRef,
    documentTitle: receipt ? `Receipt ${receipt.data.referenceId}` : 'Receipt',
    pageStyle,
    onAfterPrint: () => {
      setStage('printed');
      if (receipt) printedRef.current(receipt.data.copy);
    },
    print: desktopPrint(
      () => contentRef.current?.scrollHeight ?? 0,
      () => receipt && { token: receipt.data.printToken },
    ),
    onPrintError: (_where, failure) => {
      const fromShell = (failure as Error & { bridgeError?: BridgeError }).bridgeError;
      setStage('error');
      // The desktop shell gives the copy back when it sees the print fail (shell/printing.ts): a
      // first copy is then printed again as the first; otherwise main asks for a manager.
      const again = 'Then print it again (if the app asks, a manager approves it).';
      setError({
        code: fromShell?.code ?? 'PRINT_FAILED',
        message: fromShell?.message ?? 'The printer did not take the receipt.',
        action: `${fromShell?.action ?? 'Check the printer.'} ${again}`,
      });
    },
  });

  useLayoutEffect(() => {
    if (stage !== 'layout' || !receipt) return;
    const height = contentRef.current?.scrollHeight ?? 0;
    setPageStyle(pageStyleFor(receipt.data.receiptOptions.paperWidth, height));
    setStage('printing');
  }, [stage, receipt]);

  useEffect(() => {
    if (stage === 'printing') reactToPrint();
    // reactToPrint changes with pageStyle, which is set together with the stage.
  }, [stage, reactToPrint]);

  const print = async (approval?: ManagerApproval): Promise<string | null> => {
    setStage('fetching');
    setError(null);
    const result = await api('receipt.print', { saleId, ...approval });
    if (!result.ok) {
      if (result.error.code === 'MANAGER_PIN_REQUIRED') {
        setNeedsManager(true);
        setStage('idle');
        return null;
      }
      if (approval && result.error.code !== 'NOT_PRINTABLE') {
        setStage('idle');
        return result.error.message;
      }
      setNeedsManager(false);
      setStage('error');
      setError(result.error);
      return null;
    }
    setNeedsManager(false);
    setReceipt({ data: result.data, qr: await qrFor(result.data) });
    setStage('layout');
    return null;
  };

  return { stage, error, needsManager, receipt, contentRef, print, cancelManager: () => setNeedsManager(false) };
}
