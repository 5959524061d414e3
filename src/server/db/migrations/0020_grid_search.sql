-- The report grids' search at a million rows (issue 36): a term is looked for in the row's own text
-- (a trigram index on the very expression the grid searches, schema.ts *SearchText), in the agents
-- it names (users_grid_search: the name, mobile number and agent code the grids show) and in its
-- campaign, each by an index, instead of in one text of the whole joined row, which no index can
-- serve.
CREATE INDEX "events_search" ON "events" USING gin ((coalesce("customer_msisdn", '') || ' ' || coalesce("medium", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fraud_events_search" ON "fraud_events" USING gin (("description" || ' ' || "msisdn" || ' ' || coalesce("device_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "retention_events_search" ON "retention_events" USING gin (("giftee_msisdn" || ' ' || coalesce("medium", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_grid_search" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || coalesce("msisdn", '') || ' ' || coalesce("agent_code", '')) gin_trgm_ops);
