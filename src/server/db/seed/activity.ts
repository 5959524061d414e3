// Activity over the year before the anchor: agent events and what they earned, payments and the
// monthly payment runs that paid them, invites, fraud events and the gifters' retention events.
// Rows are generated here, sorted by time (so ids follow time, as in a live system) and written
// with bulkInsert; payments and runs are derived from the events in SQL, so their totals cannot
// disagree with the events they pay.
import { sql } from 'drizzle-orm';
import { writePayoutLines } from '../../domain/paymentRuns/payouts';
import { queryRows, type Database } from '../client';
import { events, fraudEvents, invites, retentionEvents } from '../schema';
import { bulkInsert } from './bulk';
import type { CompensatedEvent, SeededCampaign } from './campaigns';
import type { FieldUser } from './people';
import type { Random } from './random';
import { randomMsisdn } from './reference';
import { DAY_MS, decimal, isoDay, isoInstant } from './units';

/** Events of the last PAID_AFTER_DAYS days are still due; older ones were paid by a monthly run. */
export const PAID_AFTER_DAYS = 45;
/** The provider's results came back for the payout lines of the runs made before this many days ago. */
export const SETTLED_AFTER_DAYS = 60;
const WINDOW_DAYS = 365;
const INVITES_PER_EVENT = 0.25;
const FRAUD_PER_EVENT = 0.01;
const RETENTION_PER_EVENT = 0.1;

const MEDIA = [['SMS', 55], ['WHATSAPP', 30], ['USSD', 15]] as const;
const FRAUD_DESCRIPTIONS = [
  'Same device used for several SIM activations',
  'Customer msisdn registered by several agents',
  'Burst of registrations within a few minutes',
  'Self-referral: customer msisdn linked to the agent',
  'Activations far outside the agent’s usual area',
  'Recharge pattern matches airtime farming',
] as const;

interface Timed {
  atMs: number;
}
/** Oldest first; ties keep generation order (Array.prototype.sort is stable). */
const byTime = <T extends Timed>(rows: T[]): T[] => rows.sort((a, b) => a.atMs - b.atMs);

export interface ActivityCounts {
  events: number;
  payments: number;
  paymentRuns: number;
  invites: number;
  fraudEvents: number;
  retentionEvents: number;
}

interface GeneratedEvent extends Timed {
  user: FieldUser;
  compensated: CompensatedEvent;
  customerMsisdn: string;
  medium: string;
}

export class ActivitySeeder {
  private readonly windowStartMs: number;
  private readonly pickMedium: () => (typeof MEDIA)[number];

  constructor(
    private readonly db: Database,
    private readonly random: Random,
    private readonly anchorMs: number,
  ) {
    this.windowStartMs = anchorMs - WINDOW_DAYS * DAY_MS;
    this.pickMedium = random.weighted(MEDIA, ([, weight]) => weight);
  }

  /** A whole-second instant between `from` (at the earliest the window start) and `to`. */
  private instantBetween(from: number, to: number = this.anchorMs): number {
    const start = Math.max(from, this.windowStartMs);
    return Math.floor((start + this.random.float() * (to - start)) / 1000) * 1000;
  }

  /** Anywhere in the user's time: from their role start (or the window start) to the anchor. */
  private instantFor(user: FieldUser): number {
    return this.instantBetween(user.startMs);
  }

  /**
   * A user's share of the activity: their activity level times the days they have been active,
   * so a recent recruit has as busy days as a veteran, not as many events.
   */
  private expectedShare(user: FieldUser): number {
    return user.activity * (this.anchorMs - Math.max(user.startMs, this.windowStartMs));
  }

  async events(users: readonly FieldUser[], count: number): Promise<GeneratedEvent[]> {
    const agents = users.filter((u) => !u.isGifter && u.activity > 0);
    if (agents.length === 0 || count === 0) return [];
    const pickAgent = this.random.weighted(agents, (u) => this.expectedShare(u));
    const pickerByCampaign = new Map<SeededCampaign, () => CompensatedEvent>();
    const pickEventType = (campaign: SeededCampaign) => {
      let picker = pickerByCampaign.get(campaign);
      if (!picker) {
        picker = this.random.weighted(campaign.compensated.agent, (c) => c.eventType.frequency);
        pickerByCampaign.set(campaign, picker);
      }
      return picker();
    };

    const rows = byTime(
      Array.from({ length: count }, (): GeneratedEvent => {
        const user = pickAgent();
        return {
          user,
          compensated: pickEventType(user.campaign),
          customerMsisdn: randomMsisdn(user.campaign.country, this.random),
          medium: this.pickMedium()[0],
          atMs: this.instantFor(user),
        };
      }),
    );
    await bulkInsert(this.db, events, rows, [
      [events.agentId, (e) => e.user.id],
      [events.campaignId, (e) => e.user.campaign.id],
      [events.agencyId, (e) => e.user.campaign.agency.id],
      [events.eventTypeId, (e) => e.compensated.eventType.id],
      [events.customerMsisdn, (e) => e.customerMsisdn],
      [events.medium, (e) => e.medium],
      [events.pay, (e) => decimal(e.compensated.pay)],
      [events.currencyCode, (e) => e.user.campaign.agency.country.currency],
      [events.createdAt, (e) => isoInstant(e.atMs)],
    ]);
    return rows;
  }

  /**
   * One payment per paying event. Events older than the cutoff were paid by a run per country and
   * calendar month (UTC); newer ones are due. Run totals are summed from the payments they hold.
   */
  async paymentsAndRuns(createdBy: number): Promise<{ payments: number; paymentRuns: number }> {
    const cutoff = isoDay(this.anchorMs - PAID_AFTER_DAYS * DAY_MS);
    const month = sql`date_trunc('month', e.created_at at time zone 'UTC')::date`;
    // Each run is a job of kind paymentrun, Finished when it was made: the morning after the last day it covers.
    await this.db.execute(sql`
      with m as (
        select m.*, 'PR-' || lpad((row_number() over (order by m.month, m.country))::text, 6, '0') as ref,
               (m.end_date + 1)::timestamp at time zone 'UTC' + interval '9 hours' as made_at
        from (
          select distinct ${month} as month, c.country_code as country,
                 least((${month} + interval '1 month' - interval '1 day')::date, ${cutoff}::date - 1) as end_date
          from events e join campaigns c on c.id = e.campaign_id
          where e.pay > 0 and e.created_at < ${cutoff}::date::timestamp at time zone 'UTC'
        ) m
      ), j as (
        insert into jobs (kind, status, description, created_by, created_at, started_at, finished_at)
        select 'paymentrun', 'Finished', 'Payment run ' || m.ref, ${createdBy}, m.made_at, m.made_at, m.made_at from m order by m.ref
        returning id, description
      )
      insert into payment_runs (ref, reference, request_id, start_date, end_date, country_code, created_by, total, currency_code, event_count, job_id, created_at)
      select m.ref,
             'ACC-' || to_char(m.month, 'YYYY-MM') || '-' || m.country,
             'seed-' || to_char(m.month, 'YYYY-MM') || '-' || lower(m.country),
             m.month, m.end_date, m.country, ${createdBy}, 0,
             -- A run pays one country's events, so one currency.
             (select cur.code from countries co join currencies cur on cur.id = co.currency_id where co.iso_code = m.country),
             0, j.id, m.made_at
      from m join j on j.description = 'Payment run ' || m.ref
      order by m.ref`);
    await this.db.execute(sql`
      insert into payments (event_id, event_type_id, agent_id, campaign_id, agency_id, amount, currency_code, status, payment_run_id, created_at, paid_at)
      select e.id, e.event_type_id, e.agent_id, e.campaign_id, e.agency_id, e.pay, cur.code,
             case when r.id is null then 'due' else 'paid' end, r.id, e.created_at, r.created_at
      from events e
      join campaigns c on c.id = e.campaign_id
      join countries co on co.iso_code = c.country_code
      join currencies cur on cur.id = co.currency_id
      left join payment_runs r on e.created_at < ${cutoff}::date::timestamp at time zone 'UTC'
        and r.country_code = c.country_code and r.start_date = ${month} and r.request_id like 'seed-%'
      where e.pay > 0
      order by e.id`);
    // Each paid payment is its run's line (payment_run_lines: a payment on one run's line only).
    await this.db.execute(sql`
      insert into payment_run_lines (payment_run_id, payment_id, event_id, amount, currency_code)
      select payment_run_id, id, event_id, amount, currency_code from payments where payment_run_id is not null order by id`);
    await this.db.execute(sql`
      update payment_runs r set total = s.total, event_count = s.events, campaign_ids = s.campaign_ids
      from (select payment_run_id, sum(amount) as total, count(*)::int as events,
                   array_agg(distinct campaign_id order by campaign_id) as campaign_ids from payments
            where payment_run_id is not null group by payment_run_id) s
      where s.payment_run_id = r.id`);
    // Each run's payout lines, in the order the runs were made (an agent's carry runs from one to the next);
    // the provider answered every line of the runs made more than SETTLED_AFTER_DAYS ago, paid.
    const runs = await queryRows<{ id: number }>(this.db, sql`select id from payment_runs order by id`);
    for (const run of runs) await writePayoutLines(this.db, [run.id]);
    await this.db.execute(sql`
      update payout_lines pl set status = 'paid', provider_reference = 'MM' || lpad(pl.id::text, 9, '0'),
        settled_at = pl.created_at + interval '2 days', settled_by = ${createdBy}
      where pl.status = 'sent' and pl.created_at < ${isoInstant(this.anchorMs - SETTLED_AFTER_DAYS * DAY_MS)}::timestamptz`);
    const [counts] = await queryRows<{ payments: number; runs: number }>(
      this.db,
      sql`select (select count(*)::int from payments) as payments, (select count(*)::int from payment_runs) as runs`,
    );
    return { payments: counts?.payments ?? 0, paymentRuns: counts?.runs ?? 0 };
  }

  /**
   * Invites, about one per four events. Most are the invite that led to an event (same agent, the
   * event's customer, up to three days earlier), so the conversion report has
   * conversions; the rest were never taken up.
   */
  async invites(users: readonly FieldUser[], generated: readonly GeneratedEvent[]): Promise<number> {
    const agents = users.filter((u) => !u.isGifter && u.activity > 0);
    const count = Math.round(generated.length * INVITES_PER_EVENT);
    if (agents.length === 0 || count === 0) return 0;
    const pickAgent = this.random.weighted(agents, (u) => this.expectedShare(u));
    const rows = byTime(
      Array.from({ length: count }, () => {
        const converted = this.random.chance(0.6) ? this.random.pick(generated) : null;
        if (converted) {
          const { user } = converted;
          const earliest = Math.max(converted.atMs - 72 * 3_600_000, user.startMs);
          return { user, recipient: converted.customerMsisdn, atMs: this.instantBetween(earliest, converted.atMs) };
        }
        const user = pickAgent();
        return { user, recipient: randomMsisdn(user.campaign.country, this.random), atMs: this.instantFor(user) };
      }),
    );
    return bulkInsert(this.db, invites, rows, [
      [invites.agentId, (i) => i.user.id],
      [invites.campaignId, (i) => i.user.campaign.id],
      [invites.inviteDatetime, (i) => isoInstant(i.atMs)],
      [invites.recipientMsisdn, (i) => i.recipient],
      [invites.extraData, (i) => JSON.stringify({ agency_name: i.user.campaign.agency.name, campaign_name: i.user.campaign.name })],
    ]);
  }

  /** Fraud events, about 1 % of the events: a third by blacklisted agents (flagged blacklisted), the rest flagged only. */
  async fraudEvents(users: readonly FieldUser[], generated: readonly GeneratedEvent[]): Promise<number> {
    const count = Math.round(generated.length * FRAUD_PER_EVENT);
    if (count === 0) return 0;
    const blacklisted = users.filter((u) => !u.isGifter && u.status === 'Blacklisted');
    const rows = byTime(
      Array.from({ length: count }, () => {
        const common = {
          description: this.random.pick(FRAUD_DESCRIPTIONS),
          deviceId: this.random.chance(0.8) ? `35${this.random.digits(13)}` : null, // an IMEI
        };
        if (blacklisted.length > 0 && this.random.chance(0.35)) {
          const user = this.random.pick(blacklisted);
          return { ...common, user, msisdn: randomMsisdn(user.campaign.country, this.random), blacklisted: true, atMs: this.instantFor(user) };
        }
        const event = this.random.pick(generated);
        // Detected a few minutes after the event, never after the anchor.
        const atMs = Math.min(event.atMs + this.random.int(1, 30) * 60_000, this.anchorMs - 1000);
        return { ...common, user: event.user, msisdn: event.customerMsisdn, blacklisted: false, atMs };
      }),
    );
    return bulkInsert(this.db, fraudEvents, rows, [
      [fraudEvents.agentId, (f) => f.user.id],
      [fraudEvents.campaignId, (f) => f.user.campaign.id],
      [fraudEvents.description, (f) => f.description],
      [fraudEvents.msisdn, (f) => f.msisdn],
      [fraudEvents.deviceId, (f) => f.deviceId],
      [fraudEvents.blacklisted, (f) => f.blacklisted],
      [fraudEvents.createdAt, (f) => isoInstant(f.atMs)],
    ]);
  }

  /** Retention events, about 10 % of the event count, earned by gifters on their retention campaigns. */
  async retentionEvents(users: readonly FieldUser[], eventCount: number): Promise<number> {
    const gifters = users.filter((u) => u.isGifter && u.activity > 0 && u.campaign.compensated.retention.length > 0);
    const count = Math.round(eventCount * RETENTION_PER_EVENT);
    if (gifters.length === 0 || count === 0) return 0;
    const pickGifter = this.random.weighted(gifters, (u) => this.expectedShare(u));
    const rows = byTime(
      Array.from({ length: count }, () => {
        const user = pickGifter();
        return {
          user,
          compensated: this.random.pick(user.campaign.compensated.retention),
          giftee: randomMsisdn(user.campaign.country, this.random),
          medium: this.pickMedium()[0],
          gifteeActivity: this.random.int(0, 25),
          atMs: this.instantFor(user),
        };
      }),
    );
    return bulkInsert(this.db, retentionEvents, rows, [
      [retentionEvents.gifterId, (r) => r.user.id],
      [retentionEvents.campaignId, (r) => r.user.campaign.id],
      [retentionEvents.eventTypeId, (r) => r.compensated.eventType.id],
      [retentionEvents.gifteeMsisdn, (r) => r.giftee],
      [retentionEvents.medium, (r) => r.medium],
      [retentionEvents.pay, (r) => decimal(r.compensated.pay)],
      [retentionEvents.currencyCode, (r) => r.user.campaign.agency.country.currency],
      [retentionEvents.gifteeActivityEvents, (r) => r.gifteeActivity],
      [retentionEvents.createdAt, (r) => isoInstant(r.atMs)],
    ]);
  }
}
