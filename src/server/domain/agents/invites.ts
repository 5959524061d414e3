// An agent's invites (GET /service/invites/?agent_id=, SPEC.md section 7): newest first, only
// those of campaigns the caller sees, and only of an agent the caller sees (a blacklisted one is a
// Super Admin's only). The console shows the first 10 (INVITE_HISTORY_ROWS).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ListPage } from '../../../contract/api';
import type { Invite } from '../../../contract/entities';
import type { RoleScope } from '../../../contract/roles';
import { campaignIdVisible } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { invites, userRoles } from '../../db/schema';
import { isoMillis } from '../../db/updatedAt';
import { listPageOf, type ListParams } from '../lists';
import { blacklistedHiddenFrom } from './agentRows';

const inviteRow = {
  invite_datetime: isoMillis(invites.inviteDatetime),
  recipient_msisdn: invites.recipientMsisdn,
  extra_data: invites.extraData,
};

export async function listInvites(db: Database, scope: RoleScope, agentId: number, params: ListParams<string>): Promise<ListPage<Invite>> {
  const agentSeen = sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${invites.agentId} and ${blacklistedHiddenFrom(scope)})`;
  const where = isStorableId(agentId) ? and(eq(invites.agentId, agentId), campaignIdVisible(scope, invites.campaignId), agentSeen) : sql`false`;
  return listPageOf(db, () => db.select(inviteRow).from(invites).where(where).$dynamic(), params, [desc(invites.inviteDatetime), desc(invites.id)]);
}
