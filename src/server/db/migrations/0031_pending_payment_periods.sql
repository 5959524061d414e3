-- Pending Payments (issue 36): the payments still due and on no run, per agent, campaign and
-- currency, per UTC day, month and year, with their count, amount and the oldest one's time, kept by
-- statement triggers in the same transaction as every write to payments: a payment falls due
-- (insert), a run claims it or a rejected run releases it (update), it is deleted. A date range reads
-- its whole years, months and the days at its edges instead of every due payment (650,000 at a
-- million payments). A claim takes its payments' count and amount away; where the period's oldest
-- may have been among them, the next oldest is read by payments_pending, one index probe each. A
-- period left with none is deleted. Existing payments are backfilled.
CREATE TABLE "pending_payment_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"payments" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"oldest" timestamp with time zone,
	CONSTRAINT "pending_payment_periods_period_start_campaign_id_agent_id_currency_code_pk" PRIMARY KEY("period","start","campaign_id","agent_id","currency_code")
);
--> statement-breakpoint
-- A range's rows read from this index alone, as agent_event_periods_read.
CREATE INDEX "pending_payment_periods_read" ON "pending_payment_periods" ("period", "start") INCLUDE ("campaign_id", "agent_id", "currency_code", "payments", "amount", "oldest");--> statement-breakpoint
-- The periods whose oldest a statement has just claimed, found again before it ends (empty between statements).
CREATE INDEX "pending_payment_periods_oldest_gone" ON "pending_payment_periods" USING btree ("period","start") WHERE "pending_payment_periods"."oldest" is null;--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("agent_id","campaign_id","currency_code","created_at") WHERE "payments"."status" = 'due' and "payments"."payment_run_id" is null;--> statement-breakpoint
CREATE FUNCTION "pending_payment_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- A payment counts in its day, month and year: the statement's rows are grouped by day, and the
  -- days by month and year (a run's claim of 100,000 sorts its days, not three rows per payment:
  -- 1.1 s to 0.3 s), then written in key order (two writers upsert the same rows in one order: no
  -- deadlock; "C" orders the texts as bytes, the same order for every writer).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- Fallen due: added; the oldest is the older of the two.
    INSERT INTO pending_payment_periods AS s (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest)
      WITH days AS (
        SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.campaign_id, r.agent_id, r.currency_code, count(*) AS payments, sum(r.amount) AS amount, min(r.created_at) AS oldest
        FROM new_rows r WHERE r.status = 'due' AND r.payment_run_id IS NULL GROUP BY 1, 2, 3, 4)
      SELECT g.* FROM (
        SELECT 'day', day, campaign_id, agent_id, currency_code, payments, amount, oldest FROM days
        UNION ALL
        SELECT p.period, date_trunc(p.period, d.day)::date, d.campaign_id, d.agent_id, d.currency_code, sum(d.payments), sum(d.amount), min(d.oldest)
        FROM days d CROSS JOIN (VALUES ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5
      ) g (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest)
      ORDER BY g.period COLLATE "C", g.start, g.campaign_id, g.agent_id, g.currency_code COLLATE "C"
      ON CONFLICT (period, start, campaign_id, agent_id, currency_code) DO UPDATE
        SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount, oldest = least(s.oldest, excluded.oldest);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Claimed (or deleted): taken away; a period whose oldest may have gone with them loses it ...
    INSERT INTO pending_payment_periods AS s (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest)
      WITH days AS (
        SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.campaign_id, r.agent_id, r.currency_code, count(*) AS payments, sum(r.amount) AS amount, min(r.created_at) AS oldest
        FROM old_rows r WHERE r.status = 'due' AND r.payment_run_id IS NULL GROUP BY 1, 2, 3, 4)
      SELECT g.* FROM (
        SELECT 'day', day, campaign_id, agent_id, currency_code, -payments, -amount, oldest FROM days
        UNION ALL
        SELECT p.period, date_trunc(p.period, d.day)::date, d.campaign_id, d.agent_id, d.currency_code, -sum(d.payments), -sum(d.amount), min(d.oldest)
        FROM days d CROSS JOIN (VALUES ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5
      ) g (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest)
      ORDER BY g.period COLLATE "C", g.start, g.campaign_id, g.agent_id, g.currency_code COLLATE "C"
      ON CONFLICT (period, start, campaign_id, agent_id, currency_code) DO UPDATE
        SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount,
          oldest = CASE WHEN excluded.oldest <= s.oldest OR s.payments + excluded.payments = 0 THEN NULL ELSE s.oldest END;
    -- ... and is deleted when none is left, or finds its next oldest among the due payments left.
    DELETE FROM pending_payment_periods WHERE oldest IS NULL AND payments = 0;
    UPDATE pending_payment_periods s SET oldest = (
        SELECT min(d.created_at) FROM payments d
        WHERE d.status = 'due' AND d.payment_run_id IS NULL AND d.agent_id = s.agent_id AND d.campaign_id = s.campaign_id AND d.currency_code = s.currency_code
          AND d.created_at >= s.start::timestamp AT TIME ZONE 'UTC' AND d.created_at < (s.start + ('1 ' || s.period)::interval) AT TIME ZONE 'UTC')
      WHERE oldest IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pending_payment_periods_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pending_payment_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "pending_payment_periods_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pending_payment_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "pending_payment_periods_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "pending_payment_periods_apply"();--> statement-breakpoint
-- The due payments summed afresh: the backfill, and the seed's rebuild once it has loaded with triggers off (seed/bulk.ts).
CREATE FUNCTION "pending_payment_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM pending_payment_periods;
  INSERT INTO pending_payment_periods (period, start, campaign_id, agent_id, currency_code, payments, amount, oldest)
    SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date, r.campaign_id, r.agent_id, r.currency_code, count(*), sum(r.amount), min(r.created_at)
    FROM payments r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
    WHERE r.status = 'due' AND r.payment_run_id IS NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM pending_payment_periods;
$$;--> statement-breakpoint
SELECT pending_payment_periods_rebuild();