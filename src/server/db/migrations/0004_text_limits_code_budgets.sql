ALTER TABLE "countries" ALTER COLUMN "name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "dialing_code" SET DATA TYPE varchar(10);--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "sms_cid" SET DATA TYPE varchar(50);--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "sms_cid" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "sms_from" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "sms_from" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "country_languages" ALTER COLUMN "url_prefix" SET DATA TYPE varchar(500);--> statement-breakpoint
ALTER TABLE "country_languages" ALTER COLUMN "url_prefix" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "event_types" ALTER COLUMN "name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "event_types" ALTER COLUMN "pretty_name" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username" SET DATA TYPE varchar(254);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET DATA TYPE varchar(254);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "msisdn" SET DATA TYPE varchar(30);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "first_name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "last_name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "whitelists" ALTER COLUMN "msisdn" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "whitelists" ALTER COLUMN "country_code" SET DATA TYPE varchar(8);--> statement-breakpoint
ALTER TABLE "auth_events" ADD COLUMN "purpose" text;