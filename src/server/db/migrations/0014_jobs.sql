-- Job kinds (issue 32): report_jobs becomes a job's own columns (jobs, any kind) and its report's
-- (reports, keyed by the job's id); the status text splits into a checked status word and its
-- detail ('Queued (to be tried again after: x)' is Queued with 'to be tried again after: x', any
-- text that begins with no status word is Failed with the text as its detail). A payment run's
-- status was a second status machine: each run becomes a job of kind paymentrun, its status its
-- job's. Report jobs keep their ids (report_file_parts and downloads name them); runs' jobs follow.
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"detail" text,
	"description" text NOT NULL,
	"created_by" integer NOT NULL,
	"scope_campaign_ids" integer[],
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_token" text,
	"queue_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind_known" CHECK ("jobs"."kind" in ('report', 'paymentrun')),
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('Queued', 'Started', 'Finished', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"grid" text NOT NULL,
	"params" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer,
	"bytes" bigint
);
--> statement-breakpoint
CREATE FUNCTION pg_temp.job_status(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN $1 ~ '^(Queued|Started|Finished|Failed)' THEN substring($1 from '^(Queued|Started|Finished|Failed)') ELSE 'Failed' END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.job_detail(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN $1 ~ '^Queued \(.*\)$' THEN substring($1 from '^Queued \((.*)\)$')
    WHEN $1 ~ '^(Queued|Started|Finished|Failed): ' THEN substring($1 from '^[A-Za-z]+: (.*)$')
    WHEN $1 ~ '^(Queued|Started|Finished|Failed)' THEN nullif(btrim(substring($1 from '^[A-Za-z]+(.*)$')), '')
    ELSE $1
  END
$$;--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "status", "detail", "description", "created_by", "scope_campaign_ids", "attempts", "run_token", "queue_job_id", "created_at", "started_at", "finished_at")
  SELECT "id", 'report', pg_temp.job_status("status"), pg_temp.job_detail("status"), "description", "created_by", "scope_campaign_ids", "attempts", "run_token", "job_id", "created_at", "started_at", "finished_at"
  FROM "report_jobs";--> statement-breakpoint
INSERT INTO "reports" ("job_id", "list", "grid", "params", "scope", "file_name", "rows", "bytes")
  SELECT "id", "kind", "grid", "params", "scope", "file_name", "rows", "bytes" FROM "report_jobs";--> statement-breakpoint
-- A run's job is numbered after every report job; it was queued, started and finished when the run was made.
INSERT INTO "jobs" ("id", "kind", "status", "detail", "description", "created_by", "created_at", "started_at", "finished_at")
  SELECT (SELECT coalesce(max("id"), 0) FROM "report_jobs") + r."id", 'paymentrun', pg_temp.job_status(r."status"), pg_temp.job_detail(r."status"),
    'Payment run ' || r."ref", r."created_by", r."created_at", r."created_at",
    CASE WHEN pg_temp.job_status(r."status") IN ('Finished', 'Failed') THEN r."created_at" END
  FROM "payment_runs" r;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "job_id" integer;--> statement-breakpoint
UPDATE "payment_runs" SET "job_id" = (SELECT coalesce(max("id"), 0) FROM "report_jobs") + "id";--> statement-breakpoint
ALTER TABLE "payment_runs" ALTER COLUMN "job_id" SET NOT NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('jobs', 'id'), coalesce((SELECT max("id") FROM "jobs"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "report_file_parts" DROP CONSTRAINT "report_file_parts_report_id_report_jobs_id_fk";--> statement-breakpoint
DROP TABLE "report_jobs";--> statement-breakpoint
ALTER TABLE "payment_runs" DROP COLUMN "status";--> statement-breakpoint
DROP FUNCTION pg_temp.job_status(text);--> statement-breakpoint
DROP FUNCTION pg_temp.job_detail(text);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_file_parts" ADD CONSTRAINT "report_file_parts_report_id_reports_job_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_job_id_unique" UNIQUE("job_id");--> statement-breakpoint
CREATE INDEX "jobs_kind_created" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_status_id" ON "jobs" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "reports_list" ON "reports" USING btree ("list");
