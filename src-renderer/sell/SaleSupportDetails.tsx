import type { SaleView } from '../bridge/contract';
import { CopyButton } from '../ui/CopyButton';
import { supportText } from './support-text';

/** The ids behind a sale, folded away: the cashier needs them only when support asks. */
export function SaleSupportDetails({ sale }: { sale: SaleView }) {
  const text = supportText(sale);
  return (
    <details className="details sale-support">
      <summary>Details for support</summary>
      <pre className="sale-support__text" aria-label="Details for support">
        {text}
      </pre>
      <CopyButton text={text} />
    </details>
  );
}
