-- The agents screen: trigram search over users (pg_trgm ships with PostgreSQL and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "user_role_campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "fraud_events_agent" ON "fraud_events" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "user_roles_type_status" ON "user_roles" USING btree ("role_type_id","status_type_id");--> statement-breakpoint
CREATE INDEX "users_search" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "username" || ' ' || coalesce("msisdn", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name" ON "users" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "users_last_name" ON "users" USING btree ("last_name");