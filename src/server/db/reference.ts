// Rows every database needs, demo or production: the role and status types whose ids the
// specification fixes (agent role type 2, initial status type 1). Idempotent; run at every start.
import { ROLE_TYPE_ID, STATUS_TYPE_ID } from '../../contract/roles';
import type { Database } from './client';
import { roleTypes, statusTypes } from './schema';

export async function ensureReferenceData(db: Database): Promise<void> {
  await db
    .insert(roleTypes)
    .values(Object.entries(ROLE_TYPE_ID).map(([name, id]) => ({ id, name })))
    .onConflictDoNothing();
  await db
    .insert(statusTypes)
    .values(Object.entries(STATUS_TYPE_ID).map(([name, id]) => ({ id, name })))
    .onConflictDoNothing();
}
