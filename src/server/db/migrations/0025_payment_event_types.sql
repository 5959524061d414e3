-- Agent Payments sorted by its Event column (issue 36) walks event types in name order and reads
-- each one's payments by (event_type_id, id): a payment keeps its event's type, set by the database
-- on every insert (or a change of its event), and kept when an event's type changes. Existing
-- payments are backfilled from their events.
ALTER TABLE "payments" ADD COLUMN "event_type_id" integer;--> statement-breakpoint
UPDATE "payments" p SET "event_type_id" = e."event_type_id" FROM "events" e WHERE e."id" = p."event_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "event_type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_event_type_id" ON "payments" USING btree ("event_type_id","id");--> statement-breakpoint
CREATE FUNCTION "payments_event_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.event_type_id := (SELECT event_type_id FROM events WHERE id = NEW.event_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_event_type" BEFORE INSERT OR UPDATE OF "event_id" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_event_type"();--> statement-breakpoint
CREATE FUNCTION "events_payment_event_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments SET event_type_id = NEW.event_type_id WHERE event_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_payment_event_type" AFTER UPDATE OF "event_type_id" ON "events"
  FOR EACH ROW WHEN (OLD.event_type_id IS DISTINCT FROM NEW.event_type_id) EXECUTE FUNCTION "events_payment_event_type"();
