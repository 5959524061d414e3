// What the demo's admins did before today, so that Whitelists and Audit open on what they are for
// (issue 53): a few whitelist entries per country, and the audit trail of them and of the monthly
// payment runs, as the console would have written it. Deterministic, as the rest of the seed.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client';
import { concernsUpdate } from '../../domain/audit';
import { isoInstant } from './units';

/** Entries per country: one for every campaign, and this many for each of its first campaigns. */
const PER_CAMPAIGN = 2;
const CAMPAIGNS_PER_COUNTRY = 3;

/** Whitelist entries in the last four weeks (each country's own, and its first campaigns'), with their audit entries. */
export async function seedWhitelists(db: Database, options: { anchorMs: number; addedBy: number }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    with picked as (
      select c.id as campaign_id, c.country_code, row_number() over (partition by c.country_code order by c.id) as nth
      from campaigns c
    ), wanted as (
      select p.country_code, p.campaign_id, n from picked p cross join generate_series(1, ${PER_CAMPAIGN}) n where p.nth <= ${CAMPAIGNS_PER_COUNTRY}
      union all
      select distinct p.country_code, null::int, 1 from picked p
    ), numbered as (
      select w.*, co.dialing_code, row_number() over (order by w.country_code, w.campaign_id nulls first, w.n) as k
      from wanted w join countries co on co.iso_code = w.country_code
    ), added as (
      insert into whitelists (msisdn, country_code, campaign_id, updated_at)
      select replace(dialing_code, '.', '') || lpad(((k * 7919 + 240000000) % 1000000000)::text, 9, '0'), country_code, campaign_id,
        ${isoInstant(options.anchorMs)}::timestamptz - (k % 27 + 1) * interval '1 day' - (k * 37 % 600) * interval '1 minute'
      from numbered order by k
      returning id, msisdn, country_code, campaign_id, updated_at
    ), audited as (
      insert into audit_log (at, actor_id, action, entity, entity_id, after)
      select updated_at, ${options.addedBy}, 'create', 'whitelist', id::text,
        jsonb_build_object('id', id, 'msisdn', msisdn, 'country', country_code, 'campaign_id', campaign_id, 'updated_at', updated_at)
      from added
    )
    select count(*)::int as n from added`);
  await db.execute(sql.raw(concernsUpdate(`e.entity = 'whitelist'`)));
  return row?.n ?? 0;
}

/** Each payment run the seed made, in the trail as its claim records it (domain/paymentRuns), when it was made. */
export async function seedPaymentRunHistory(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    with audited as (
      insert into audit_log (at, actor_id, action, entity, entity_id, after)
      select r.created_at, r.created_by, 'create', 'payment_run', r.id::text,
        jsonb_build_object('ref', r.ref, 'reference', r.reference, 'status', 'Paid', 'previewed', true,
          'start_date', r.start_date, 'end_date', r.end_date, 'country', r.country_code, 'campaign', r.campaign_id, 'search', r.search,
          'batch', true, 'count', r.event_count, 'totals', jsonb_build_object(r.currency_code, r.total::text))
      from payment_runs r order by r.id
      returning 1
    )
    select count(*)::int as n from audited`);
  await db.execute(sql.raw(concernsUpdate(`e.entity = 'payment_run'`)));
  return row?.n ?? 0;
}
