-- Up Migration

-- The partner account's prepaid wallet: one per environment and client id, shared by every
-- store of a chain that sells on that account. The float guard holds sales against it.
-- The last balance the service gave, and when the reading began, so a reading that started
-- before a sale settled cannot undo that sale's debit.
CREATE TABLE wallets (
  id text PRIMARY KEY,
  balance_paise bigint,
  read_started_at timestamptz,
  last_settled_at timestamptz NOT NULL DEFAULT now()
);

-- Several stores of a chain may share one database; every row names its store.
CREATE TABLE stores (
  id text PRIMARY KEY,
  name text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('staging', 'production')),
  wallet_id text NOT NULL REFERENCES wallets (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE counters (
  id uuid PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  name text NOT NULL,
  -- The code that prefixes the counter's referenceIds (POS-<code>-…), given by the store so no
  -- two of its counters share one and support can tell them apart.
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{1,6}$'),
  -- sha256 of the counter's credential; the credential itself is only ever on the counter.
  credential_hash text NOT NULL,
  paired_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_seen_at timestamptz,
  UNIQUE (store_id, code)
);

CREATE TABLE pairing_codes (
  code_hash text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES counters (id)
);

CREATE TABLE counter_sessions (
  token_hash text PRIMARY KEY,
  counter_id uuid NOT NULL REFERENCES counters (id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX counter_sessions_expiry ON counter_sessions (expires_at);

-- Every order a counter asked the store server to place: the journal of record for the
-- service. The referenceId is the counter's own, committed on the counter before it was sent.
CREATE TABLE relayed_orders (
  reference_id text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  counter_id uuid NOT NULL REFERENCES counters (id),
  product_id text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  -- What the float guard holds for it while its outcome is unknown.
  hold_paise bigint NOT NULL CHECK (hold_paise >= 0),
  body jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('SENDING', 'IN_DOUBT', 'ACCEPTED', 'REJECTED', 'REFUSED', 'NOT_PLACED')),
  order_id text,
  order_status text CHECK (order_status IN ('SUCCESS', 'FAILED', 'PROCESSING', 'CANCELLED', 'REVERSED')),
  failure_reason text,
  http_status integer,
  error_body text,
  request_ids text[] NOT NULL DEFAULT '{}',
  sends integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX relayed_orders_store_day ON relayed_orders (store_id, created_at);
CREATE INDEX relayed_orders_open ON relayed_orders (store_id) WHERE state IN ('SENDING', 'IN_DOUBT');
CREATE UNIQUE INDEX relayed_orders_order_id ON relayed_orders (order_id) WHERE order_id IS NOT NULL;

-- Voucher ids only: card numbers and PINs are never kept by the store server (the counter
-- that sold them keeps them sealed), so there is no card data here to protect.
CREATE TABLE relayed_vouchers (
  voucher_id text PRIMARY KEY,
  reference_id text NOT NULL REFERENCES relayed_orders (reference_id)
);

-- Staff are store-wide; counters keep a copy to sign in with and send their changes here.
CREATE TABLE staff (
  id text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('cashier', 'manager')),
  pin_hash text NOT NULL,
  created_at bigint NOT NULL,
  disabled_at bigint,
  must_change_pin boolean NOT NULL DEFAULT false,
  permissions text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES counters (id)
);
CREATE INDEX staff_store ON staff (store_id);

-- Each counter's sales as its screens list them (the counter's journal stays its own record):
-- what makes Orders store-wide.
CREATE TABLE counter_sales (
  counter_id uuid NOT NULL REFERENCES counters (id),
  sale_id text NOT NULL,
  store_id text NOT NULL REFERENCES stores (id),
  reference_id text NOT NULL,
  created_at bigint NOT NULL,
  state text NOT NULL,
  item jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, sale_id)
);
CREATE INDEX counter_sales_store_time ON counter_sales (store_id, created_at DESC, sale_id DESC);

CREATE TABLE store_audit (
  id bigserial PRIMARY KEY,
  store_id text NOT NULL,
  counter_id uuid,
  at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'
);
