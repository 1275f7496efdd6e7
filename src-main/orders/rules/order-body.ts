import type { OrderRequestBody } from '../../partner-api/types.js';
import { toRupees } from './money.js';
import type { ValidSale } from './sale-validation.js';

/**
 * The POST /v1/partners/orders body (spec §4.4) for a validated sale. Only a ValidSale goes
 * in, so the body is right by construction; money leaves paise here and nowhere else.
 * discountAmount is sent only when there is a discount.
 */
export function orderRequestBody(sale: ValidSale, referenceId: string): OrderRequestBody {
  const body: OrderRequestBody = {
    productId: sale.productId,
    referenceId,
    amount: toRupees(sale.totalPaise),
    denominationDetails: sale.denominationDetails.map((d) => ({ ...d })),
  };
  if (sale.discountPaise > 0) body.discountAmount = toRupees(sale.discountPaise);
  if (sale.customerDetails) body.customerDetails = { ...sale.customerDetails };
  if (sale.deliveryDetails) body.deliveryDetails = { ...sale.deliveryDetails };
  return body;
}
