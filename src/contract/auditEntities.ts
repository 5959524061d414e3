// The entities the audit trail names (its `entity`) and their names on screen, apart from the
// trail's zod schemas (audit.ts) so the grid screens read them without zod.

/** Every entity a write records (its `entity`), and its name on screen. */
export const AUDIT_ENTITIES = {
  admin_user: 'Admin user',
  agency: 'Agency',
  agent: 'Agent',
  campaign: 'Campaign',
  campaign_language: 'Campaign language',
  campaign_version: 'Campaign version',
  country: 'Country',
  country_sms: 'Country SMS',
  event_compensation_config: 'Campaign event type',
  event_type: 'Event type',
  payment_run: 'Payment run',
  user: 'Field user',
  user_role: 'User role',
  user_role_campaign: 'User role campaign',
  whitelist: 'Whitelist',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

/** An entity's name on screen; an entity the console does not know yet, as the server wrote it. */
export const auditEntityLabel = (entity: string): string => (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;
