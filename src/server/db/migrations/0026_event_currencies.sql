-- Agent Events Detail and Retention Events Detail sorted by Pay (issue 36), which sorts within the
-- campaign's currency, read (currency, pay, id) in order: an event keeps its campaign's currency,
-- set by the database on every insert (or a change of its campaign), and kept when a campaign's
-- currency changes. Existing rows are backfilled with the events' statement triggers (Stats' day
-- summaries, invites' conversions) held off: the backfill changes nothing they read.
ALTER TABLE "events" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "retention_events" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "events" DISABLE TRIGGER "stats_event_days_update";--> statement-breakpoint
ALTER TABLE "events" DISABLE TRIGGER "invites_converted_update";--> statement-breakpoint
UPDATE "events" e SET "currency_code" = c."currency_code" FROM "campaigns" c WHERE c."id" = e."campaign_id";--> statement-breakpoint
ALTER TABLE "events" ENABLE TRIGGER "stats_event_days_update";--> statement-breakpoint
ALTER TABLE "events" ENABLE TRIGGER "invites_converted_update";--> statement-breakpoint
UPDATE "retention_events" r SET "currency_code" = c."currency_code" FROM "campaigns" c WHERE c."id" = r."campaign_id";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "retention_events" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "events_pay_sort" ON "events" USING btree (coalesce("currency_code", ''),"pay","id");--> statement-breakpoint
CREATE INDEX "retention_events_pay_sort" ON "retention_events" USING btree (coalesce("currency_code", ''),"pay","id");--> statement-breakpoint
CREATE FUNCTION "campaign_currency_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.currency_code := (SELECT currency_code FROM campaigns WHERE id = NEW.campaign_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_campaign_currency" BEFORE INSERT OR UPDATE OF "campaign_id" ON "events"
  FOR EACH ROW EXECUTE FUNCTION "campaign_currency_of_row"();--> statement-breakpoint
CREATE TRIGGER "retention_events_campaign_currency" BEFORE INSERT OR UPDATE OF "campaign_id" ON "retention_events"
  FOR EACH ROW EXECUTE FUNCTION "campaign_currency_of_row"();--> statement-breakpoint
CREATE FUNCTION "campaigns_currency_to_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET currency_code = NEW.currency_code WHERE campaign_id = NEW.id;
  UPDATE retention_events SET currency_code = NEW.currency_code WHERE campaign_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "campaigns_currency_to_events" AFTER UPDATE OF "currency_code" ON "campaigns"
  FOR EACH ROW WHEN (OLD.currency_code IS DISTINCT FROM NEW.currency_code) EXECUTE FUNCTION "campaigns_currency_to_events"();
