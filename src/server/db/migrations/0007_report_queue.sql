-- Report jobs on pg-boss (issue 15). report_jobs was never written before this, so its new NOT NULL
-- columns need no default; the file moves out of the row into parts a run writes and a download streams.
CREATE TABLE "report_file_parts" (
	"report_id" integer NOT NULL,
	"run_token" text NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "report_file_parts_report_id_run_token_seq_pk" PRIMARY KEY("report_id","run_token","seq")
);
--> statement-breakpoint
DROP INDEX "report_jobs_status_created";--> statement-breakpoint
DROP INDEX "report_jobs_creator";--> statement-breakpoint
ALTER TABLE "report_jobs" ALTER COLUMN "file_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "grid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "scope" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "scope_campaign_ids" integer[];--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "run_token" text;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "rows" integer;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "bytes" bigint;--> statement-breakpoint
ALTER TABLE "report_file_parts" ADD CONSTRAINT "report_file_parts_report_id_report_jobs_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_jobs_kind_created" ON "report_jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "report_jobs_status_id" ON "report_jobs" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "report_jobs" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "report_jobs" DROP COLUMN "result";