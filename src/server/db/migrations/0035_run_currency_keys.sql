-- Payouts (issue 52). A run's payments and lines carry the run's currency, and the database holds
-- it: (payment_run_id, currency_code) references the run's (id, currency_code), so a claim that
-- put a payment on a run of another currency is refused, not summed into its total. And a queued
-- run's request may come without a preview's fingerprint (section 7's own body).
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_id_currency" UNIQUE("id","currency_code");--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_run_currency" FOREIGN KEY ("payment_run_id","currency_code") REFERENCES "public"."payment_runs"("id","currency_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_run_currency" FOREIGN KEY ("payment_run_id","currency_code") REFERENCES "public"."payment_runs"("id","currency_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_requests" ALTER COLUMN "fingerprint" DROP NOT NULL;
