-- Conversion (issue 35): whether an invite converted (the invited customer produced an event for the
-- same agent and campaign within the campaign's attribution window after the invite) kept on the
-- invite by the database, in the same transaction as every write that can change it, instead of
-- probed per invite on every read (Stats' conversions at a million events: about 120 ms a period).
-- - an invite: computed on insert and on an update of what it depends on (row trigger);
-- - events: each statement recomputes the invites of its rows' (agent, customer, campaign), old and new;
-- - a campaign's config, or a config's attribution window, changed: its campaigns' invites recomputed.
-- Both statement triggers recompute through invites_recompute. An invite and an event of one agent
-- written at once by two transactions could each miss the other's uncommitted row: both take a
-- transaction lock on the agent's bucket (of 64) first, so the second waits and then reads the
-- first's committed row. Existing invites are backfilled.
ALTER TABLE "invites" ADD COLUMN "converted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "invites_agent_recipient" ON "invites" USING btree ("agent_id","recipient_msisdn","campaign_id");--> statement-breakpoint
CREATE FUNCTION "invite_converted"(agent integer, campaign integer, recipient text, invited timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM campaigns c JOIN agency_campaign_type_configs k ON k.id = c.agency_campaign_type_config_id
      JOIN events e ON e.agent_id = agent AND e.customer_msisdn = recipient AND e.campaign_id = campaign
        AND e.created_at >= invited AND e.created_at < invited + make_interval(days => k.attribution_window_days)
    WHERE c.id = campaign)
$$;--> statement-breakpoint
CREATE FUNCTION "invite_conversion_locks"(agents integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT count(pg_advisory_xact_lock(727301, b)) FROM (SELECT DISTINCT a % 64 AS b FROM unnest(agents) a ORDER BY 1) buckets
$$;--> statement-breakpoint
CREATE FUNCTION "invites_recompute"(agents integer[], recipients text[], campaign_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The invites of these (agent, customer, campaign), each set anew where it changed (null arrays: none).
  PERFORM invite_conversion_locks(agents);
  -- A new statement, a new snapshot: it sees what the transactions waited for committed.
  UPDATE invites i SET converted = r.now
    FROM (
      SELECT v.id, invite_converted(v.agent_id, v.campaign_id, v.recipient_msisdn, v.invite_datetime) AS now, v.converted AS was
      FROM invites v JOIN (SELECT DISTINCT * FROM unnest(agents, recipients, campaign_ids) AS t(agent_id, recipient, campaign_id)) e
        ON v.agent_id = e.agent_id AND v.recipient_msisdn = e.recipient AND v.campaign_id = e.campaign_id
    ) r
    WHERE i.id = r.id AND r.now <> r.was;
END $$;--> statement-breakpoint
CREATE FUNCTION "invites_converted_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invite_conversion_locks(ARRAY[NEW.agent_id]);
  NEW.converted := invite_converted(NEW.agent_id, NEW.campaign_id, NEW.recipient_msisdn, NEW.invite_datetime);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "invites_converted_by_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger names the transition tables its operation has: new_rows (INSERT, UPDATE), old_rows (UPDATE, DELETE).
  IF TG_OP = 'INSERT' THEN
    PERFORM invites_recompute(array_agg(agent_id), array_agg(customer_msisdn), array_agg(campaign_id)) FROM new_rows WHERE customer_msisdn IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM invites_recompute(array_agg(agent_id), array_agg(customer_msisdn), array_agg(campaign_id)) FROM old_rows WHERE customer_msisdn IS NOT NULL;
  ELSE
    PERFORM invites_recompute(array_agg(agent_id), array_agg(customer_msisdn), array_agg(campaign_id))
      FROM (SELECT agent_id, customer_msisdn, campaign_id FROM old_rows UNION SELECT agent_id, customer_msisdn, campaign_id FROM new_rows) e
      WHERE customer_msisdn IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "invites_converted_by_campaigns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A campaign moved to another config (another attribution window): its invites anew.
  PERFORM invites_recompute(array_agg(i.agent_id), array_agg(i.recipient_msisdn), array_agg(i.campaign_id))
    FROM invites i JOIN new_rows n ON n.id = i.campaign_id JOIN old_rows o ON o.id = n.id
    WHERE n.agency_campaign_type_config_id IS DISTINCT FROM o.agency_campaign_type_config_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "invites_converted_by_configs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A config's attribution window changed: the invites of its campaigns anew.
  PERFORM invites_recompute(array_agg(i.agent_id), array_agg(i.recipient_msisdn), array_agg(i.campaign_id))
    FROM invites i JOIN campaigns c ON c.id = i.campaign_id JOIN new_rows n ON n.id = c.agency_campaign_type_config_id JOIN old_rows o ON o.id = n.id
    WHERE n.attribution_window_days IS DISTINCT FROM o.attribution_window_days;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invites_converted" BEFORE INSERT OR UPDATE OF "agent_id", "campaign_id", "recipient_msisdn", "invite_datetime" ON "invites" FOR EACH ROW EXECUTE FUNCTION "invites_converted_row"();--> statement-breakpoint
CREATE TRIGGER "invites_converted_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invites_converted_by_events"();--> statement-breakpoint
CREATE TRIGGER "invites_converted_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invites_converted_by_events"();--> statement-breakpoint
CREATE TRIGGER "invites_converted_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invites_converted_by_events"();--> statement-breakpoint
CREATE TRIGGER "invites_converted_campaigns" AFTER UPDATE ON "campaigns" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invites_converted_by_campaigns"();--> statement-breakpoint
CREATE TRIGGER "invites_converted_configs" AFTER UPDATE ON "agency_campaign_type_configs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invites_converted_by_configs"();--> statement-breakpoint
UPDATE invites SET converted = true WHERE invite_converted(agent_id, campaign_id, recipient_msisdn, invite_datetime);
