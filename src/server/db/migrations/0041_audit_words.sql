-- The Audit grid's Summary in the product's words (issue 53), as the entry's popup reads it
-- (contract/auditWords.ts): an edit names the fields it changed by their labels, nested records
-- (an agent's role and user) read field by field, not 'Changed user_role'; a payment run's totals
-- through the money format ('XOF 346,414', not '346414.00 XOF'). The search text is generated from
-- the summary, so it is dropped and generated again with its index.
CREATE FUNCTION "audit_field_label"(field text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE field
    WHEN 'first_name' THEN 'first name' WHEN 'firstname' THEN 'first name'
    WHEN 'last_name' THEN 'last name' WHEN 'lastname' THEN 'last name'
    WHEN 'msisdn' THEN 'mobile number' WHEN 'pretty_name' THEN 'name'
    WHEN 'campaign_id' THEN 'campaign' WHEN 'campaign_name' THEN 'campaign'
    WHEN 'agency_id' THEN 'agency' WHEN 'agency_name' THEN 'agency'
    WHEN 'country_code' THEN 'country' WHEN 'iso_code' THEN 'country code' WHEN 'dialing_code' THEN 'dialling code'
    WHEN 'language_code' THEN 'language' WHEN 'currency_code' THEN 'currency'
    WHEN 'status_type' THEN 'status' WHEN 'role_type' THEN 'role' WHEN 'is_gifting' THEN 'gifter'
    WHEN 'reference' THEN 'accounting reference' WHEN 'sms_cid' THEN 'SMS sender id' WHEN 'sms_from' THEN 'SMS from'
    ELSE replace(field, '_', ' ')
  END
$$;--> statement-breakpoint
-- An amount for people: 'GHS 1,500.00', 'XOF 346,414' (ISO 4217's currencies without a minor unit in whole units).
CREATE FUNCTION "audit_money"(amount text, currency text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN amount IS NULL OR amount !~ '^-?[0-9]{1,15}(\.[0-9]{1,2})?$' THEN coalesce(amount, '') || ' ' || currency
    WHEN currency IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF')
      THEN currency || ' ' || to_char(round(amount::numeric), 'FM999,999,999,999,990')
    ELSE currency || ' ' || to_char(amount::numeric, 'FM999,999,999,999,990.00')
  END
$$;--> statement-breakpoint
-- A record's fields by their path ('user_role.user.last_name'); a named reference ({id, name}) is one field, its name.
CREATE FUNCTION "audit_fields"(doc jsonb) RETURNS TABLE(path text, field text, value jsonb)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH RECURSIVE f(path, field, value) AS (
    SELECT e.key, e.key, e.value FROM jsonb_each(CASE WHEN jsonb_typeof(doc) = 'object' THEN doc ELSE '{}'::jsonb END) e
    UNION ALL
    SELECT f.path || '.' || e.key, e.key, e.value FROM f CROSS JOIN LATERAL jsonb_each(f.value) e
    WHERE jsonb_typeof(f.value) = 'object' AND NOT (f.value ?& array['id', 'name'] AND (SELECT count(*) FROM jsonb_object_keys(f.value)) = 2)
  )
  SELECT path, field, CASE WHEN jsonb_typeof(value) = 'object' THEN value -> 'name' ELSE value END FROM f
  WHERE jsonb_typeof(value) <> 'object' OR (value ?& array['id', 'name'] AND (SELECT count(*) FROM jsonb_object_keys(value)) = 2)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_summary"(entry_entity text, entry_action text, entry_id text, entry_before jsonb, entry_after jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    -- A payment run's later steps (approved, rejected, reversed), with the reason.
    WHEN entry_entity = 'payment_run' AND entry_after->>'step' IS NOT NULL THEN
      initcap(entry_after->>'step') || ' run ' || coalesce(entry_after->>'ref', entry_id) || coalesce(': ' || (entry_after->>'reason'), '')
    -- Its making: the count and the totals per currency.
    WHEN entry_entity = 'payment_run' AND entry_action = 'create' THEN
      'Made run ' || coalesce(entry_after->>'ref', entry_id) || ': '
        || CASE WHEN entry_after->>'count' ~ '^[0-9]{1,15}$' THEN to_char((entry_after->>'count')::bigint, 'FM999,999,999,999,990') ELSE coalesce(entry_after->>'count', '0') END || ' payments, '
        || coalesce((SELECT string_agg(audit_money(t.value #>> '{}', t.key), ', ' ORDER BY t.key)
          FROM jsonb_each(CASE WHEN jsonb_typeof(entry_after->'totals') = 'object' THEN entry_after->'totals' ELSE '{}'::jsonb END) t), '')
    -- A batch: its count.
    WHEN coalesce(entry_after, entry_before)->>'batch' = 'true' THEN
      initcap(entry_action) || ': ' || coalesce(coalesce(entry_after, entry_before)->>'count', '0') || ' rows'
    -- The record added or removed, by the name people know it by (never a mobile number or an email).
    WHEN entry_action = 'create' THEN 'Added' || coalesce(' ' || coalesce(entry_after->>'pretty_name', entry_after->>'name', entry_after->>'campaign_name', entry_after->>'agency_name', entry_after->>'country', entry_after->>'language_code'), '')
    WHEN entry_action = 'delete' THEN 'Removed' || coalesce(' ' || coalesce(entry_before->>'pretty_name', entry_before->>'name', entry_before->>'campaign_name', entry_before->>'agency_name', entry_before->>'country', entry_before->>'language_code'), '')
    -- An edit: the fields it changed, by their labels, keys and write stamps left out.
    WHEN jsonb_typeof(entry_before) = 'object' AND jsonb_typeof(entry_after) = 'object' THEN
      coalesce('Changed ' || (SELECT string_agg(DISTINCT audit_field_label(a.field), ', ' ORDER BY audit_field_label(a.field))
        FROM audit_fields(entry_after) a LEFT JOIN audit_fields(entry_before) b ON b.path = a.path
        WHERE a.field NOT IN ('id', 'user', 'updated_at', 'updated_by', 'added_by', 'created_at', 'created_by') AND b.value IS DISTINCT FROM a.value), 'Saved without changes')
    ELSE 'Changed'
  END
$$;--> statement-breakpoint
DROP INDEX "audit_log_search";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_text" text GENERATED ALWAYS AS (("action" || ' ' || (case "entity" when 'admin_user' then 'Admin user' when 'agency' then 'Agency' when 'agent' then 'Agent' when 'campaign' then 'Campaign' when 'campaign_language' then 'Campaign language' when 'campaign_version' then 'Campaign version' when 'country' then 'Country' when 'country_sms' then 'Country SMS' when 'event_compensation_config' then 'Campaign event type' when 'event_type' then 'Event type' when 'payment_run' then 'Payment run' when 'user' then 'Field user' when 'user_role' then 'User role' when 'user_role_campaign' then 'User role campaign' when 'whitelist' then 'Whitelist' else "entity" end) || ' ' || "entity_id" || ' ' || coalesce(audit_summary("entity", "action", "entity_id", "before", "after"), ''))) STORED;--> statement-breakpoint
CREATE INDEX "audit_log_search" ON "audit_log" USING gin ("search_text" gin_trgm_ops);