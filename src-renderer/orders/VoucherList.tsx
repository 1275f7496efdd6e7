import { useEffect, useState } from 'react';
import type { MaskedVoucher } from '../bridge/contract';
import { formatDateTime, formatDay, formatPaise } from '../ui/format';
import { ManagerPinDialog } from '../ui/ManagerPinDialog';
import { ErrorNotice } from '../ui/Notice';
import { REVEAL_SECONDS, useOrderDetailStore } from './order-detail-store';

function Countdown({ hideAt, onDone }: { hideAt: number; onDone: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (now >= hideAt) onDone();
  }, [now, hideAt, onDone]);
  return <span className="muted">Hidden again in {Math.max(0, Math.ceil((hideAt - now) / 1000))} s</span>;
}

function VoucherCard({ v, canBalance }: { v: MaskedVoucher; canBalance: boolean }) {
  const { balances, revealed, fetchBalance, reveal, hide } = useOrderDetailStore();
  const [asking, setAsking] = useState(false);
  const shown = revealed[v.seq];
  const balance = balances[v.seq];

  return (
    <li className="voucher">
      <div className="voucher__head">
        <strong>Voucher {v.seq}</strong>
        <span className="big">{formatPaise(v.amountPaise)}</span>
        <span className="muted">{v.validTill ? `Valid till ${formatDay(v.validTill)}` : 'No expiry'}</span>
      </div>
      <dl className="facts">
        {v.cardNumberMasked !== null && (
          <>
            <dt>Card number</dt>
            <dd className="mono">{shown?.cardNumber ?? v.cardNumberMasked}</dd>
          </>
        )}
        {v.hasPin && (
          <>
            <dt>PIN</dt>
            <dd className="mono">{shown?.cardPin ?? '••••••'}</dd>
          </>
        )}
        {v.voucherId && (
          <>
            <dt>Voucher id</dt>
            <dd className="mono">{v.voucherId}</dd>
          </>
        )}
      </dl>
      <div className="actions">
        {shown ? (
          <>
            <button type="button" className="button" onClick={() => hide(v.seq)}>
              Hide card details<span className="visually-hidden"> of voucher {v.seq}</span>
            </button>
            <Countdown hideAt={shown.hideAt} onDone={() => hide(v.seq)} />
          </>
        ) : (
          (v.cardNumberMasked !== null || v.hasPin) && (
            <button type="button" className="button" onClick={() => setAsking(true)}>
              Show card details<span className="visually-hidden"> of voucher {v.seq}</span>
            </button>
          )
        )}
        {canBalance && v.voucherId && (
          <button type="button" className="button" onClick={() => void fetchBalance(v.seq)} disabled={balance?.busy}>
            {balance?.busy ? 'Asking the service…' : 'Check balance'}
            <span className="visually-hidden"> of voucher {v.seq}</span>
          </button>
        )}
      </div>
      <div aria-live="polite">
        {balance && !balance.busy && 'value' in balance && (
          <p>
            Balance left: <strong className="big">{balance.value.balancePaise === null ? 'not reported' : formatPaise(balance.value.balancePaise)}</strong>{' '}
            <span className="muted">as of {formatDateTime(balance.value.readAt, { seconds: true })}</span>
          </p>
        )}
      </div>
      {balance && !balance.busy && 'error' in balance && <ErrorNotice error={balance.error} title="No balance this time" />}
      {asking && (
        <ManagerPinDialog
          purpose={`show the card number and PIN of voucher ${v.seq} for ${REVEAL_SECONDS} seconds (the reveal is written to the audit log)`}
          onCancel={() => setAsking(false)}
          onSubmit={async (approval) => {
            const error = await reveal(v.seq, approval);
            if (!error) setAsking(false);
            return error ? [error.message, error.action].filter(Boolean).join(' ') : null;
          }}
        />
      )}
    </li>
  );
}

/** `soldElsewhere`: another counter's sale, whose balances are asked at that counter. */
export function VoucherList({ vouchers, canBalance, soldElsewhere = false }: { vouchers: MaskedVoucher[]; canBalance: boolean; soldElsewhere?: boolean }) {
  if (vouchers.length === 0) return <p className="muted">No vouchers: the order did not succeed, or has not yet.</p>;
  return (
    <>
      {!canBalance && <p className="muted">This brand does not report voucher balances.</p>}
      <ul className="voucher-list">
        {vouchers.map((v) => (
          <VoucherCard key={v.seq} v={v} canBalance={canBalance && !soldElsewhere} />
        ))}
      </ul>
    </>
  );
}
