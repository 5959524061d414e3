-- The report grids page by keyset: (time, id) indexes on every table a grid reads newest first.
DROP INDEX "events_created";--> statement-breakpoint
DROP INDEX "events_agent";--> statement-breakpoint
DROP INDEX "fraud_events_created";--> statement-breakpoint
DROP INDEX "retention_events_created";--> statement-breakpoint
CREATE INDEX "events_created_id" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_agent_customer" ON "events" USING btree ("agent_id","customer_msisdn","created_at");--> statement-breakpoint
CREATE INDEX "fraud_events_created_id" ON "fraud_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invites_time_id" ON "invites" USING btree ("invite_datetime","id");--> statement-breakpoint
CREATE INDEX "payments_created_id" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "retention_events_created_id" ON "retention_events" USING btree ("created_at","id");