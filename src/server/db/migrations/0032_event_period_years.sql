-- Agent and Retention Grouped Events (issue 36) keep each group's figures per UTC year too, as
-- Pending Payments' summary does (migration 0031): a range of whole years (every year, a finance
-- team's 'this year') reads a row per group and year instead of twelve. The triggers' functions
-- count every event in its day, month and year; both summaries are rebuilt with their year rows.
CREATE OR REPLACE FUNCTION "agent_event_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- Every event counts in its day, its month and its year (the cross join): +1 written, -1 taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, 1 AS sign FROM new_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  ELSE
    INSERT INTO agent_event_periods AS s (period, start, campaign_id, agent_id, event_type_id, events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.agent_id, r.event_type_id, sum(r.sign), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, agent_id, event_type_id, pay, 1 AS sign FROM new_rows UNION ALL SELECT created_at, campaign_id, agent_id, event_type_id, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, agent_id, event_type_id) DO UPDATE SET events = s.events + excluded.events, pay = s.pay + excluded.pay;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agent_event_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM agent_event_periods;
  INSERT INTO agent_event_periods (period, start, campaign_id, agent_id, event_type_id, events, pay)
    SELECT p.period, date_trunc(p.period, e.created_at AT TIME ZONE 'UTC')::date,
           e.campaign_id, e.agent_id, e.event_type_id, count(*), sum(e.pay)
    -- In key order: each index is written page after page, not at random (PGlite's seed: 3.7 s before).
    FROM events e CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM agent_event_periods;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "retention_event_periods_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  -- Every retention event counts in its day, its month and its year (the cross join): +1 written, -1 taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, 1 AS sign FROM new_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  ELSE
    INSERT INTO retention_event_periods AS s (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
      SELECT p.period, date_trunc(p.period, r.created_at AT TIME ZONE 'UTC')::date,
             r.campaign_id, r.gifter_id, r.event_type_id, sum(r.sign), sum(r.sign * r.giftee_activity_events), sum(r.sign * r.pay)
      FROM (SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, 1 AS sign FROM new_rows UNION ALL SELECT created_at, campaign_id, gifter_id, event_type_id, giftee_activity_events, pay, -1 AS sign FROM old_rows) r CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.sign) <> 0 OR sum(r.sign * r.giftee_activity_events) <> 0 OR sum(r.sign * r.pay) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (period, start, campaign_id, gifter_id, event_type_id)
      DO UPDATE SET events = s.events + excluded.events, giftee_activity_events = s.giftee_activity_events + excluded.giftee_activity_events, pay = s.pay + excluded.pay;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "retention_event_periods_rebuild"() RETURNS bigint LANGUAGE sql AS $$
  DELETE FROM retention_event_periods;
  INSERT INTO retention_event_periods (period, start, campaign_id, gifter_id, event_type_id, events, giftee_activity_events, pay)
    SELECT p.period, date_trunc(p.period, e.created_at AT TIME ZONE 'UTC')::date,
           e.campaign_id, e.gifter_id, e.event_type_id, count(*), sum(e.giftee_activity_events), sum(e.pay)
    FROM retention_events e CROSS JOIN (VALUES ('day'), ('month'), ('year')) p(period) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  SELECT count(*) FROM retention_event_periods;
$$;--> statement-breakpoint
SELECT agent_event_periods_rebuild();--> statement-breakpoint
SELECT retention_event_periods_rebuild();