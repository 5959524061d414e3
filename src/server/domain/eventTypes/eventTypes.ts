// Event types: listed for every admin, added and renamed by a Super Admin only. The key is unique
// (event_types_name_unique), so two admins adding the same key cannot both succeed.
import { eq } from 'drizzle-orm';
import type { ListPage } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { duplicateEventKey } from '../../../contract/messages';
import type { eventTypeForm } from '../../../contract/schemas/adminForms';
import type { z } from 'zod';
import type { Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { eventTypes } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { Conflict } from '../errors';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';

export const EVENT_TYPE_SORT = ['id', 'name', 'pretty_name'] as const;
type EventTypeSort = (typeof EVENT_TYPE_SORT)[number];
type EventTypeForm = z.output<typeof eventTypeForm>;

const shape = { id: eventTypes.id, name: eventTypes.name, pretty_name: eventTypes.prettyName, updated_at: isoMillis(eventTypes.updatedAt) };
const sortColumns = { id: eventTypes.id, name: foldedText(eventTypes.name), pretty_name: foldedText(eventTypes.prettyName) };

export async function listEventTypes(db: Database, params: ListParams<EventTypeSort>): Promise<ListPage<EventType>> {
  const where = searchIn(params.search, [eventTypes.name, eventTypes.prettyName]);
  return listPageOf(db, () => db.select(shape).from(eventTypes).where(where).$dynamic(), params, orderOf(params, sortColumns, eventTypes.id));
}

async function findEventType(db: Database, id: number): Promise<EventType | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db.select(shape).from(eventTypes).where(eq(eventTypes.id, id));
  return row;
}

/** Adds (no id) or updates (id) an event type, with its audit record in the same transaction. */
export async function saveEventType(db: Database, caller: Caller, form: EventTypeForm): Promise<EventType> {
  return auditedSave(db, {
    caller, entity: 'event_type', table: eventTypes, id: form.id, updatedAt: form.updated_at,
    find: findEventType, notFound: messages.eventTypeNotFound,
    write: async (tx, before) => {
      if (before) {
        await tx.update(eventTypes).set({ name: form.event, prettyName: form.pretty, updatedAt: nextUpdatedAt(eventTypes.updatedAt) }).where(eq(eventTypes.id, before.id));
        return before.id;
      }
      const [inserted] = await tx.insert(eventTypes).values({ name: form.event, prettyName: form.pretty }).returning({ id: eventTypes.id });
      if (!inserted) throw new Error('event type insert returned no row');
      return inserted.id;
    },
    duplicate: (index) => (index === 'event_types_name_unique' ? new Conflict(duplicateEventKey(form.event)) : undefined),
  });
}
