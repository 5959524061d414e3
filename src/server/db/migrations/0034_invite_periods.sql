-- Campaign Conversion Stats (issue 36): each agent's invites per campaign and UTC day, month and
-- year, and how many of them converted, kept by statement triggers in the same transaction as every
-- write to invites (insert, update, delete; COPY too), as agent_event_periods is (migrations 0028,
-- 0032). The conversions follow each invite's converted flag, which the events', campaigns' and
-- configs' triggers set (migration 0023): that is an update of invites, and the update trigger
-- takes the old row away and adds the new one. A range reads its whole years, months and edge days
-- (grids/periods.ts) instead of every invite: at a million invites, thousands of rows, not a million.
-- Each statement's rows are grouped and upserted in key order (two writers, one lock order).
CREATE TABLE "invite_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"invites" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	CONSTRAINT "invite_periods_period_start_campaign_id_agent_id_pk" PRIMARY KEY("period","start","campaign_id","agent_id")
);
--> statement-breakpoint
-- A range's rows read from this index alone (an index-only scan; the table's pages are not visited).
CREATE INDEX "invite_periods_read" ON "invite_periods" ("period", "start") INCLUDE ("campaign_id", "agent_id", "invites", "conversions");--> statement-breakpoint
CREATE FUNCTION "invite_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- Every invite counts in its day, its month and its year (the cross join): +1 written, -1 taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invite_periods AS s (period, start, campaign_id, agent_id, invites, conversions)
      SELECT p.period, date_trunc(p.period, r.invite_datetime AT TIME ZONE 'UTC')::date, r.campaign_id, r.agent_id, sum(r.sign), sum(r.sign * r.converted)
      FROM (SELECT invite_datetime, campaign_id, agent_id, converted::int AS converted, 1 AS sign FROM new_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.converted) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (period, start, campaign_id, agent_id) DO UPDATE SET invites = s.invites + excluded.invites, conversions = s.conversions + excluded.conversions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invite_periods AS s (period, start, campaign_id, agent_id, invites, conversions)
      SELECT p.period, date_trunc(p.period, r.invite_datetime AT TIME ZONE 'UTC')::date, r.campaign_id, r.agent_id, sum(r.sign), sum(r.sign * r.converted)
      FROM (SELECT invite_datetime, campaign_id, agent_id, converted::int AS converted, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.converted) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (period, start, campaign_id, agent_id) DO UPDATE SET invites = s.invites + excluded.invites, conversions = s.conversions + excluded.conversions;
  ELSE
    INSERT INTO invite_periods AS s (period, start, campaign_id, agent_id, invites, conversions)
      SELECT p.period, date_trunc(p.period, r.invite_datetime AT TIME ZONE 'UTC')::date, r.campaign_id, r.agent_id, sum(r.sign), sum(r.sign * r.converted)
      FROM (SELECT invite_datetime, campaign_id, agent_id, converted::int AS converted, 1 AS sign FROM new_rows
            UNION ALL SELECT invite_datetime, campaign_id, agent_id, converted::int AS converted, -1 AS sign FROM old_rows) r
        CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.converted) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (period, start, campaign_id, agent_id) DO UPDATE SET invites = s.invites + excluded.invites, conversions = s.conversions + excluded.conversions;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invite_periods_insert" AFTER INSERT ON "invites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invite_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "invite_periods_update" AFTER UPDATE ON "invites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invite_periods_apply"();--> statement-breakpoint
CREATE TRIGGER "invite_periods_delete" AFTER DELETE ON "invites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invite_periods_apply"();--> statement-breakpoint
-- Every invite summed afresh: the backfill, and the seed's rebuild once it has loaded with triggers off (seed/bulk.ts).
CREATE FUNCTION "invite_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM invite_periods;
  INSERT INTO invite_periods (period, start, campaign_id, agent_id, invites, conversions)
    SELECT p.period, date_trunc(p.period, i.invite_datetime AT TIME ZONE 'UTC')::date, i.campaign_id, i.agent_id, count(*), count(*) FILTER (WHERE i.converted)
    FROM invites i CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  SELECT count(*) FROM invite_periods;
$$;--> statement-breakpoint
SELECT invite_periods_rebuild();
