-- Up Migration

-- Wrong PINs are counted per account across every counter of the store, so a guesser moving
-- from counter to counter meets one lock (the rule is src-main/staff/pin-lock.ts).
ALTER TABLE staff
  ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  ADD COLUMN locked_until bigint;
