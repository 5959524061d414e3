// The parts of a campaign the Campaign detail screen shows (SPEC.md section 2): its versions (max
// agent count, allocated budget), its languages (added and deleted here, each change audited in
// its transaction), and the remuneration and event types its compensations choose from. A part
// belongs to the campaign: the caller reaches it only through a campaign they see (section 6).
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { CampaignEventType, CampaignLanguage, CampaignVersion, RemunerationType } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import type { campaignLanguageForm, campaignVersionForm } from '../../../contract/schemas/campaigns';
import { campaignIdVisible, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId, uniqueViolation } from '../../db/errors';
import { isoMillis } from '../../db/updatedAt';
import { campaignLanguages, campaignVersions, eventTypes, remunerationTypes } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { recordChange } from '../audit';
import { requireKnownLanguages } from '../countries/countries';
import { foldedText, listPageOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';
import { findCampaign, usernameOf } from './campaigns';

type CampaignLanguageForm = z.output<typeof campaignLanguageForm>;
type CampaignVersionForm = z.output<typeof campaignVersionForm>;

/** The part's campaign is one the caller sees (and, when asked, this one). */
function ofVisibleCampaign(scope: RoleScope, campaignId: SQLWrapper, only: number | undefined): SQL {
  const visible = campaignIdVisible(scope, campaignId);
  if (only === undefined) return visible;
  return isStorableId(only) ? (and(visible, sql`${campaignId} = ${only}`) as SQL) : sql`false`;
}

const versionRow = {
  id: campaignVersions.id, max_agent_count: campaignVersions.maxAgentCount, budget_allocated_amount: campaignVersions.budgetAllocatedAmount,
  currency: campaignVersions.currencyCode,
  campaign: campaignVersions.campaignId, version: campaignVersions.version, updated_by: campaignVersions.updatedBy,
  created_at: isoMillis(campaignVersions.createdAt).as('created_at'),
};

/** GET /service/campaign-versions/?campaign=: newest version first. */
export async function listCampaignVersions(db: Database, scope: RoleScope, campaign: number | undefined, params: ListParams<string>): Promise<ListPage<CampaignVersion>> {
  const where = ofVisibleCampaign(scope, campaignVersions.campaignId, campaign);
  return listPageOf(db, () => db.select(versionRow).from(campaignVersions).where(where).$dynamic(), params, [
    asc(campaignVersions.campaignId), desc(campaignVersions.version), asc(campaignVersions.id),
  ]);
}

/**
 * PUT /service/campaign-versions/{id}/: the max agent count of a version of a campaign the caller
 * sees, recorded under the caller's name, audited in the same transaction. The allocated budget is
 * read-only.
 */
export async function saveCampaignVersion(db: Database, caller: Caller, id: number, form: CampaignVersionForm): Promise<CampaignVersion> {
  return auditedSave(db, {
    caller, entity: 'campaign_version', table: campaignVersions, id,
    find: async (tx, versionId) =>
      isStorableId(versionId)
        ? (await tx.select(versionRow).from(campaignVersions).where(and(eq(campaignVersions.id, versionId), ofVisibleCampaign(caller.scope, campaignVersions.campaignId, undefined))))[0]
        : undefined,
    notFound: messages.campaignVersionNotFound,
    write: async (tx, before) => {
      if (before?.campaign !== form.campaign) throw new Invalid(messages.versionOfAnotherCampaign, { campaign: [messages.versionOfAnotherCampaign] });
      await tx.update(campaignVersions).set({ maxAgentCount: form.max_agent_count, updatedBy: await usernameOf(tx, caller) }).where(eq(campaignVersions.id, id));
      return id;
    },
  });
}

const languageRow = { id: campaignLanguages.id, language_code: campaignLanguages.languageCode, campaign: campaignLanguages.campaignId };

/** GET /service/campaign-languages/?campaign=: in the order they were added. */
export async function listCampaignLanguages(db: Database, scope: RoleScope, campaign: number | undefined, params: ListParams<string>): Promise<ListPage<CampaignLanguage>> {
  const where = ofVisibleCampaign(scope, campaignLanguages.campaignId, campaign);
  return listPageOf(db, () => db.select(languageRow).from(campaignLanguages).where(where).$dynamic(), params, [asc(campaignLanguages.id)]);
}

// Not through auditedSave: a campaign language is added or deleted, never edited, and its insert
// and delete return the row, so there is no lock, copy to check or read-back to share.
/** POST /service/campaign-languages/: a known language for a campaign the caller sees; a second time answers 409. */
export async function addCampaignLanguage(db: Database, caller: Caller, form: CampaignLanguageForm): Promise<CampaignLanguage> {
  const campaign = await findCampaign(db, caller.scope, form.campaign);
  await requireKnownLanguages(db, [form.language_code], 'language_code');
  try {
    return await db.transaction(async (tx) => {
      const [added] = await tx.insert(campaignLanguages).values({ campaignId: campaign.id, languageCode: form.language_code }).returning(languageRow);
      if (!added) throw new Error('campaign language insert returned no row');
      await recordChange(tx, { actorId: caller.userId, action: 'create', entity: 'campaign_language', entityId: added.id, before: null, after: added, queuedAt: caller.queuedAt });
      return added;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'campaign_languages_campaign_language') throw new Conflict(messages.duplicateCampaignLanguage);
    throw error;
  }
}

/** DELETE /service/campaign-languages/{id}: one of a campaign the caller sees, else not found. */
export async function deleteCampaignLanguage(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = isStorableId(id)
      ? await tx
          .delete(campaignLanguages)
          .where(and(eq(campaignLanguages.id, id), ofVisibleCampaign(caller.scope, campaignLanguages.campaignId, undefined)))
          .returning(languageRow)
      : [];
    if (!removed) throw new NotFound(messages.campaignLanguageNotFound);
    await recordChange(tx, { actorId: caller.userId, action: 'delete', entity: 'campaign_language', entityId: removed.id, before: removed, after: null, queuedAt: caller.queuedAt });
  });
}

/** GET /service/campaigns-remuneration-types/ */
export async function listRemunerationTypes(db: Database, params: ListParams<string>): Promise<ListPage<RemunerationType>> {
  const row = { id: remunerationTypes.id, remuneration_type_name: remunerationTypes.name };
  return listPageOf(db, () => db.select(row).from(remunerationTypes).where(searchIn(params.search, [remunerationTypes.name])).$dynamic(), params, [
    asc(foldedText(remunerationTypes.name)), asc(remunerationTypes.id),
  ]);
}

/** GET /service/campaigns-event-types/: every event type, by its friendly name. */
export async function listCampaignEventTypes(db: Database, params: ListParams<string>): Promise<ListPage<CampaignEventType>> {
  const row = { id: eventTypes.id, event_type_name: eventTypes.name, event_type_friendly_name: eventTypes.prettyName };
  const where = searchIn(params.search, [eventTypes.name, eventTypes.prettyName]);
  return listPageOf(db, () => db.select(row).from(eventTypes).where(where).$dynamic(), params, [asc(foldedText(eventTypes.prettyName)), asc(eventTypes.id)]);
}
