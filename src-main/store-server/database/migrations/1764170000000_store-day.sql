-- Up Migration

-- Every balance the service gave (raw, before holds): the end of day measures the wallet's
-- movement between two of them.
CREATE TABLE wallet_readings (
  id bigserial PRIMARY KEY,
  wallet_id text NOT NULL REFERENCES wallets (id),
  at timestamptz NOT NULL,
  balance_paise bigint NOT NULL
);
CREATE INDEX wallet_readings_at ON wallet_readings (wallet_id, at);

-- Top-ups a manager entered at any counter of any store on the wallet: one wallet, one list.
CREATE TABLE wallet_topups (
  id uuid PRIMARY KEY,
  wallet_id text NOT NULL REFERENCES wallets (id),
  store_id text NOT NULL REFERENCES stores (id),
  counter_id uuid NOT NULL REFERENCES counters (id),
  staff_id text NOT NULL,
  at timestamptz NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  reference text NOT NULL,
  UNIQUE (wallet_id, reference)
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
