CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_admins" ON "users" USING btree ("id") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE INDEX "whitelists_campaign" ON "whitelists" USING btree ("campaign_id");