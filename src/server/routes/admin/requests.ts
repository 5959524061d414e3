// Request rules shared by the legacy admin routes: POST adds, PUT updates the record named by id.
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { callerOf, seesEverything, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { badRequest, forbidden } from '../../http/errors';

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
