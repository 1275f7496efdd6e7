-- Up Migration

-- The service's word on an order reaches the store's webhook URL, not the counter that sold it
-- (counters have no public address). Each change of a relayed order's status is numbered, so that
-- counter can ask for its orders changed since the last number it applied (a reversal of a sale
-- it recorded as complete, a PROCESSING order that ended) and settle its own sale the same way a
-- webhook would have (store-link/order-changes.ts).
CREATE SEQUENCE relayed_order_change_seq;
ALTER TABLE relayed_orders ADD COLUMN change_seq bigint;
CREATE INDEX relayed_orders_changes ON relayed_orders (counter_id, change_seq) WHERE change_seq IS NOT NULL;

-- The status the service's latest order event said (the furthest along when deliveries come out
-- of order): the store asks about an order it holds otherwise (a SUCCESS the service reversed),
-- however many events arrive while a question is being asked.
ALTER TABLE relayed_orders ADD COLUMN event_status text CHECK (event_status IN ('SUCCESS', 'FAILED', 'PROCESSING', 'CANCELLED', 'REVERSED'));
