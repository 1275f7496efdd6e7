-- Up Migration

-- Every balance the service gave the store server (raw, before holds): the store's end of day
-- measures the wallet's movement between two of them.
CREATE TABLE store_wallet_readings (
  id bigserial PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  at timestamptz NOT NULL,
  balance_paise bigint NOT NULL
);
CREATE INDEX store_wallet_readings_at ON store_wallet_readings (store_id, at);

-- Top-ups a manager entered at any counter: one wallet, one list.
CREATE TABLE store_topups (
  id uuid PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  counter_id uuid NOT NULL REFERENCES counters (id),
  staff_id text NOT NULL,
  at timestamptz NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  reference text NOT NULL,
  UNIQUE (store_id, reference)
);

-- Each counter's own check of a day (its sales against the service, its tenders, its drawers),
-- sent when it runs End of day or closes a drawer: the store's day is made of them.
CREATE TABLE counter_day_checks (
  counter_id uuid NOT NULL REFERENCES counters (id),
  day text NOT NULL,
  store_id text NOT NULL REFERENCES stores (id),
  checked_at timestamptz NOT NULL DEFAULT now(),
  day_check jsonb NOT NULL,
  PRIMARY KEY (counter_id, day)
);
