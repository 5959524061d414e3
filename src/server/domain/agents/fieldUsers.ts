// Users of the new user backend (SPEC.md section 7): GET api/v1/users/?msisdn=, POST api/v1/users/
// and PATCH api/v1/users/{id}/. A non-super caller reaches only field users (fieldUserVisible).
// The msisdn is typed national (0...) and stored in international form with the country's dialing
// code; one user per msisdn and per username, whatever the case, by unique index.
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { AgentUser } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { storedMsisdn, toInternationalMsisdn } from '../../../contract/msisdn';
import { agentEditProblem, type newUserRequest, type userPatchRequest, type userQuery } from '../../../contract/schemas/agents';
import { joinFieldErrors } from '../../../contract/schemas/fieldErrors';
import { hashPassword } from '../../auth/passwords';
import type { Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { lockRow } from '../../db/locks';
import { users } from '../../db/schema';
import { nextUpdatedAt } from '../../db/updatedAt';
import { Invalid, NotFound } from '../errors';
import { auditedSave } from '../save';
import { listPageOf, orderOf, type ListParams } from '../lists';
import { fieldUserVisible, userColumns } from './agentRows';
import { countryByIso, requireKnownLanguages, requiredCountry } from '../countries/countries';
import { duplicateRefusal } from './placement';

/** A new field user as it is stored: the msisdn already international, the password already hashed. */
export interface NewFieldUser {
  username: string; passwordHash: string; firstName: string; lastName: string; msisdn: string;
  countryCode: string | null; languageCode: string | null;
}

/** Inserts a field user added by the caller; `tx` is the transaction of the whole change. */
export async function insertFieldUser(tx: Database, caller: Caller, user: NewFieldUser): Promise<number> {
  if (user.languageCode) await requireKnownLanguages(tx, [user.languageCode], 'language_code');
  const [row] = await tx.insert(users).values({ ...user, addedBy: caller.userId }).returning({ id: users.id });
  if (!row) throw new Error('insert returned no user');
  return row.id;
}

const selectUsers = (db: Database, where: SQL | undefined) => db.select(userColumns).from(users).where(where).$dynamic();

/** GET api/v1/users/?msisdn=: the users the caller sees with that msisdn (national with country_code, or international). */
export async function listUsersByMsisdn(
  db: Database, caller: Caller, query: z.output<typeof userQuery>, params: ListParams<string>,
): Promise<ListPage<AgentUser>> {
  let msisdn = query.msisdn;
  if (msisdn?.startsWith('0') && query.country_code) {
    msisdn = toInternationalMsisdn(msisdn, (await requiredCountry(db, query.country_code, 'country_code')).dialingCode);
  }
  const where = and(fieldUserVisible(caller.scope, caller.userId), msisdn === undefined ? undefined : eq(users.msisdn, msisdn));
  return listPageOf(db, () => selectUsers(db, where), params, orderOf(params, {}, users.id));
}

/** POST api/v1/users/: a field user with no role yet (the console's add is one call: agents.ts addAgent). */
export async function createUser(db: Database, caller: Caller, body: z.output<typeof newUserRequest>): Promise<AgentUser> {
  const passwordHash = await hashPassword(body.user.password);
  return auditedSave(db, {
    caller, entity: 'user', table: users, id: undefined,
    find: userById, notFound: messages.userNotFound,
    write: async (tx) => {
      const country = await requiredCountry(tx, body.country_code, 'country_code');
      return insertFieldUser(tx, caller, {
        username: body.user.username, passwordHash, firstName: body.user.first_name, lastName: body.user.last_name,
        msisdn: toInternationalMsisdn(body.msisdn, country.dialingCode), countryCode: body.country_code,
        languageCode: body.language_code ?? country.defaultLanguage,
      });
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}

/** A user as it is stored, whoever sees it. */
async function userById(db: Database, id: number): Promise<AgentUser | undefined> {
  const [found] = await selectUsers(db, eq(users.id, id));
  return found;
}

/** A user the caller may change; undefined when there is none. */
async function findFieldUser(db: Database, caller: Caller, id: number): Promise<AgentUser | undefined> {
  const [found] = isStorableId(id) ? await selectUsers(db, and(eq(users.id, id), fieldUserVisible(caller.scope, caller.userId))) : [];
  return found;
}

/** A user the caller may change, locked for the rest of the transaction. */
export async function lockedFieldUser(tx: Database, caller: Caller, id: number): Promise<AgentUser> {
  await lockRow(tx, users, id);
  const found = await findFieldUser(tx, caller, id);
  if (!found) throw new NotFound(messages.userNotFound);
  return found;
}

/**
 * The msisdn to store for an edit: unchanged as it is; a national one (0...) in international
 * form with `dialingCode`; an international one as typed. Refused when it changed and is not valid.
 */
export function editedMsisdn(before: string | null, typed: string, dialingCode: string | null): string | null {
  if (typed === (before ?? '')) return before;
  const problem = agentEditProblem({ msisdn: before, status_type_id: 0 }, { msisdn: typed });
  if (problem) throw new Invalid(joinFieldErrors(problem), problem);
  return dialingCode ? storedMsisdn(typed, dialingCode) : typed;
}

/** Writes a user's names and msisdn when they changed; true when anything did. */
export async function updateFieldUser(
  tx: Database, before: AgentUser, change: { firstName?: string; lastName?: string; msisdn?: string | null },
): Promise<boolean> {
  const set = {
    ...(change.firstName !== undefined && change.firstName !== before.first_name ? { firstName: change.firstName } : {}),
    ...(change.lastName !== undefined && change.lastName !== before.last_name ? { lastName: change.lastName } : {}),
    ...(change.msisdn !== undefined && change.msisdn !== before.msisdn ? { msisdn: change.msisdn } : {}),
  };
  if (Object.keys(set).length === 0) return false;
  await tx.update(users).set({ ...set, updatedAt: nextUpdatedAt(users.updatedAt) }).where(eq(users.id, before.id));
  return true;
}

/** PATCH api/v1/users/{id}/: the msisdn and the names of a user the caller sees. */
export async function patchUser(db: Database, caller: Caller, id: number, body: z.output<typeof userPatchRequest>): Promise<AgentUser> {
  return auditedSave(db, {
    caller, entity: 'user', table: users, id, updatedAt: body.updated_at,
    find: (tx, userId) => findFieldUser(tx, caller, userId), findSaved: userById, notFound: messages.userNotFound,
    write: async (tx, before) => {
      if (!before) throw new Error('user edits only');
      const msisdn = body.msisdn === undefined ? undefined : editedMsisdn(before.msisdn, body.msisdn, before.country_code ? ((await countryByIso(tx, before.country_code))?.dialingCode ?? null) : null);
      const changed = await updateFieldUser(tx, before, { firstName: body.user?.first_name, lastName: body.user?.last_name, msisdn });
      return changed ? id : 'unchanged';
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}
