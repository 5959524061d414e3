-- Agent Events Detail sorted by payment run or paid (issue 36): each run's events in order, read
-- through their payments; a run writes its entries at the index's end (its id is the newest).
CREATE INDEX "payments_run_event" ON "payments" USING btree ("payment_run_id","event_id") WHERE "payments"."payment_run_id" is not null;
