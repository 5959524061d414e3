-- A paid run's payout and the provider's results (issue 52): one line per agent of the run, as the
-- payout file asks the provider to pay it, each with the provider's answer given once. The runs
-- paid before this migration get their lines as their files were written (one per agent, in agent
-- id order, the same line ids), with the amounts those files asked for.
CREATE TABLE "payout_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_run_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"line_id" text NOT NULL,
	"position" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"msisdn" text,
	"payments" integer NOT NULL,
	"payments_total" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"provider_reference" text,
	"reason" text,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"retry_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_lines_line_id_unique" UNIQUE("line_id"),
	CONSTRAINT "payout_lines_currency_code_iso" CHECK ("payout_lines"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payout_lines_status" CHECK ("payout_lines"."status" in ('sent', 'paid', 'failed')),
	CONSTRAINT "payout_lines_amount" CHECK ("payout_lines"."amount" >= 0),
	CONSTRAINT "payout_lines_settled" CHECK (("payout_lines"."status" = 'sent') = ("payout_lines"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_retry_of_payout_lines_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."payout_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_run_currency" FOREIGN KEY ("payment_run_id","currency_code") REFERENCES "public"."payment_runs"("id","currency_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_run_agent" ON "payout_lines" USING btree ("payment_run_id","agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_run_position" ON "payout_lines" USING btree ("payment_run_id","position");--> statement-breakpoint
CREATE INDEX "payout_lines_agent" ON "payout_lines" USING btree ("agent_id","currency_code");--> statement-breakpoint
CREATE INDEX "payout_lines_retry" ON "payout_lines" USING btree ("retry_of") WHERE "payout_lines"."retry_of" is not null;--> statement-breakpoint
CREATE INDEX "payout_lines_open" ON "payout_lines" USING btree ("created_at") WHERE "payout_lines"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "payment_run_lines_released" ON "payment_run_lines" USING btree ("payment_id") WHERE "payment_run_lines"."reversed_at" is not null;
--> statement-breakpoint
CREATE FUNCTION "payout_lines_result_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'sent'
     OR (NEW.id, NEW.payment_run_id, NEW.currency_code, NEW.line_id, NEW.position, NEW.agent_id, NEW.payments, NEW.payments_total, NEW.amount, NEW.msisdn, NEW.retry_of, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.payment_run_id, OLD.currency_code, OLD.line_id, OLD.position, OLD.agent_id, OLD.payments, OLD.payments_total, OLD.amount, OLD.msisdn, OLD.retry_of, OLD.created_at) THEN
    RAISE EXCEPTION 'a payout line is given its result once, and is never otherwise changed or deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payout_lines_result_once" BEFORE UPDATE OR DELETE ON "payout_lines"
  FOR EACH ROW EXECUTE FUNCTION "payout_lines_result_once"();--> statement-breakpoint
INSERT INTO "payout_lines" ("payment_run_id", "currency_code", "line_id", "position", "agent_id", "msisdn", "payments", "payments_total", "amount", "created_at")
SELECT a.payment_run_id, a.currency_code, r.ref || '-' || a.position, a.position, a.agent_id, u.msisdn,
  a.payments, a.total, a.total, coalesce(r.approved_at, r.created_at)
FROM (
  SELECT l.payment_run_id, l.currency_code, p.agent_id, count(*)::int AS payments, sum(l.amount) AS total,
    row_number() OVER (PARTITION BY l.payment_run_id ORDER BY p.agent_id)::int AS position
  FROM "payment_run_lines" l JOIN "payments" p ON p.id = l.payment_id
  WHERE l.reversed_at IS NULL
  GROUP BY l.payment_run_id, l.currency_code, p.agent_id
) a
JOIN "payment_runs" r ON r.id = a.payment_run_id
JOIN "users" u ON u.id = a.agent_id
WHERE r.reversed_at IS NULL AND r.rejected_at IS NULL AND (r.approval_limit IS NULL OR r.approved_at IS NOT NULL)
ORDER BY a.payment_run_id, a.position;
