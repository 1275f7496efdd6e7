-- Up Migration

-- Who is at a counter, as the store knows it: a right PIN typed at a counter opens a staff
-- session, and every call that needs a permission carries its token. The counter's word for
-- who is signed in is not taken; the token is only ever held in the counter's memory.
CREATE TABLE staff_sessions (
  -- sha256 of the token; the token itself is never stored here.
  token_hash text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES staff (id),
  -- A session is good only at the counter whose PIN pad opened it.
  counter_id uuid NOT NULL REFERENCES counters (id),
  opened_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_open ON staff_sessions (staff_id) WHERE ended_at IS NULL;
