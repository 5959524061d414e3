-- Every sortable column of the large grids read in order at millions of rows (issue 36): an index
-- on each text column's sort expression (db/foldedText.ts sortableText) and the key, so a page walks
-- it; (reference, key) on each row table, so a sort by campaign, agent or event type walks those
-- records in order and reads each one's rows (grids/defineGrid.ts ParentWalk). fraud_events_agent
-- becomes (agent_id, id), which serves the agents screen's BQ filter as well.
DROP INDEX "fraud_events_agent";--> statement-breakpoint
CREATE INDEX "audit_log_action_sort" ON "audit_log" USING btree (translate(lower(coalesce("action", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_sort" ON "audit_log" USING btree (translate(lower(coalesce("entity_id", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "audit_log_offline_id" ON "audit_log" USING btree (("queued_at" is not null),"id");--> statement-breakpoint
CREATE INDEX "audit_log_made_at_id" ON "audit_log" USING btree (coalesce("queued_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "campaigns_name_sort" ON "campaigns" USING btree (translate(lower(coalesce("name", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "events_campaign_id" ON "events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "events_agent_id" ON "events" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "events_event_type_id" ON "events" USING btree ("event_type_id","id");--> statement-breakpoint
CREATE INDEX "events_customer_msisdn_sort" ON "events" USING btree (translate(lower(coalesce("customer_msisdn", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "events_medium_sort" ON "events" USING btree (translate(lower(coalesce("medium", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "fraud_events_agent_id" ON "fraud_events" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "fraud_events_campaign_id" ON "fraud_events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "fraud_events_description_sort" ON "fraud_events" USING btree (translate(lower(coalesce("description", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "fraud_events_msisdn_sort" ON "fraud_events" USING btree (translate(lower(coalesce("msisdn", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "fraud_events_device_id_sort" ON "fraud_events" USING btree (translate(lower(coalesce("device_id", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "fraud_events_blacklisted_id" ON "fraud_events" USING btree ("blacklisted","id");--> statement-breakpoint
CREATE INDEX "payments_campaign_id" ON "payments" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "payments_agent_id" ON "payments" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "payments_amount_sort" ON "payments" USING btree (coalesce("currency_code", ''),"amount","id");--> statement-breakpoint
CREATE INDEX "retention_events_campaign_id" ON "retention_events" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "retention_events_gifter_id" ON "retention_events" USING btree ("gifter_id","id");--> statement-breakpoint
CREATE INDEX "retention_events_event_type_id" ON "retention_events" USING btree ("event_type_id","id");--> statement-breakpoint
CREATE INDEX "retention_events_giftee_msisdn_sort" ON "retention_events" USING btree (translate(lower(coalesce("giftee_msisdn", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "retention_events_medium_sort" ON "retention_events" USING btree (translate(lower(coalesce("medium", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "retention_events_activity_id" ON "retention_events" USING btree ("giftee_activity_events","id");--> statement-breakpoint
CREATE INDEX "users_first_name_sort" ON "users" USING btree (translate(lower(coalesce("first_name", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_sort" ON "users" USING btree (translate(lower(coalesce("last_name", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "users_msisdn_sort" ON "users" USING btree (translate(lower(coalesce("msisdn", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");--> statement-breakpoint
CREATE INDEX "users_agent_code_sort" ON "users" USING btree (translate(lower(coalesce("agent_code", '')), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'),"id");