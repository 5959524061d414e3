// An audit entry in the product's words (issue 53): 'Agent Kojo Mensah: last name Mensa → Mensah'.
// The trail keeps each record as its screen reads it (nested: an agent holds its role, the role its
// user); here it is read field by field under the labels the screens use, amounts through the money
// formatter, and the record named as people know it. The raw record stays in the entry for whoever
// needs it (the entry's popup shows it on request).
import { auditEntityLabel } from './auditEntities';
import { formatMoney } from './money';

/** A field's label by its last key, as the forms and grids name it. */
const FIELD_LABELS: Record<string, string> = {
  first_name: 'first name', firstname: 'first name', last_name: 'last name', lastname: 'last name',
  msisdn: 'mobile number', username: 'username', email: 'email', name: 'name', pretty_name: 'name',
  campaign: 'campaign', campaign_id: 'campaign', campaign_name: 'campaign', agency_id: 'agency', agency_name: 'agency',
  country: 'country', country_code: 'country', iso_code: 'country code', dialing_code: 'dialling code', language_code: 'language',
  languages: 'languages', default_language: 'default language', currency: 'currency', currency_code: 'currency',
  status_type: 'status', status: 'status', role_type: 'role', role_start_date: 'role start date', role_end_date: 'role end date',
  start_date: 'start date', end_date: 'end date', is_gifting: 'gifter', description: 'description', budget: 'budget',
  pay: 'pay', amount: 'amount', total: 'total', count: 'payments', reference: 'accounting reference', ref: 'run',
  search: 'search', reason: 'reason', step: 'step', sms_cid: 'SMS sender id', sms_from: 'SMS from', link_prefix: 'link prefix',
  previewed: 'previewed', totals: 'total',
};

/** Fields every record carries that say nothing of the change: keys, and when and by whom it was written. */
const UNSPOKEN = new Set(['id', 'user', 'updated_at', 'updated_by', 'added_by', 'created_at', 'created_by', 'batch']);

/** Ids whose record also holds their name. */
const NAMED_BY: Record<string, string> = { campaign: 'campaign_name', campaign_id: 'campaign_name', agency_id: 'agency_name' };

/** Amount fields, read with the record's currency. */
const AMOUNTS = new Set(['pay', 'amount', 'total', 'budget']);

export interface AuditField {
  /** The field's place in the record ('user_role.user.last_name'). */
  path: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record's leaves by their path; a named reference ({ id, name }) is one leaf, its name. */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (!isRecord(value)) {
    if (path) into.set(path, value);
    return into;
  }
  const keys = Object.keys(value);
  if (path && keys.length === 2 && keys.includes('id') && keys.includes('name')) {
    into.set(path, value.name);
    return into;
  }
  for (const key of keys) leaves(value[key], path ? `${path}.${key}` : key, into);
  return into;
}

const lastKey = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** A value as the screens show it: amounts with their currency, flags as Yes or No, none as a dash. */
function spoken(path: string, value: unknown, currency: string | undefined): string {
  if (value === undefined) return '';
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const key = lastKey(path);
  if (AMOUNTS.has(key) && currency && (typeof value === 'string' || typeof value === 'number')) return formatMoney(String(value), currency);
  // A run's totals, one amount per currency.
  if (path === 'totals' || path.startsWith('totals.')) return formatMoney(String(value), lastKey(path));
  if (Array.isArray(value)) return value.map((item) => (isRecord(item) ? JSON.stringify(item) : String(item))).join(', ');
  return String(value);
}

const currencyOf = (record: unknown): string | undefined => {
  if (!isRecord(record)) return undefined;
  const code = record.currency ?? record.currency_code;
  return typeof code === 'string' ? code : undefined;
};

/** Each field either side holds, under its label, and whether the change touched it (keys and write stamps left out). */
export function auditFields(before: unknown, after: unknown): AuditField[] {
  const was = leaves(before);
  const is = leaves(after);
  const currency = currencyOf(after) ?? currencyOf(before);
  const all = new Set([...is.keys(), ...was.keys()]);
  // An id where the record also holds its name says the same thing twice: the name is kept.
  const names = new Set([...all].map(lastKey));
  const named = (path: string) => {
    const name = NAMED_BY[lastKey(path)];
    return name !== undefined && names.has(name);
  };
  const paths = [...all].filter((path) => !UNSPOKEN.has(lastKey(path)) && !named(path));
  return paths.map((path) => {
    const key = path.startsWith('totals.') ? 'totals' : lastKey(path);
    const beforeText = was.has(path) ? spoken(path, was.get(path), currency) : '';
    const afterText = is.has(path) ? spoken(path, is.get(path), currency) : '';
    const label = path.startsWith('totals.') ? `total in ${lastKey(path)}` : (FIELD_LABELS[key] ?? key.replace(/_/g, ' '));
    return { path, label, before: beforeText, after: afterText, changed: before !== null && after !== null && beforeText !== afterText };
  });
}

/** The record as people know it: an agent by their name, a run by its ref, else its name, else its id. */
export function auditRecordName(entity: string, entityId: string, before: unknown, after: unknown): string {
  const record = isRecord(after) ? after : isRecord(before) ? before : {};
  const user = isRecord(record.user_role) && isRecord(record.user_role.user) ? record.user_role.user : isRecord(record.user) ? record.user : record;
  const person = [user.first_name ?? user.firstname, user.last_name ?? user.lastname].filter((part) => typeof part === 'string' && part !== '').join(' ');
  if (person && (entity === 'agent' || entity === 'user' || entity === 'admin_user' || entity === 'user_role')) return person;
  for (const key of ['ref', 'pretty_name', 'name', 'campaign_name', 'agency_name', 'msisdn']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return entityId;
}

const ACTION_WORDS = { create: 'added', update: 'changed', delete: 'removed' } as const;

/** The entry as one sentence: 'Agent Kojo Mensah: last name Mensa → Mensah', 'Whitelist 233241234567 added'. */
export function auditSentence(entry: { entity: string; entity_id: string; action: keyof typeof ACTION_WORDS; before: unknown; after: unknown }): string {
  const subject = `${auditEntityLabel(entry.entity)} ${auditRecordName(entry.entity, entry.entity_id, entry.before, entry.after)}`;
  const after = isRecord(entry.after) ? entry.after : {};
  if (entry.entity === 'payment_run' && typeof after.step === 'string') {
    return `${subject} ${after.step}${typeof after.reason === 'string' && after.reason ? `: ${after.reason}` : ''}`;
  }
  if (entry.entity === 'payment_run' && entry.action === 'create') {
    const totals = isRecord(after.totals) ? Object.entries(after.totals).map(([currency, amount]) => formatMoney(String(amount), currency)) : [];
    const count = typeof after.count === 'number' ? after.count : 0;
    return `${subject} made: ${[`${count.toLocaleString('en')} ${count === 1 ? 'payment' : 'payments'}`, ...totals].join(', ')}`;
  }
  if (entry.action !== 'update') return `${subject} ${ACTION_WORDS[entry.action]}`;
  const changes = auditFields(entry.before, entry.after).filter((field) => field.changed);
  if (changes.length === 0) return `${subject}: saved without changes`;
  return `${subject}: ${changes.map((field) => `${field.label} ${field.before} → ${field.after}`).join('; ')}`;
}
