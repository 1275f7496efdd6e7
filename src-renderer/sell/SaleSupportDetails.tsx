import type { SaleView } from '../bridge/contract';
import { SupportDetails } from '../ui/SupportDetails';
import { supportText } from './support-text';

/** The ids behind a sale, folded away: the cashier needs them only when support asks. */
export function SaleSupportDetails({ sale }: { sale: SaleView }) {
  return <SupportDetails text={supportText(sale)} className="sale-support" />;
}
