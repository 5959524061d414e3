-- Money carries its currency (issue 32): each table with a money column and no currency gains
-- currency_code (ISO 4217, three capital letters), filled here so existing databases migrate. A
-- campaign's is its agency's country's currency (else its campaign code's country's); its versions
-- and compensations take the campaign's; a payment run takes the one currency of its payments, else
-- its campaign's, else its country's. A row whose currency cannot be found (a country without one,
-- a run that mixed currencies) gets 'XXX', ISO 4217's 'no currency', and is never summed with another.
ALTER TABLE "campaigns" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "campaigns" c SET "currency_code" = coalesce(
  (SELECT cur.code FROM agencies a JOIN countries co ON co.id = a.country_id JOIN currencies cur ON cur.id = co.currency_id WHERE a.id = c.agency_id),
  (SELECT cur.code FROM countries co JOIN currencies cur ON cur.id = co.currency_id WHERE co.iso_code = c.country_code),
  'XXX');--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "campaign_versions" v SET "currency_code" = c.currency_code FROM campaigns c WHERE c.id = v.campaign_id;--> statement-breakpoint
ALTER TABLE "campaign_versions" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "event_compensation_configs" e SET "currency_code" = c.currency_code FROM campaigns c WHERE c.id = e.campaign_id;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "currency_code" text;--> statement-breakpoint
UPDATE "payment_runs" r SET "currency_code" = CASE
  WHEN EXISTS (SELECT 1 FROM payments p WHERE p.payment_run_id = r.id)
    THEN (SELECT CASE WHEN count(DISTINCT p.currency_code) = 1 THEN min(p.currency_code) ELSE 'XXX' END FROM payments p WHERE p.payment_run_id = r.id)
  ELSE coalesce(
    (SELECT c.currency_code FROM campaigns c WHERE c.id = r.campaign_id),
    (SELECT cur.code FROM countries co JOIN currencies cur ON cur.id = co.currency_id WHERE co.iso_code = r.country_code),
    'XXX')
  END;--> statement-breakpoint
ALTER TABLE "payment_runs" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_currency_code_iso" CHECK ("campaign_versions"."currency_code" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_currency_code_iso" CHECK ("campaigns"."currency_code" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD CONSTRAINT "event_compensation_configs_currency_code_iso" CHECK ("event_compensation_configs"."currency_code" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_currency_code_iso" CHECK ("payment_runs"."currency_code" ~ '^[A-Z]{3}$');
