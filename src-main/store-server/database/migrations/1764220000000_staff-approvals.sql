-- Up Migration

-- A manager's approval typed at a counter (their PIN for a reprint, a card reveal …), as the
-- store judged it: single-use and short-lived, so a shared action that needs one (revealing
-- another counter's voucher) takes the store's word that it was given, not the counter's.
CREATE TABLE staff_approvals (
  token_hash text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES staff (id),
  counter_id uuid NOT NULL REFERENCES counters (id),
  purpose text NOT NULL,
  given_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
