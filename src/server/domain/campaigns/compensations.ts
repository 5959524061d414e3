// What an event earns in a campaign version (SPEC.md section 3, Event compensation config): the
// value is money (NUMERIC with two decimals, a decimal string on the wire, never a float), the day
// a whole number. Reached only through a campaign the caller sees (section 6); every change audited
// in its transaction. A compensation whose event type the campaign has already paid for is kept:
// deleting it is refused, so the payments keep their history (the value can still be changed for
// events to come).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { EventCompensationConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import type { compensationForm } from '../../../contract/schemas/campaigns';
import { campaignIdVisible, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { lockRow } from '../../db/locks';
import { campaigns, campaignVersions, eventCompensationConfigs as configs, events, eventTypes, payments, remunerationTypes } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { recordChange } from '../audit';
import { auditedSave } from '../save';
import { findCampaign } from './campaigns';
import { foldedText, listPageOf, type ListParams } from '../lists';

type CompensationForm = z.output<typeof compensationForm>;

const row = {
  id: configs.id,
  campaign: configs.campaignId,
  campaign_version: configs.campaignVersionId,
  compensation_earning_event_day: configs.compensationEarningEventDay,
  compensation_earning_event_value: configs.compensationEarningEventValue,
  currency: configs.currencyCode,
  event_type_id: sql<number>`${eventTypes.id}`.as('event_type_id'),
  event_type_friendly_name: sql<string>`${eventTypes.prettyName}`.as('event_type_friendly_name'),
  remuneration_type_id: sql<number>`${remunerationTypes.id}`.as('remuneration_type_id'),
  remuneration_type_name: sql<string>`${remunerationTypes.name}`.as('remuneration_type_name'),
};
type Row = Omit<EventCompensationConfig, 'event_type' | 'remuneration_type'> & {
  event_type_id: number; event_type_friendly_name: string; remuneration_type_id: number; remuneration_type_name: string;
};

const toConfig = ({ event_type_id, event_type_friendly_name, remuneration_type_id, remuneration_type_name, ...config }: Row): EventCompensationConfig => ({
  ...config,
  event_type: { id: event_type_id, event_type_friendly_name },
  remuneration_type: { id: remuneration_type_id, remuneration_type_name },
});

const visible = (scope: RoleScope): SQL => campaignIdVisible(scope, configs.campaignId);

const selectConfigs = (db: Database) =>
  db
    .select(row)
    .from(configs)
    .innerJoin(eventTypes, eq(eventTypes.id, configs.eventTypeId))
    .innerJoin(remunerationTypes, eq(remunerationTypes.id, configs.remunerationTypeId));

/** GET .../compensation-earning-event-configs/?campaign_version=: by event type. */
export async function listCompensations(db: Database, scope: RoleScope, version: number | undefined, params: ListParams<string>): Promise<ListPage<EventCompensationConfig>> {
  const where = and(visible(scope), version === undefined ? undefined : isStorableId(version) ? eq(configs.campaignVersionId, version) : sql`false`);
  const page = await listPageOf(db, () => selectConfigs(db).where(where).$dynamic(), params, [asc(foldedText(eventTypes.prettyName)), asc(configs.id)]);
  return { ...page, data: page.data.map(toConfig) };
}

async function findCompensation(db: Database, scope: RoleScope, id: number): Promise<EventCompensationConfig | undefined> {
  if (!isStorableId(id)) return undefined;
  const [found] = await selectConfigs(db).where(and(eq(configs.id, id), visible(scope)));
  return found && toConfig(found);
}

/** The form's campaign, version, event type and remuneration type: each must exist, and be the caller's to use. */
async function checkReferences(db: Database, scope: RoleScope, form: CompensationForm): Promise<void> {
  await findCampaign(db, scope, form.campaign);
  const [version] = isStorableId(form.campaign_version)
    ? await db.select({ campaign: campaignVersions.campaignId }).from(campaignVersions).where(eq(campaignVersions.id, form.campaign_version))
    : [];
  if (version?.campaign !== form.campaign) {
    throw new Invalid(messages.versionOfAnotherCampaign, { campaign_version: [messages.versionOfAnotherCampaign] });
  }
  const [eventType] = isStorableId(form.event_type) ? await db.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.id, form.event_type)) : [];
  if (!eventType) throw new Invalid(messages.eventTypeNotFound, { event_type: [messages.eventTypeNotFound] });
  const [remuneration] = isStorableId(form.remuneration_type)
    ? await db.select({ id: remunerationTypes.id }).from(remunerationTypes).where(eq(remunerationTypes.id, form.remuneration_type))
    : [];
  if (!remuneration) throw new Invalid(messages.remunerationTypeNotFound, { remuneration_type: [messages.remunerationTypeNotFound] });
}

const fieldsOf = (form: CompensationForm) => ({
  campaignId: form.campaign,
  campaignVersionId: form.campaign_version,
  eventTypeId: form.event_type,
  remunerationTypeId: form.remuneration_type,
  compensationEarningEventDay: form.compensation_earning_event_day,
  compensationEarningEventValue: form.compensation_earning_event_value,
  // The value is in its campaign's currency.
  currencyCode: sql<string>`(select ${campaigns.currencyCode} from ${campaigns} where ${campaigns.id} = ${form.campaign})`,
});

/** POST (no id) or PUT (id) a compensation; one per event type and version (409 for a second). */
export async function saveCompensation(db: Database, caller: Caller, id: number | undefined, form: CompensationForm): Promise<EventCompensationConfig> {
  return auditedSave(db, {
    caller, entity: 'event_compensation_config', table: configs, id,
    find: (tx, configId) => findCompensation(tx, caller.scope, configId), notFound: messages.campaignEventConfigNotFound,
    write: async (tx, before) => {
      await checkReferences(tx, caller.scope, form);
      if (before) {
        await tx.update(configs).set(fieldsOf(form)).where(eq(configs.id, before.id));
        return before.id;
      }
      const [created] = await tx.insert(configs).values(fieldsOf(form)).returning({ id: configs.id });
      if (!created) throw new Error('compensation insert returned no row');
      return created.id;
    },
    duplicate: (index) => (index === 'event_compensation_configs_version_event' ? new Conflict(messages.duplicateCompensation) : undefined),
  });
}

// A delete is not a save: nothing to check a copy against, write or read back.
/** DELETE .../{id}/: refused when the campaign has paid for its event type (the history stays). */
export async function deleteCompensation(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRow(tx, configs, id);
    const before = await findCompensation(tx, caller.scope, id);
    if (!before) throw new NotFound(messages.campaignEventConfigNotFound);
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(events, eq(events.id, payments.eventId))
      .where(and(eq(payments.campaignId, before.campaign), eq(events.eventTypeId, before.event_type.id)))
      .limit(1);
    if (paid) throw new Conflict(messages.compensationHasPayments, 'in_use');
    await tx.delete(configs).where(eq(configs.id, id));
    await recordChange(tx, { actorId: caller.userId, action: 'delete', entity: 'event_compensation_config', entityId: id, before, after: null, queuedAt: caller.queuedAt });
  });
}
