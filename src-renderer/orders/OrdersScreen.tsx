import { useCallback, useEffect, useState } from 'react';
import { Tabs } from '../ui/Tabs';
import { useAttentionStore } from './attention-store';
import { useOrderDetailStore } from './order-detail-store';
import { useOrdersStore } from './orders-store';
import { AttentionPanel } from './AttentionPanel';
import { CsvExport } from './CsvExport';
import { OrderDetail } from './OrderDetail';
import { OrderFilters } from './OrderFilters';
import { OrderList } from './OrderList';
import { SummaryPanel } from './SummaryPanel';
import './orders.css';

type Tab = 'list' | 'summary';
const TABS = [
  { id: 'list', label: 'All orders' },
  { id: 'summary', label: 'Day summary' },
] as const;

export function OrdersScreen() {
  const [tab, setTab] = useState<Tab>('list');
  const { saleId, open, close } = useOrderDetailStore();
  const { search, status, reload } = useOrdersStore();

  useEffect(() => {
    // While shown, sales moving in the background (polls, webhooks, checks) keep the pinned list
    // true (app/useAppEvents.ts); the list keeps its filters and pages between visits.
    const attention = useAttentionStore.getState();
    void attention.load();
    if (status === 'idle') void search({});
    else void reload();
    return () => {
      attention.reset();
      close();
    };
  }, []); // once per visit of the screen

  const back = useCallback(() => {
    const id = useOrderDetailStore.getState().saleId;
    close();
    // Put focus back on the button that opened the order, so the keyboard user keeps their place.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-sale-id="${CSS.escape(id ?? '')}"]`)?.focus());
  }, [close]);

  return (
    <section className="screen" aria-labelledby="orders-title">
      <header className="screen__head">
        <h1 id="orders-title">Orders</h1>
        {!saleId && <CsvExport />}
      </header>
      {saleId && <OrderDetail onBack={back} />}
      {/* Hidden, not unmounted, while an order is open: filters and pages survive the visit. */}
      <div hidden={Boolean(saleId)}>
        <AttentionPanel onOpen={(id) => void open(id)} />
        <Tabs label="Orders views" tabs={TABS} current={tab} onChange={setTab}>
          {/* The filters stay mounted, so what was typed survives a look at the summary. */}
          <div hidden={tab !== 'list'}>
            <OrderFilters onApply={(f) => void search(f)} />
            <OrderList onOpen={(id) => void open(id)} />
          </div>
          {tab === 'summary' && <SummaryPanel />}
        </Tabs>
      </div>
    </section>
  );
}
