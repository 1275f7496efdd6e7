import { CsvDownload } from '../ui/CsvDownload';
import { istDateInput } from '../ui/india-day';
import { useStoreLink } from '../store/store-status-store';
import { useOrdersStore } from './orders-store';

/**
 * Exports the orders matching the filters on screen. The export is read from this counter's
 * own journal, so on a store's counter it holds this counter's sales only, and says so.
 */
export function CsvExport() {
  const { counterId, ...filter } = useOrdersStore((s) => s.filter);
  const link = useStoreLink();
  const fileName = () => `orders-${istDateInput(Date.now())}.csv`;
  if (!link) return <CsvDownload filter={filter} fileName={fileName} label="Export CSV" />;
  if (counterId && counterId !== link.counterId) {
    return <p className="muted csv-export__note">The CSV export holds this counter’s sales only: export another counter’s at that counter.</p>;
  }
  return <CsvDownload filter={filter} fileName={fileName} label="Export this counter’s CSV" />;
}
