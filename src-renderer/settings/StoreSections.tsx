import { useState } from 'react';
import { Choice } from '../ui/Choice';
import { TextField } from '../ui/TextField';
import type { Settings } from '../bridge/contract';
import { parseRupeesToPaise } from '../ui/format';
import { SectionCard } from './SectionCard';
import { localProblem, useSectionSave } from './use-section';

export function BusinessModelSection({ s }: { s: Settings }) {
  const { save, busy, saved, error, err } = useSectionSave();
  const [model, setModel] = useState(s.businessModel);
  return (
    <SectionCard id="settings-model" title="Business model" onSubmit={() => void save({ businessModel: model })} busy={busy} saved={saved} error={error}>
      <Choice
        legend="How the partner account sells"
        name="business-model"
        value={model}
        onChange={setModel}
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
    <SectionCard id="settings-store" title="Store and counter" intro="Printed on receipts; the counter code starts every order reference from this counter." onSubmit={() => void save({ store })} busy={busy} saved={saved} error={error}>
      <div className="form-grid">
        <TextField label="Store name" value={store.name} onChange={(name) => edit({ name })} error={err('store.name')} maxLength={80} />
        <TextField label="Counter name" value={store.counter} onChange={(counter) => edit({ counter })} error={err('store.counter')} maxLength={40} />
        <TextField
          label="Counter code"
          value={store.counterCode}
          onChange={(counterCode) => edit({ counterCode: counterCode.toUpperCase() })}
          hint="1 to 6 capital letters or digits, e.g. C1."
          error={err('store.counterCode')}
          maxLength={6}
        />
        <TextField label="Address" value={store.address} onChange={(address) => edit({ address })} error={err('store.address')} maxLength={200} />
        <TextField label="Phone" inputMode="tel" value={store.phone} onChange={(phone) => edit({ phone })} hint="Optional. Printed on receipts, e.g. 080 2222 3333." error={err('store.phone')} maxLength={20} />
        <TextField
          label="GSTIN"
          value={store.gstin}
          onChange={(gstin) => edit({ gstin: gstin.toUpperCase() })}
          hint="Optional. 15 characters, e.g. 27AAPFU0939F1ZV; printed on receipts."
          error={err('store.gstin')}
          maxLength={15}
        />
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
    <SectionCard id="settings-receipt" title="Receipt" onSubmit={() => void save({ receipt })} busy={busy} saved={saved} error={error}>
      <div className="form-grid">
        <TextField label="Header line" value={receipt.header} onChange={(header) => edit({ header })} hint="Above the store name, e.g. a tagline." error={err('receipt.header')} maxLength={200} />
        <TextField label="Footer line" value={receipt.footer} onChange={(footer) => edit({ footer })} error={err('receipt.footer')} maxLength={300} />
      </div>
      <Choice
        legend="Paper"
        name="paper"
        value={receipt.paperWidth}
        onChange={(paperWidth) => edit({ paperWidth })}
        error={err('receipt.paperWidth')}
        options={[
          { value: '58mm', label: '58 mm roll', hint: 'Small thermal printers' },
          { value: '80mm', label: '80 mm roll', hint: 'Most counter printers' },
          { value: 'A4', label: 'A4 sheet', hint: 'Office printers, PDF' },
        ]}
      />
      <label className="check">
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
  const [readingAge, setReadingAge] = useState(String(s.wallet.maxReadingAgeMinutes));
  const submit = () => {
    const paise = parseRupeesToPaise(threshold);
    const minutes = Number(idle);
    const ageMinutes = Number(readingAge);
    const local = localProblem({
      'wallet.lowBalanceThreshold': paise === null ? 'Enter an amount in rupees, like 10000.' : undefined,
      'wallet.maxReadingAgeMinutes': !Number.isInteger(ageMinutes) ? 'Enter whole minutes, from 1 to 1440.' : undefined,
      'staff.lockAfterIdleMinutes': !Number.isInteger(minutes) ? 'Enter whole minutes, from 1 to 240.' : undefined,
    });
    void save({ wallet: { lowBalanceThreshold: (paise ?? 0) / 100, maxReadingAgeMinutes: ageMinutes }, staff: { lockAfterIdleMinutes: minutes } }, local);
  };
  return (
    <SectionCard id="settings-thresholds" title="Thresholds" onSubmit={submit} busy={busy} saved={saved} error={error}>
      <div className="form-grid">
        <TextField
          label="Low-balance alert (₹)"
          inputMode="decimal"
          value={threshold}
          onChange={(v) => {
            touch();
            setThreshold(v);
          }}
          hint="The Wallet screen and the counter warn below this balance."
          error={err('wallet.lowBalanceThreshold')}
        />
        <TextField
          label="Check the balance again when older than (minutes)"
          inputMode="numeric"
          value={readingAge}
          onChange={(v) => {
            touch();
            setReadingAge(v);
          }}
          hint="Other counters and the partner's portal spend the same wallet: an older balance is read again before a sale."
          error={err('wallet.maxReadingAgeMinutes')}
        />
        <TextField
          label="Lock the counter after (minutes idle)"
          inputMode="numeric"
          value={idle}
          onChange={(v) => {
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
