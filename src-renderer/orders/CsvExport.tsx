import { CsvDownload } from '../ui/CsvDownload';
import { istDateInput } from '../ui/india-day';
import { useOrdersStore } from './orders-store';

/** Exports the orders matching the filters on screen. */
export function CsvExport() {
  const filter = useOrdersStore((s) => s.filter);
  return <CsvDownload filter={filter} fileName={() => `orders-${istDateInput(Date.now())}.csv`} label="Export CSV" />;
}
