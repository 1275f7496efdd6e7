import { useState } from 'react';
import { Choice, Field } from '../common/Field';
import type { Settings } from '../../bridge/contract';
import { SectionCard } from './SectionCard';
import { localProblem, useSectionSave } from './use-section';

export function BusinessModelSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err } = useSectionSave();
  const [model, setModel] = useState(s.businessModel);
  return (
    <SectionCard id="mgr-set-model" title="Business model" onSubmit={() => void save({ businessModel: model })} busy={busy} saved={saved} error={error}>
      <Choice
        legend="How the partner account sells"
        name="mgr-business-model"
        value={model}
        onValue={setModel}
        error={err('businessModel')}
        options={[
          { value: 'B2B', label: 'B2B', hint: 'Customer details are optional.' },
          { value: 'B2C', label: 'B2C', hint: "The customer's name and mobile number are required on every sale." },
        ]}
      />
    </SectionCard>
  );
}

export function StoreSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err, touch } = useSectionSave();
  const [store, setStore] = useState(s.store);
  const edit = (patch: Partial<Settings['store']>) => {
    touch();
    setStore((v) => ({ ...v, ...patch }));
  };
  return (
    <SectionCard id="mgr-set-store" title="Store and counter" intro="Printed on receipts; the counter code starts every order reference from this counter." onSubmit={() => void save({ store })} busy={busy} saved={saved} error={error}>
      <div className="mgr-grid-2">
        <Field label="Store name" value={store.name} onValue={(name) => edit({ name })} error={err('store.name')} maxLength={80} />
        <Field label="Counter name" value={store.counter} onValue={(counter) => edit({ counter })} error={err('store.counter')} maxLength={40} />
        <Field
          label="Counter code"
          value={store.counterCode}
          onValue={(counterCode) => edit({ counterCode: counterCode.toUpperCase() })}
          hint="1 to 6 capital letters or digits, e.g. C1."
          error={err('store.counterCode')}
          maxLength={6}
        />
        <Field label="Address" value={store.address} onValue={(address) => edit({ address })} error={err('store.address')} maxLength={200} />
      </div>
    </SectionCard>
  );
}

export function ReceiptSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err, touch } = useSectionSave();
  const [receipt, setReceipt] = useState(s.receipt);
  const edit = (patch: Partial<Settings['receipt']>) => {
    touch();
    setReceipt((v) => ({ ...v, ...patch }));
  };
  return (
    <SectionCard id="mgr-set-receipt" title="Receipt" onSubmit={() => void save({ receipt })} busy={busy} saved={saved} error={error}>
      <div className="mgr-grid-2">
        <Field label="Header line" value={receipt.header} onValue={(header) => edit({ header })} hint="Above the store name, e.g. a GSTIN." error={err('receipt.header')} maxLength={200} />
        <Field label="Footer line" value={receipt.footer} onValue={(footer) => edit({ footer })} error={err('receipt.footer')} maxLength={300} />
      </div>
      <Choice
        legend="Paper"
        name="mgr-paper"
        value={receipt.paperWidth}
        onValue={(paperWidth) => edit({ paperWidth })}
        error={err('receipt.paperWidth')}
        options={[
          { value: '58mm', label: '58 mm roll', hint: 'Small thermal printers' },
          { value: '80mm', label: '80 mm roll', hint: 'Most counter printers' },
          { value: 'A4', label: 'A4 sheet', hint: 'Office printers, PDF' },
        ]}
      />
      <label className="mgr-check">
        <input type="checkbox" checked={receipt.showStoreLocatorQr} onChange={(e) => edit({ showStoreLocatorQr: e.target.checked })} />
        Print a QR code of the brand&apos;s store locator when it has one
      </label>
    </SectionCard>
  );
}

export function ThresholdsSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err, touch } = useSectionSave();
  const [threshold, setThreshold] = useState(String(s.wallet.lowBalanceThreshold));
  const [idle, setIdle] = useState(String(s.staff.lockAfterIdleMinutes));
  const submit = () => {
    const rupees = Number(threshold.replace(/[₹,\s]/g, ''));
    const minutes = Number(idle);
    const local = localProblem({
      'wallet.lowBalanceThreshold': threshold.trim() === '' || !Number.isFinite(rupees) ? 'Enter an amount in rupees, like 10000.' : undefined,
      'staff.lockAfterIdleMinutes': !Number.isInteger(minutes) ? 'Enter whole minutes, from 1 to 240.' : undefined,
    });
    void save({ wallet: { lowBalanceThreshold: rupees }, staff: { lockAfterIdleMinutes: minutes } }, local);
  };
  return (
    <SectionCard id="mgr-set-thresholds" title="Thresholds" onSubmit={submit} busy={busy} saved={saved} error={error}>
      <div className="mgr-grid-2">
        <Field
          label="Low-balance alert (₹)"
          inputMode="decimal"
          value={threshold}
          onValue={(v) => {
            touch();
            setThreshold(v);
          }}
          hint="The Wallet screen and the counter warn below this balance."
          error={err('wallet.lowBalanceThreshold')}
        />
        <Field
          label="Lock the counter after (minutes idle)"
          inputMode="numeric"
          value={idle}
          onValue={(v) => {
            touch();
            setIdle(v);
          }}
          hint="Staff sign in again with their PIN after this long without use."
          error={err('staff.lockAfterIdleMinutes')}
        />
      </div>
    </SectionCard>
  );
}
