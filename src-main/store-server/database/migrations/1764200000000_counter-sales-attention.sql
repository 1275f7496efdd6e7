-- Up Migration

-- Orders' attention list across the store (store-api/store-attention.ts): the sales stuck in
-- IN_DOUBT or NEEDS_SUPPORT and those whose receipt is still owed, in time order, in a partial
-- index of their own, so listing the oldest and counting them never reads the settled history.
CREATE INDEX counter_sales_attention ON counter_sales (store_id, created_at, sale_id)
  WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT') OR (state = 'SUCCESS' AND (detail->>'receiptOwed') = 'true');
