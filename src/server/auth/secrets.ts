// Secrets generated once and shared by every instance through the database; an environment
// value (JWT_SECRET) wins when the operator sets one.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

export async function serverSecret(db: Database, name: string, fromEnvironment?: string): Promise<Uint8Array> {
  if (fromEnvironment) return new TextEncoder().encode(fromEnvironment);
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} is missing`);
  return Buffer.from(row.value, 'base64');
}
