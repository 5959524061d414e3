-- Queued payment runs (issue 33): a run of more than PAYMENT_RUN_QUEUE_ABOVE payments is made by a
-- paymentrun job; its request (filter, reference, fingerprint, request id, the caller and their
-- scope, the approval limits) waits beside the job for the worker. One job makes one run per
-- currency, so payment_runs.job_id is no longer unique (an index keeps a job's runs quick to find).
CREATE TABLE "payment_run_requests" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"filter" jsonb NOT NULL,
	"reference" text NOT NULL,
	"fingerprint" text NOT NULL,
	"user_id" integer NOT NULL,
	"scope" jsonb NOT NULL,
	"approval_limits" jsonb NOT NULL,
	CONSTRAINT "payment_run_requests_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "payment_runs" DROP CONSTRAINT "payment_runs_job_id_unique";--> statement-breakpoint
ALTER TABLE "payment_run_requests" ADD CONSTRAINT "payment_run_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_requests" ADD CONSTRAINT "payment_run_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_runs_job" ON "payment_runs" USING btree ("job_id");