-- Payment run approval, rejection and reversal (issue 33): a run whose total passed its currency's
-- limit keeps that limit and awaits a second Super Admin; each step is taken once, with who, when and
-- why, on the run itself (the audit log holds each too). Runs made before need no approval.
ALTER TABLE "payment_runs" ADD COLUMN "approval_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_approved" CHECK (("payment_runs"."approved_at" is null) = ("payment_runs"."approved_by" is null)
      and ("payment_runs"."approved_at" is null or ("payment_runs"."approval_limit" is not null and "payment_runs"."rejected_at" is null and "payment_runs"."approved_by" <> "payment_runs"."created_by")));--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_rejected" CHECK (("payment_runs"."rejected_at" is null) = ("payment_runs"."rejected_by" is null) and ("payment_runs"."rejected_at" is null) = ("payment_runs"."rejection_reason" is null)
      and ("payment_runs"."rejected_at" is null or "payment_runs"."approval_limit" is not null));--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_reversed" CHECK (("payment_runs"."reversed_at" is null) = ("payment_runs"."reversed_by" is null) and ("payment_runs"."reversed_at" is null) = ("payment_runs"."reversal_reason" is null)
      and ("payment_runs"."reversed_at" is null or ("payment_runs"."rejected_at" is null and ("payment_runs"."approval_limit" is null or "payment_runs"."approved_at" is not null))));