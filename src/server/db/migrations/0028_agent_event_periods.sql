-- Agent Grouped Events (issue 36): each agent's events per campaign, event type and UTC day, and
-- per UTC month, kept by statement triggers in the same transaction as every write to events
-- (insert, update, delete; COPY too), as stats_event_days is (migration 0019). A date range reads
-- its whole months and the days at its edges: at a million events, about 20,000 month rows and
-- 45,000 day rows at most instead of every event. Each statement adds its new rows and takes its
-- old rows away, grouped, in key order (two writers upsert the same rows in one order: no
-- deadlock). Existing events are backfilled.
CREATE TABLE "agent_event_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"events" bigint NOT NULL,
	"pay" numeric NOT NULL,
	CONSTRAINT "agent_event_periods_period_start_campaign_id_agent_id_event_type_id_pk" PRIMARY KEY("period","start","campaign_id","agent_id","event_type_id")
);
--> statement-breakpoint
-- A range's rows read from this index alone (an index-only scan; the table's pages are not visited).
CREATE INDEX "agent_event_periods_read" ON "agent_event_periods" ("period", "start") INCLUDE ("campaign_id", "agent_id", "event_type_id", "events", "pay");--> statement-breakpoint
CREATE FUNCTION "agent_event_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- Every event counts in its day and in its month (the cross join): +1 written, -1 taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, 1 AS sign FROM new_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSE
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, CASE p.period WHEN 'day' THEN (r.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date END,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, 1 AS sign FROM new_rows UNION ALL SELECT created_at, campaign_id, agent_id, event_type_id, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agent_event_periods_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_event_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "agent_event_periods_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_event_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "agent_event_periods_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_event_periods_apply"();--> statement-breakpoint
-- Every event summed afresh: the backfill, and the seed's rebuild once it has loaded with triggers off (seed/bulk.ts).
CREATE FUNCTION "agent_event_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM agent_event_periods;
  INSERT INTO agent_event_periods (period, start, campaign_id, agent_id, event_type_id, events, pay)
    SELECT p.period, CASE p.period WHEN 'day' THEN (e.created_at AT TIME ZONE 'UTC')::date ELSE date_trunc('month', e.created_at AT TIME ZONE 'UTC')::date END,
           e.campaign_id, e.agent_id, e.event_type_id, count(*), sum(e.pay)
    -- In key order: each index is written page after page, not at random (PGlite's seed: 3.7 s before).
    FROM events e CROSS JOIN (VALUES ('day'), ('month')) p(period) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM agent_event_periods;
$$;--> statement-breakpoint
SELECT agent_event_periods_rebuild();
