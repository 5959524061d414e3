CREATE TABLE "admin_agency_links" (
	"user_id" integer NOT NULL,
	"agency_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"lokalise_key" text,
	"added_by" integer,
	"active_flag" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "agency_campaign_type_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"campaign_type_id" integer NOT NULL,
	"invite_window_days" integer NOT NULL,
	"total_max_invite_per_msisdn" integer NOT NULL,
	"total_max_invite_limit" integer NOT NULL,
	"invite_reset_window_days" integer NOT NULL,
	"next_reinvitation_lapse_period_days" integer NOT NULL,
	"compensation_eligibility_period_days" integer NOT NULL,
	"total_max_invite_limit_period_days" integer NOT NULL,
	"attribution_window_days" integer NOT NULL,
	"auto_fraud_block_flag" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_role_campaign_id" integer,
	"role_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "campaign_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"language_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"compensation_type_id" integer NOT NULL,
	CONSTRAINT "campaign_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"version" integer NOT NULL,
	"max_agent_count" integer NOT NULL,
	"budget_allocated_amount" numeric(14, 2) NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active_flag" boolean DEFAULT true NOT NULL,
	"agency_campaign_type_config_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"updated_by" text,
	"campaign_start_date" date NOT NULL,
	"budget_spend_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compensation_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "compensation_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"name" text NOT NULL,
	"dialing_code" text NOT NULL,
	"sms_cid" text DEFAULT '' NOT NULL,
	"sms_from" text DEFAULT '' NOT NULL,
	"default_language" text,
	"currency_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code"),
	CONSTRAINT "countries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "country_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"url_prefix" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"minor_units" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "event_compensation_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_version_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"remuneration_type_id" integer NOT NULL,
	"compensation_earning_event_day" integer NOT NULL,
	"compensation_earning_event_value" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pretty_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"customer_msisdn" text,
	"medium" text,
	"pay" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"description" text NOT NULL,
	"msisdn" text NOT NULL,
	"device_id" text,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"invite_datetime" timestamp with time zone NOT NULL,
	"recipient_msisdn" text NOT NULL,
	"extra_data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"medium" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text
);
--> statement-breakpoint
CREATE TABLE "payment_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"reference" text NOT NULL,
	"request_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"country_code" text,
	"campaign_id" integer,
	"search" text,
	"created_by" integer NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_runs_ref_unique" UNIQUE("ref"),
	CONSTRAINT "payment_runs_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"payment_run_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "remuneration_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "remuneration_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "report_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"mime" text,
	"result" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gifter_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"giftee_msisdn" text NOT NULL,
	"medium" text,
	"pay" numeric(14, 2) DEFAULT '0' NOT NULL,
	"giftee_activity_events" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "role_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "secure_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"agency_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "status_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_role_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_role_id" integer NOT NULL,
	"campaign_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agency_id" integer,
	"role_type_id" integer NOT NULL,
	"status_type_id" integer NOT NULL,
	"role_start_date" date,
	"role_end_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"msisdn" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"country_code" text,
	"language_code" text,
	"agent_code" text,
	"is_gifting" boolean DEFAULT false NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"unblacklist" boolean DEFAULT false NOT NULL,
	"secure_page" boolean DEFAULT false NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_codes" (
	"session_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whitelists" (
	"id" serial PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"country_code" text NOT NULL,
	"campaign_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_agency_links" ADD CONSTRAINT "admin_agency_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_agency_links" ADD CONSTRAINT "admin_agency_links_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_campaign_type_configs" ADD CONSTRAINT "agency_campaign_type_configs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_campaign_type_configs" ADD CONSTRAINT "agency_campaign_type_configs_campaign_type_id_campaign_types_id_fk" FOREIGN KEY ("campaign_type_id") REFERENCES "public"."campaign_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_role_campaign_id_user_role_campaigns_id_fk" FOREIGN KEY ("user_role_campaign_id") REFERENCES "public"."user_role_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_languages" ADD CONSTRAINT "campaign_languages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_languages" ADD CONSTRAINT "campaign_languages_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_types" ADD CONSTRAINT "campaign_types_compensation_type_id_compensation_types_id_fk" FOREIGN KEY ("compensation_type_id") REFERENCES "public"."compensation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_agency_campaign_type_config_id_agency_campaign_type_configs_id_fk" FOREIGN KEY ("agency_campaign_type_config_id") REFERENCES "public"."agency_campaign_type_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_default_language_languages_code_fk" FOREIGN KEY ("default_language") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_languages" ADD CONSTRAINT "country_languages_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_languages" ADD CONSTRAINT "country_languages_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD CONSTRAINT "event_compensation_configs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD CONSTRAINT "event_compensation_configs_campaign_version_id_campaign_versions_id_fk" FOREIGN KEY ("campaign_version_id") REFERENCES "public"."campaign_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD CONSTRAINT "event_compensation_configs_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_compensation_configs" ADD CONSTRAINT "event_compensation_configs_remuneration_type_id_remuneration_types_id_fk" FOREIGN KEY ("remuneration_type_id") REFERENCES "public"."remuneration_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_events" ADD CONSTRAINT "fraud_events_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_events" ADD CONSTRAINT "fraud_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_run_id_payment_runs_id_fk" FOREIGN KEY ("payment_run_id") REFERENCES "public"."payment_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_events" ADD CONSTRAINT "retention_events_gifter_id_users_id_fk" FOREIGN KEY ("gifter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_events" ADD CONSTRAINT "retention_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_events" ADD CONSTRAINT "retention_events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_reports" ADD CONSTRAINT "secure_reports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_reports" ADD CONSTRAINT "secure_reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_reports" ADD CONSTRAINT "secure_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_campaigns" ADD CONSTRAINT "user_role_campaigns_user_role_id_user_roles_id_fk" FOREIGN KEY ("user_role_id") REFERENCES "public"."user_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_campaigns" ADD CONSTRAINT "user_role_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_type_id_role_types_id_fk" FOREIGN KEY ("role_type_id") REFERENCES "public"."role_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_status_type_id_status_types_id_fk" FOREIGN KEY ("status_type_id") REFERENCES "public"."status_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_codes" ADD CONSTRAINT "verified_codes_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelists" ADD CONSTRAINT "whitelists_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_agency_links_pk" ON "admin_agency_links" USING btree ("user_id","agency_id");--> statement-breakpoint
CREATE INDEX "agencies_country" ON "agencies" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_campaign_type_configs_agency_type" ON "agency_campaign_type_configs" USING btree ("agency_id","campaign_type_id");--> statement-breakpoint
CREATE INDEX "auth_events_user_kind_time" ON "auth_events" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_address_kind_time" ON "auth_events" USING btree ("address","kind","created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_user" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_languages_campaign_language" ON "campaign_languages" USING btree ("campaign_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_versions_campaign_version" ON "campaign_versions" USING btree ("campaign_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_agency_name" ON "campaigns" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "campaigns_agency" ON "campaigns" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "country_languages_country_language" ON "country_languages" USING btree ("country_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_compensation_configs_version_event" ON "event_compensation_configs" USING btree ("campaign_version_id","event_type_id");--> statement-breakpoint
CREATE INDEX "events_created" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_agency_created" ON "events" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "events_campaign_created" ON "events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "events_agent" ON "events" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "fraud_events_created" ON "fraud_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fraud_events_campaign_created" ON "fraud_events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_agent_time" ON "invites" USING btree ("agent_id","invite_datetime");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_purpose" ON "one_time_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "payment_runs_created" ON "payment_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_campaign_created" ON "payments" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_agency_created" ON "payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_run" ON "payments" USING btree ("payment_run_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "report_jobs_status_created" ON "report_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_jobs_creator" ON "report_jobs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "retention_events_created" ON "retention_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "retention_events_campaign_created" ON "retention_events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "secure_reports_agency" ON "secure_reports" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "secure_reports_campaign" ON "secure_reports" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_role_campaigns_role_campaign" ON "user_role_campaigns" USING btree ("user_role_id","campaign_id");--> statement-breakpoint
CREATE INDEX "user_role_campaigns_campaign" ON "user_role_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "user_roles_user" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_agency_type" ON "user_roles" USING btree ("agency_id","role_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_msisdn" ON "users" USING btree ("msisdn");--> statement-breakpoint
CREATE UNIQUE INDEX "users_agent_code" ON "users" USING btree ("agent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "verified_codes_session_purpose" ON "verified_codes" USING btree ("session_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "whitelists_entry" ON "whitelists" USING btree ("msisdn","country_code",coalesce("campaign_id", 0));