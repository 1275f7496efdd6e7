import type { CustomerDetails, DeliveryDetails } from './order-request.js';

export type OrderStatus = 'SUCCESS' | 'FAILED' | 'PROCESSING' | 'CANCELLED' | 'REVERSED';

export interface PendingOutcome {
  at: number;
  status: 'SUCCESS' | 'FAILED';
  reason: string | null;
}

/** An order as the emulated service keeps it; `orderForWire` turns it into the spec's Order. */
export interface OrderRecord {
  id: string;
  referenceId: string;
  productId: string;
  status: OrderStatus;
  failureReason: string | null;
  amountPaise: number;
  discountPaise: number;
  /** What the wallet was debited (amount − discount); 0 when nothing was debited. */
  debitedPaise: number;
  denominationDetails: { denomination: number; quantity: number }[];
  customerDetails: CustomerDetails | null;
  deliveryDetails: DeliveryDetails | null;
  createdAt: number;
  updatedAt: number;
  pending: PendingOutcome | null;
  voucherIds: string[];
  /** X-REQUEST-ID of the placing request, for the control surface's order list. */
  requestId: string | null;
}

export interface DeliveryRecord {
  at: number;
  orderId: string;
  voucherId: string;
  kind: 'initial' | 'resend';
  channel: 'EMAIL' | 'SMS' | 'WHATSAPP';
  to: string;
}
