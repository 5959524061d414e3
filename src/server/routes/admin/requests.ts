// Request rules shared by the legacy admin routes: POST adds, PUT updates the record named by id.
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { callerOf, seesEverything, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { badRequest, editConflict, forbidden } from '../../http/errors';

/** A POST body adds a record: an id sent along is ignored, so it cannot turn the add into an edit. */
export function forCreate(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...body, id: undefined } : body;
}

/** A PUT body names the record it updates. */
export function requireId<T extends { id?: number }>(form: T): T & { id: number } {
  if (form.id === undefined) throw badRequest(messages.idRequired, { id: [messages.idRequired] });
  return form as T & { id: number };
}

/** Reference data (event types, countries, SMS links) changes by a Super Admin only. */
export function requireSuperAdmin(caller: Caller): void {
  if (!seesEverything(caller.scope)) throw forbidden(messages.superOnlyChange);
}

/** The caller of a Super-Admin-only change, refused before its body is read. */
export async function superAdminCaller(db: Database, request: FastifyRequest): Promise<Caller> {
  const caller = await callerOf(db, sessionOf(request));
  requireSuperAdmin(caller);
  return caller;
}

/**
 * An edit made on the copy the client read: when it sends the row's `updated_at` and the row has
 * changed since (compared in milliseconds), the edit is refused with 409 and the row as it is now
 * (`current`, in the shape its list returns), and nothing changes. Without `updated_at` the last
 * write wins. Call it inside the transaction, after locking and reading the row.
 */
export function requireUnchanged(given: string | undefined, current: { updated_at: string }, shown: unknown = current): void {
  if (given === undefined) return;
  const read = Date.parse(given);
  if (Number.isNaN(read)) throw badRequest(messages.updatedAtInvalid, { updated_at: [messages.updatedAtInvalid] });
  if (read !== Date.parse(current.updated_at)) throw editConflict(shown);
}
