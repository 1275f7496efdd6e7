-- Up Migration

-- The store's day asks, for each order relayed for a counter, whether that counter has reported
-- its sale yet (store-api/store-day.ts): a seek by the counter and the sale's reference.
CREATE INDEX counter_sales_reference ON counter_sales (counter_id, reference_id);
