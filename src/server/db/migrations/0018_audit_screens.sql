-- The Audit screen and the Stats tab's 'What changed' (issue 35): when a write replayed from the
-- console's outbox was made (queued_at), and the agencies and campaigns each entry concerns, so a
-- scoped admin's latest changes are read by an index; indexes for the screen's filters (admin,
-- entity, date). The existing trail is backfilled from the rows its entries name (domain/audit.ts
-- concernsUpdate, the same statement); queued_at stays null for them: nothing recorded it.
ALTER TABLE "audit_log" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "agency_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "campaign_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at" ON "audit_log" USING btree ("entity","at");--> statement-breakpoint
CREATE INDEX "audit_log_agencies" ON "audit_log" USING gin ("agency_ids");--> statement-breakpoint
CREATE INDEX "audit_log_campaigns" ON "audit_log" USING gin ("campaign_ids");--> statement-breakpoint
update audit_log l set agency_ids = p.agency_ids, campaign_ids = p.campaign_ids
from (
  select e.id,
    coalesce(array_agg(distinct x.agency_id order by x.agency_id) filter (where x.agency_id is not null), '{}') as agency_ids,
    coalesce(array_agg(distinct x.campaign_id order by x.campaign_id) filter (where x.campaign_id is not null), '{}') as campaign_ids
  from audit_log e
  cross join lateral (select case when e.entity_id ~ '^[0-9]{1,9}$' then e.entity_id::int end as n,
    case when coalesce(e.after, e.before)->>'campaign' ~ '^[0-9]{1,9}$' then (coalesce(e.after, e.before)->>'campaign')::int end as hint) k
  cross join lateral (
    select c.agency_id, c.id as campaign_id from campaigns c where c.id = case
      when e.entity = 'campaign' then k.n
      when e.entity = 'campaign_version' then (select v.campaign_id from campaign_versions v where v.id = k.n)
      when e.entity = 'campaign_language' then coalesce((select cl.campaign_id from campaign_languages cl where cl.id = k.n), k.hint)
      when e.entity = 'event_compensation_config' then coalesce((select ec.campaign_id from event_compensation_configs ec where ec.id = k.n), k.hint)
      when e.entity = 'whitelist' then (select w.campaign_id from whitelists w where w.id = k.n)
      when e.entity = 'payment_run' then (select r.campaign_id from payment_runs r where r.id = k.n)
    end
    union all
    select r.agency_id, urc.campaign_id from user_roles r left join user_role_campaigns urc on urc.user_role_id = r.id
    where (e.entity = 'user' and r.user_id = k.n) or (e.entity = 'user_role' and r.id = k.n)
    union all
    select r.agency_id, urc.campaign_id from user_role_campaigns urc join user_roles r on r.id = urc.user_role_id
    where e.entity in ('agent', 'user_role_campaign') and urc.id = k.n
    union all
    select k.n, null::int where e.entity = 'agency'
  ) x
  where true
  group by e.id
) p
where p.id = l.id;
