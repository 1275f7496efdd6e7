-- Up Migration

-- The service's webhooks, received once per store server URL: each applied at most once
-- however often it is delivered (the service retries up to 14 times).
CREATE TABLE store_webhook_events (
  event_key text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  outcome text NOT NULL
);
