-- Secure reports (issue 16). secure_reports was never written before this, so its new NOT NULL columns
-- need no default; the file moves out of the row into secure_files, kept once by its SHA-256, in parts.
-- One-time codes gain the subject a code is bound to (a secure report's download).
CREATE TABLE "secure_file_parts" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "secure_file_parts_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
CREATE TABLE "secure_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_report_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"address" text,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "secure_reports_agency";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "secure_reports" ADD COLUMN "size" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "secure_reports" ADD COLUMN "sha256" text NOT NULL;--> statement-breakpoint
ALTER TABLE "secure_file_parts" ADD CONSTRAINT "secure_file_parts_sha256_secure_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."secure_files"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_report_ledger" ADD CONSTRAINT "secure_report_ledger_report_id_secure_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."secure_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_report_ledger" ADD CONSTRAINT "secure_report_ledger_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "secure_report_ledger_report_at" ON "secure_report_ledger" USING btree ("report_id","at");--> statement-breakpoint
ALTER TABLE "secure_reports" ADD CONSTRAINT "secure_reports_sha256_secure_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."secure_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "secure_reports_agency_campaign_file" ON "secure_reports" USING btree ("agency_id","campaign_id","sha256");--> statement-breakpoint
CREATE INDEX "secure_reports_created" ON "secure_reports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "secure_reports" DROP COLUMN "content";