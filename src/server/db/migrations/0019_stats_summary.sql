-- Stats (issue 35): events and payments per UTC day and campaign, kept by statement triggers in
-- the same transaction as every write to events and payments (insert, update, delete; COPY too),
-- so the Stats figures read days x campaigns instead of every row, and are never behind. Each
-- statement adds its new rows' counts and takes its old rows' away, grouped, in key order (two
-- writers upsert the same summary rows in one order: no deadlock); an update that moves no count
-- (a payment put on a run, still due) upserts nothing. Existing rows are backfilled.
-- events_agent_created and payments_agent_created find the rows of the agents the grids leave out
-- by default (blacklisted, gifting), which Stats takes away at read.
CREATE TABLE "stats_event_days" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"events" bigint NOT NULL,
	"pay" numeric NOT NULL,
	CONSTRAINT "stats_event_days_day_campaign_id_event_type_id_pk" PRIMARY KEY("day","campaign_id","event_type_id")
);
--> statement-breakpoint
CREATE TABLE "stats_payment_days" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"paid" boolean NOT NULL,
	"payments" bigint NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "stats_payment_days_day_campaign_id_currency_code_paid_pk" PRIMARY KEY("day","campaign_id","currency_code","paid")
);
--> statement-breakpoint
CREATE INDEX "events_agent_created" ON "events" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_agent_created" ON "payments" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE FUNCTION "stats_event_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stats_event_days AS s (day, campaign_id, event_type_id, events, pay)
      SELECT day, campaign_id, event_type_id, sum(events), sum(pay) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, event_type_id, 1 AS events, pay AS pay FROM new_rows) d
      GROUP BY day, campaign_id, event_type_id HAVING sum(events) <> 0 OR sum(pay) <> 0 ORDER BY day, campaign_id, event_type_id
      ON CONFLICT (day, campaign_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stats_event_days AS s (day, campaign_id, event_type_id, events, pay)
      SELECT day, campaign_id, event_type_id, sum(events), sum(pay) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, event_type_id, -1 AS events, -pay AS pay FROM old_rows) d
      GROUP BY day, campaign_id, event_type_id HAVING sum(events) <> 0 OR sum(pay) <> 0 ORDER BY day, campaign_id, event_type_id
      ON CONFLICT (day, campaign_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSE
    INSERT INTO stats_event_days AS s (day, campaign_id, event_type_id, events, pay)
      SELECT day, campaign_id, event_type_id, sum(events), sum(pay) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, event_type_id, 1 AS events, pay AS pay FROM new_rows UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, event_type_id, -1 AS events, -pay AS pay FROM old_rows) d
      GROUP BY day, campaign_id, event_type_id HAVING sum(events) <> 0 OR sum(pay) <> 0 ORDER BY day, campaign_id, event_type_id
      ON CONFLICT (day, campaign_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stats_payment_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stats_payment_days AS s (day, campaign_id, currency_code, paid, payments, amount)
      SELECT day, campaign_id, currency_code, paid, sum(payments), sum(amount) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, currency_code, status = 'paid' AS paid, 1 AS payments, amount AS amount FROM new_rows) d
      GROUP BY day, campaign_id, currency_code, paid HAVING sum(payments) <> 0 OR sum(amount) <> 0 ORDER BY day, campaign_id, currency_code, paid
      ON CONFLICT (day, campaign_id, currency_code, paid) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stats_payment_days AS s (day, campaign_id, currency_code, paid, payments, amount)
      SELECT day, campaign_id, currency_code, paid, sum(payments), sum(amount) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, currency_code, status = 'paid' AS paid, -1 AS payments, -amount AS amount FROM old_rows) d
      GROUP BY day, campaign_id, currency_code, paid HAVING sum(payments) <> 0 OR sum(amount) <> 0 ORDER BY day, campaign_id, currency_code, paid
      ON CONFLICT (day, campaign_id, currency_code, paid) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO stats_payment_days AS s (day, campaign_id, currency_code, paid, payments, amount)
      SELECT day, campaign_id, currency_code, paid, sum(payments), sum(amount) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, currency_code, status = 'paid' AS paid, 1 AS payments, amount AS amount FROM new_rows UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date AS day, campaign_id, currency_code, status = 'paid' AS paid, -1 AS payments, -amount AS amount FROM old_rows) d
      GROUP BY day, campaign_id, currency_code, paid HAVING sum(payments) <> 0 OR sum(amount) <> 0 ORDER BY day, campaign_id, currency_code, paid
      ON CONFLICT (day, campaign_id, currency_code, paid) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stats_event_days_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_event_days_apply"();--> statement-breakpoint
CREATE TRIGGER "stats_event_days_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_event_days_apply"();--> statement-breakpoint
CREATE TRIGGER "stats_event_days_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_event_days_apply"();--> statement-breakpoint
CREATE TRIGGER "stats_payment_days_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_payment_days_apply"();--> statement-breakpoint
CREATE TRIGGER "stats_payment_days_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_payment_days_apply"();--> statement-breakpoint
CREATE TRIGGER "stats_payment_days_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_payment_days_apply"();--> statement-breakpoint
INSERT INTO stats_event_days (day, campaign_id, event_type_id, events, pay)
SELECT (created_at AT TIME ZONE 'UTC')::date, campaign_id, event_type_id, count(*), sum(pay) FROM events GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO stats_payment_days (day, campaign_id, currency_code, paid, payments, amount)
SELECT (created_at AT TIME ZONE 'UTC')::date, campaign_id, currency_code, status = 'paid', count(*), sum(amount) FROM payments GROUP BY 1, 2, 3, 4;
