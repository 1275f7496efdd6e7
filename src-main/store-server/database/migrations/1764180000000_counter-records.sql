-- Up Migration

-- Each counter's money records, copied from its till tables (its outbox sends every change):
-- with the sales above, the store's journal of record. Keyed by (counter, id), so one
-- counter's rows never touch another's; the composite references refuse a row that names a
-- shift, payment or sale the same counter never sent.
CREATE TABLE counter_shifts (
  counter_id uuid NOT NULL REFERENCES counters (id),
  id text NOT NULL,
  store_id text NOT NULL REFERENCES stores (id),
  counter text NOT NULL,
  opened_by text NOT NULL,
  opened_at bigint NOT NULL,
  opening_float_paise bigint NOT NULL CHECK (opening_float_paise >= 0),
  opening_count text,
  closed_by text,
  closed_at bigint,
  expected_cash_paise bigint,
  counted_cash_paise bigint CHECK (counted_cash_paise >= 0),
  closing_count text,
  note text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, id)
);
CREATE INDEX counter_shifts_store_time ON counter_shifts (store_id, opened_at);

CREATE TABLE counter_cash_movements (
  counter_id uuid NOT NULL,
  id text NOT NULL,
  shift_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('PAY_IN', 'PAY_OUT')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  reason text NOT NULL,
  staff_id text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (counter_id, id),
  CONSTRAINT counter_cash_movements_shift FOREIGN KEY (counter_id, shift_id) REFERENCES counter_shifts (counter_id, id)
);

CREATE TABLE counter_payments (
  counter_id uuid NOT NULL,
  id text NOT NULL,
  shift_id text NOT NULL,
  taken_by text NOT NULL,
  taken_at bigint NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  change_paise bigint NOT NULL CHECK (change_paise >= 0),
  PRIMARY KEY (counter_id, id),
  CONSTRAINT counter_payments_shift FOREIGN KEY (counter_id, shift_id) REFERENCES counter_shifts (counter_id, id)
);
CREATE INDEX counter_payments_time ON counter_payments (counter_id, taken_at);

CREATE TABLE counter_payment_tenders (
  counter_id uuid NOT NULL,
  payment_id text NOT NULL,
  seq integer NOT NULL,
  method text NOT NULL CHECK (method IN ('CASH', 'UPI', 'CARD', 'OTHER')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  received_paise bigint CHECK (received_paise >= amount_paise),
  reference text,
  PRIMARY KEY (counter_id, payment_id, seq),
  FOREIGN KEY (counter_id, payment_id) REFERENCES counter_payments (counter_id, id)
);

CREATE TABLE counter_sale_payments (
  counter_id uuid NOT NULL,
  sale_id text NOT NULL,
  payment_id text NOT NULL,
  PRIMARY KEY (counter_id, sale_id),
  CONSTRAINT counter_sale_payments_sale FOREIGN KEY (counter_id, sale_id) REFERENCES counter_sales (counter_id, sale_id),
  CONSTRAINT counter_sale_payments_payment FOREIGN KEY (counter_id, payment_id) REFERENCES counter_payments (counter_id, id)
);

CREATE TABLE counter_refunds (
  counter_id uuid NOT NULL,
  payment_id text NOT NULL,
  sale_id text NOT NULL,
  shift_id text NOT NULL,
  refunded_by text NOT NULL,
  at bigint NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  PRIMARY KEY (counter_id, payment_id),
  CONSTRAINT counter_refunds_payment FOREIGN KEY (counter_id, payment_id) REFERENCES counter_payments (counter_id, id),
  CONSTRAINT counter_refunds_sale FOREIGN KEY (counter_id, sale_id) REFERENCES counter_sales (counter_id, sale_id),
  CONSTRAINT counter_refunds_shift FOREIGN KEY (counter_id, shift_id) REFERENCES counter_shifts (counter_id, id)
);

CREATE TABLE counter_refund_tenders (
  counter_id uuid NOT NULL,
  payment_id text NOT NULL,
  seq integer NOT NULL,
  method text NOT NULL CHECK (method IN ('CASH', 'UPI', 'CARD', 'OTHER')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  PRIMARY KEY (counter_id, payment_id, seq),
  FOREIGN KEY (counter_id, payment_id) REFERENCES counter_refunds (counter_id, payment_id)
);

-- A sale's vouchers, card number and PIN sealed with the store's own key (AES-256-GCM, the
-- counter's sealed layout); in clear only the last four digits, for the masked view.
CREATE TABLE counter_vouchers (
  counter_id uuid NOT NULL,
  sale_id text NOT NULL,
  seq integer NOT NULL,
  voucher_id text,
  card_type text NOT NULL,
  card_number_sealed bytea,
  card_pin_sealed bytea,
  card_number_last4 text,
  valid_till text,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  PRIMARY KEY (counter_id, sale_id, seq),
  CONSTRAINT counter_vouchers_sale FOREIGN KEY (counter_id, sale_id) REFERENCES counter_sales (counter_id, sale_id)
);

-- Each counter's hash-chained audit log, line for line: a line is taken only when it links
-- to the last one kept (details kept as the exact JSON text its hash covers).
CREATE TABLE counter_audit (
  counter_id uuid NOT NULL REFERENCES counters (id),
  seq bigint NOT NULL CHECK (seq >= 1),
  at bigint NOT NULL,
  actor text,
  action text NOT NULL,
  sale_id text,
  details text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (counter_id, seq)
);

-- What proves the store's vault key is the one that sealed the vouchers above: a known text
-- sealed with it the first time, opened at every start.
CREATE TABLE store_vault (
  one integer PRIMARY KEY CHECK (one = 1),
  probe bytea NOT NULL
);

-- What the counter alone knows of a sale beyond its list row (its attempts, customer, payment
-- state): with the records above, Orders' detail of any counter's sale.
ALTER TABLE counter_sales ADD COLUMN detail jsonb;
