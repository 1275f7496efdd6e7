import { CsvDownload } from '../ui/CsvDownload';
import { istDateInput } from '../ui/india-day';
import { useStoreLink } from '../store/store-status-store';
import { useOrdersStore } from './orders-store';

/**
 * Exports the orders matching the filters on screen. On a store's counter the Counter filter
 * applies too: every counter's sales (main reads them from the store, with a counter column),
 * or one counter's.
 */
export function CsvExport() {
  const filter = useOrdersStore((s) => s.filter);
  const link = useStoreLink();
  const fileName = () => `orders-${istDateInput(Date.now())}.csv`;
  if (!link) return <CsvDownload filter={filter} fileName={fileName} label="Export CSV" />;
  const label = !filter.counterId ? 'Export every counter’s CSV' : filter.counterId === link.counterId ? 'Export this counter’s CSV' : 'Export that counter’s CSV';
  return <CsvDownload filter={filter} fileName={fileName} label={label} />;
}
