-- Retention Grouped Events (issue 36): each gifter's retention events per campaign, event type and
-- UTC day, and per UTC month, kept by statement triggers on retention_events as agent_event_periods
-- is on events (migration 0028, which says why both grains): the grid sums a range's whole months
-- and its edge days instead of every retention event. Existing rows are backfilled.
CREATE TABLE "retention_event_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"gifter_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"events" bigint NOT NULL,
	"giftee_activity_events" bigint NOT NULL,
	"pay" numeric NOT NULL,
	CONSTRAINT "retention_event_periods_period_start_campaign_id_gifter_id_event_type_id_pk" PRIMARY KEY("period","start","campaign_id","gifter_id","event_type_id")
);
--> statement-breakpoint
-- A range's rows read from this index alone (an index-only scan).
CREATE INDEX "retention_event_periods_read" ON "retention_event_periods" ("period", "start") INCLUDE ("campaign_id", "gifter_id", "event_type_id", "events", "giftee_activity_events", "pay");--> statement-breakpoint
CREATE FUNCTION "retention_event_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- Every retention event counts in its day and in its month (the cross join): +1 written, -1 taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, 1 AS sign FROM new_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  ELSE
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, 1 AS sign FROM new_rows UNION ALL SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "retention_event_periods_insert" AFTER INSERT ON "retention_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "retention_event_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "retention_event_periods_update" AFTER UPDATE ON "retention_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "retention_event_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "retention_event_periods_delete" AFTER DELETE ON "retention_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "retention_event_periods_apply"();--> statement-breakpoint
-- Every retention event summed afresh: the backfill, and the seed's rebuild (seed/bulk.ts), in key order.
CREATE FUNCTION "retention_event_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM retention_event_periods;
  INSERT INTO retention_event_periods (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
    SELECT p.period, CASE p.period WHEN 'day' THEN (e.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', e.created_at AT TIME ZONE 'UTC')::date END,
           e.campaign_id, e.gifter_id, e.event_type_id, count(*), sum(e.giftee_activity_events), sum(e.pay)
    FROM retention_events e CROSS JOIN (VALUES ('day'), ('month')) p(period) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM retention_event_periods;
$$;--> statement-breakpoint
SELECT retention_event_periods_rebuild();
