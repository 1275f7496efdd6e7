import type { PartnerBrand } from '../bridge/contract';
import { howToUseFor, redemptionLabel } from '../receipt/receipt-content';
import { formatRupees } from '../ui/format';

const KEY_TERMS = 3;

/** Limits, redemption channel, validity, key terms and how-to-use: what the customer asks about. */
export function BrandFacts({ brand }: { brand: PartnerBrand }) {
  const r = brand.amountRestrictions;
  const steps = howToUseFor(brand.redemptionType, brand.howToUse);
  return (
    <section className="facts-panel" aria-labelledby="facts-heading">
      <h3 id="facts-heading">About this voucher</h3>
      <dl className="facts">
        {r && (
          <>
            <dt>Order limits</dt>
            <dd>
              {formatRupees(r.minOrderAmount)} – {formatRupees(r.maxOrderAmount)}, up to {r.maxVouchersPerOrder} voucher{r.maxVouchersPerOrder === 1 ? '' : 's'}
              {r.maxVouchersPerDenomination ? `, ${r.maxVouchersPerDenomination} per amount` : ''}
              {r.maxDenominationsPerOrder ? `, ${r.maxDenominationsPerOrder} different amounts` : ''}
            </dd>
          </>
        )}
        <dt>Use</dt>
        <dd>{redemptionLabel(brand.redemptionType)}</dd>
        <dt>Valid for</dt>
        <dd>{brand.voucherExpiryInMonths ? `${brand.voucherExpiryInMonths} months from issue` : 'No expiry date'}</dd>
      </dl>
      {brand.termsAndConditions.length > 0 && (
        <>
          <h4>Key terms</h4>
          <ul className="terms">
            {brand.termsAndConditions.slice(0, KEY_TERMS).map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        </>
      )}
      {(steps.length > 0 || brand.usageInstructionsText) && (
        <details className="details facts-panel__how">
          <summary>How to use</summary>
          {steps.map((h) => (
            <div key={h.retailMode}>
              <h4>{h.retailModeName || redemptionLabel(h.retailMode)}</h4>
              <ol>
                {h.instructions.map((s, i) => (
                  <li key={i}>{s}</li>
                ))}
              </ol>
            </div>
          ))}
          {steps.length === 0 && <p>{brand.usageInstructionsText}</p>}
        </details>
      )}
    </section>
  );
}
