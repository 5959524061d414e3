-- Agent Events Detail sorted by payment run or paid (issue 36): the runs walked in either order,
-- each run's events read in order through their payments. A run writes its entries at the end of
-- payments_run_event (its id is the newest), so it pays little for them.
CREATE INDEX "payment_runs_paid" ON "payment_runs" USING btree (("approval_limit" is null or "approved_at" is not null),"id");--> statement-breakpoint
CREATE INDEX "payments_run_event" ON "payments" USING btree ("payment_run_id","event_id") WHERE "payments"."payment_run_id" is not null;
