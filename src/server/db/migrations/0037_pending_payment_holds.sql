-- What a payment run would hold back of Pending Payments' rows (issue 52), kept beside what is due.
-- A run holds back a due payment whose event is in Fraud Events (same agent, campaign and customer:
-- paymentRuns/dueSet.ts fraud_flagged). Read from the fraud events at every page, that is one probe
-- of events per fraud event (28 s a page at a million fraud events); kept instead: every payment
-- carries fraud_flagged, set by the database as payments and fraud events (written by the programme,
-- not by this console) come and go, and Pending Payments' summary sums the flagged ones per period
-- with the rest, so the grid reads its held part from the summary alone. The reasons of the agent's
-- (blacklisted, suspended, no valid number) hold every payment of theirs and stay read from the few
-- agents they concern.
ALTER TABLE "payments" ADD COLUMN "fraud_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_payment_periods" ADD COLUMN "flagged_payments" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_payment_periods" ADD COLUMN "flagged_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "fraud_events_agent_msisdn" ON "fraud_events" USING btree ("agent_id","msisdn");--> statement-breakpoint
-- A range's rows still read from this index alone, the flagged ones included.
DROP INDEX "pending_payment_periods_read";--> statement-breakpoint
CREATE INDEX "pending_payment_periods_read" ON "pending_payment_periods" ("period", "start")
  INCLUDE ("campaign_id", "agent_id", "currency_code", "payments", "amount", "oldest", "flagged_payments", "flagged_amount");--> statement-breakpoint
-- Whether a payment's event is in Fraud Events: a fraud event of the payment's agent and campaign
-- names the event's customer, the event being that agent's (dueSet's fraudFlagged and its join).
CREATE FUNCTION "payment_fraud_flagged"(p_event_id bigint, p_agent_id integer, p_campaign_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM events e JOIN fraud_events f ON f.agent_id = e.agent_id AND f.msisdn = e.customer_msisdn
    WHERE e.id = p_event_id AND e.agent_id = p_agent_id AND f.campaign_id = p_campaign_id)
$$;--> statement-breakpoint
-- A payment written, or its event, agent, campaign or flag changed: its flag as the fraud events say
-- (one probe by events' key and fraud_events_agent_msisdn). A run's claim changes none of these.
CREATE FUNCTION "payments_fraud_flag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.fraud_flagged := payment_fraud_flagged(NEW.event_id, NEW.agent_id, NEW.campaign_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_fraud_flag" BEFORE INSERT OR UPDATE OF "event_id", "agent_id", "campaign_id", "fraud_flagged" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_fraud_flag"();--> statement-breakpoint
-- Fraud events written: the payments of the events they name, before and after, flagged anew where
-- that changes (the update moves them in the summary, by its own trigger).
CREATE FUNCTION "fraud_events_flag_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE payments p SET fraud_flagged = NOT p.fraud_flagged
      FROM (SELECT DISTINCT e.id FROM new_rows r JOIN events e ON e.agent_id = r.agent_id AND e.customer_msisdn = r.msisdn) named
      WHERE p.event_id = named.id AND p.fraud_flagged <> payment_fraud_flagged(p.event_id, p.agent_id, p.campaign_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE payments p SET fraud_flagged = NOT p.fraud_flagged
      FROM (SELECT DISTINCT e.id FROM old_rows r JOIN events e ON e.agent_id = r.agent_id AND e.customer_msisdn = r.msisdn) named
      WHERE p.event_id = named.id AND p.fraud_flagged <> payment_fraud_flagged(p.event_id, p.agent_id, p.campaign_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fraud_events_flag_payments_insert" AFTER INSERT ON "fraud_events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fraud_events_flag_payments"();--> statement-breakpoint
CREATE TRIGGER "fraud_events_flag_payments_update" AFTER UPDATE ON "fraud_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fraud_events_flag_payments"();--> statement-breakpoint
CREATE TRIGGER "fraud_events_flag_payments_delete" AFTER DELETE ON "fraud_events" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fraud_events_flag_payments"();--> statement-breakpoint
-- An event's agent or customer changed (never by this console): its payment flagged anew.
CREATE FUNCTION "events_flag_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments p SET fraud_flagged = NOT p.fraud_flagged
    WHERE p.event_id = NEW.id AND p.fraud_flagged <> payment_fraud_flagged(p.event_id, p.agent_id, p.campaign_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_flag_payments" AFTER UPDATE OF "agent_id", "customer_msisdn" ON "events" FOR EACH ROW
  WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id OR OLD.customer_msisdn IS DISTINCT FROM NEW.customer_msisdn)
  EXECUTE FUNCTION "events_flag_payments"();--> statement-breakpoint
-- Migration 0031's summary, the flagged payments summed with the rest (the same statement, the same order).
CREATE OR REPLACE FUNCTION "pending_payment_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO pending_payment_periods AS s (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount)
      WITH days AS (
        SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.campaign_id, r.agent_id, r.currency_code, count(*) AS payments, sum(r.amount) AS amount, min(r.created_at) AS oldest,
          count(*) FILTER (WHERE r.fraud_flagged) AS flagged_payments, coalesce(sum(r.amount) FILTER (WHERE r.fraud_flagged), 0) AS flagged_amount
        FROM new_rows r WHERE r.status = 'due' AND r.payment_run_id IS NULL GROUP BY 1, 2, 3, 4)
      SELECT g.* FROM (
        SELECT 'day', day, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount FROM days
        UNION ALL
        SELECT p.period, date_trunc(p.period, d.day)::date, d.campaign_id, d.agent_id, d.currency_code, sum(d.payments), sum(d.amount), min(d.oldest),
          sum(d.flagged_payments), sum(d.flagged_amount)
        FROM days d CROSS JOIN (VALUES ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5
      ) g (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount)
      ORDER BY g.period COLLATE "C", g.start, g.campaign_id, g.agent_id, g.currency_code COLLATE "C"
      ON CONFLICT (period, start, campaign_id, agent_id, currency_code) DO UPDATE
        SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount, oldest = least(s.oldest, excluded.oldest),
          flagged_payments = s.flagged_payments + excluded.flagged_payments, flagged_amount = s.flagged_amount + excluded.flagged_amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO pending_payment_periods AS s (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount)
      WITH days AS (
        SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.campaign_id, r.agent_id, r.currency_code, count(*) AS payments, sum(r.amount) AS amount, min(r.created_at) AS oldest,
          count(*) FILTER (WHERE r.fraud_flagged) AS flagged_payments, coalesce(sum(r.amount) FILTER (WHERE r.fraud_flagged), 0) AS flagged_amount
        FROM old_rows r WHERE r.status = 'due' AND r.payment_run_id IS NULL GROUP BY 1, 2, 3, 4)
      SELECT g.* FROM (
        SELECT 'day', day, campaign_id, agent_id, currency_code, -payments, -amount, oldest, -flagged_payments, -flagged_amount FROM days
        UNION ALL
        SELECT p.period, date_trunc(p.period, d.day)::date, d.campaign_id, d.agent_id, d.currency_code, -sum(d.payments), -sum(d.amount), min(d.oldest),
          -sum(d.flagged_payments), -sum(d.flagged_amount)
        FROM days d CROSS JOIN (VALUES ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5
      ) g (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount)
      ORDER BY g.period COLLATE "C", g.start, g.campaign_id, g.agent_id, g.currency_code COLLATE "C"
      ON CONFLICT (period, start, campaign_id, agent_id, currency_code) DO UPDATE
        SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount,
          oldest = CASE WHEN excluded.oldest <= s.oldest OR s.payments + excluded.payments = 0 THEN NULL ELSE s.oldest END,
          flagged_payments = s.flagged_payments + excluded.flagged_payments, flagged_amount = s.flagged_amount + excluded.flagged_amount;
    DELETE FROM pending_payment_periods WHERE oldest IS NULL AND payments = 0;
    UPDATE pending_payment_periods s SET oldest = (
        SELECT min(d.created_at) FROM payments d
        WHERE d.status = 'due' AND d.payment_run_id IS NULL AND d.agent_id = s.agent_id AND d.campaign_id = s.campaign_id AND d.currency_code = s.currency_code
          AND d.created_at >= s.start::timestamp AT TIME ZONE 'UTC' AND d.created_at < (s.start + ('1 ' || s.period)::interval) AT TIME ZONE 'UTC')
      WHERE oldest IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every payment's flag as the fraud events say now: the backfill, and the seed's once it has loaded
-- with triggers off (seed/bulk.ts). Answers how many changed.
CREATE FUNCTION "payments_fraud_flags_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  WITH flagged AS (
    SELECT DISTINCT p.id FROM fraud_events f
      JOIN events e ON e.agent_id = f.agent_id AND e.customer_msisdn = f.msisdn
      JOIN payments p ON p.event_id = e.id AND p.agent_id = f.agent_id AND p.campaign_id = f.campaign_id),
  changed AS (
    UPDATE payments p SET fraud_flagged = NOT p.fraud_flagged
      WHERE p.fraud_flagged <> (p.id IN (SELECT id FROM flagged))
      RETURNING 1)
  SELECT count(*) FROM changed;
$$;--> statement-breakpoint
-- The due payments summed afresh, the flagged ones too: the seed's rebuild (seed/bulk.ts), once the flags are made.
CREATE OR REPLACE FUNCTION "pending_payment_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM pending_payment_periods;
  INSERT INTO pending_payment_periods (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest, flagged_payments, flagged_amount)
    SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date, r.campaign_id, r.agent_id, r.currency_code, count(*), sum(r.amount), min(r.created_at),
      count(*) FILTER (WHERE r.fraud_flagged), coalesce(sum(r.amount) FILTER (WHERE r.fraud_flagged), 0)
    FROM payments r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
    WHERE r.status = 'due' AND r.payment_run_id IS NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM pending_payment_periods;
$$;--> statement-breakpoint
SELECT payments_fraud_flags_rebuild();--> statement-breakpoint
SELECT pending_payment_periods_rebuild();
