-- Payment run lines (issue 33): what a run paid, one line per payment, with the amount and
-- currency it paid. A payment is on at most one line that is not reversed (the partial unique
-- index payment_run_lines_paid_once): exactly once, held by the database. The runs already made
-- (the demo's, any before this) get their lines from the payments they paid. A line never changes
-- but to be reversed, and is never deleted (the trigger).
CREATE TABLE "payment_run_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_run_id" integer NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "payment_run_lines_currency_code_iso" CHECK ("payment_run_lines"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_payment_run_id_payment_runs_id_fk" FOREIGN KEY ("payment_run_id") REFERENCES "public"."payment_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_run_lines_paid_once" ON "payment_run_lines" USING btree ("payment_id") WHERE "payment_run_lines"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "payment_run_lines_run" ON "payment_run_lines" USING btree ("payment_run_id");--> statement-breakpoint
INSERT INTO "payment_run_lines" ("payment_run_id", "payment_id", "amount", "currency_code")
  SELECT "payment_run_id", "id", "amount", "currency_code" FROM "payments" WHERE "payment_run_id" IS NOT NULL ORDER BY "id";--> statement-breakpoint
CREATE FUNCTION "payment_run_lines_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.reversed_at IS NULL AND NEW.reversed_at IS NOT NULL
     AND (NEW.id, NEW.payment_run_id, NEW.payment_id, NEW.amount, NEW.currency_code) = (OLD.id, OLD.payment_run_id, OLD.payment_id, OLD.amount, OLD.currency_code) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a payment run line is never changed or deleted, only reversed' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_run_lines_immutable" BEFORE UPDATE OR DELETE ON "payment_run_lines"
  FOR EACH ROW EXECUTE FUNCTION "payment_run_lines_immutable"();
