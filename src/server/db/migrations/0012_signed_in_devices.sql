-- Signed-in devices (issue 31, item 6): each session keeps where it signed in from (address,
-- User-Agent, a short device name) and when it was last used, and is named in lists and sign-outs
-- by a random public_id (its own id is the tokens' sid). Sessions open before this were signed in
-- from an unknown place; they count as used now. auth_events records each session that ends: which,
-- who ended it and why.
ALTER TABLE "auth_events" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "auth_events" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "auth_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;