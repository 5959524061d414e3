// An edit refused because the row changed since it was read (409 edit_conflict, with `current`:
// the row as the server has it now, in its list's shape). These functions set the user's values
// beside the current ones field by field, and turn the current row into the form's values, for the
// conflict panel of the dialogs and of the outbox. A field is declared once, next to its save
// endpoint: data only, so a queued change keeps it on the device (outboxSlice).
import type { ApiFailure } from '../http/failure';

/** A field an edit conflict compares. */
export interface ConflictField {
  /** Its name in the form and in the request ('pretty'). */
  field: string;
  /** Its label, as the form shows it ('Pretty name'). */
  label: string;
  /** Where the row as it is now keeps it ('pretty_name', 'user_role.user.first_name'); `field` by default. */
  now?: string;
  /** Where the row keeps the name of the value, for an id ('campaign_name'). */
  named?: string;
}

/** The row as the server has it now. */
export type CurrentRow = Record<string, unknown>;

/** The current row of a save refused as an edit conflict, if that is why it failed. */
export function conflictOf(result: { data: unknown } | { error: unknown }): CurrentRow | undefined {
  if (!('error' in result)) return undefined;
  // The failure's code read here, not with http/failure's codeOf: importing that module from this
  // shared chunk split the login page's entry chunk in two, 1.9 KB more to load (npm run build).
  const failure = (result.error ?? {}) as Partial<ApiFailure>;
  if (failure.code !== 'edit_conflict') return undefined;
  return failure.current && typeof failure.current === 'object' ? (failure.current as CurrentRow) : undefined;
}

/** The version the current row is at: the next save sends it, so it is not refused for the same change. */
export const updatedAtOf = (current: CurrentRow): string | undefined =>
  typeof current.updated_at === 'string' ? current.updated_at : undefined;

const valueAt = (row: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), row);

/** Agencies linked to an admin: `{id, agency_name, linked}` on a row, their ids in a form. */
const isLinks = (value: unknown): value is Array<{ id: unknown; linked?: unknown }> =>
  Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'id' in item);

/**
 * The current row's value of a field, in the kind the form holds (`like`): linked agencies as their
 * ids, a comma-separated list as a list, nothing as an empty text in a text field.
 */
function theirValue(field: ConflictField, current: CurrentRow, like: unknown): unknown {
  const value = valueAt(current, field.now ?? field.field);
  if (isLinks(value) && Array.isArray(like)) return value.filter((link) => link.linked !== false).map((link) => link.id);
  if (typeof value === 'string' && Array.isArray(like)) return value.split(',').map((item) => item.trim()).filter(Boolean);
  if ((value === null || value === undefined) && typeof like === 'string') return '';
  return value;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** One way to write a value, so that equal values compare equal: lists in any order, keys in any order. */
function canonical(value: unknown): string {
  if (isEmpty(value)) return '';
  if (Array.isArray(value)) return JSON.stringify(value.map(canonical).sort());
  if (typeof value === 'object') {
    return JSON.stringify(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, canonical(inner)]));
  }
  return String(value);
}

export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** How a value reads in the panel. */
export function valueText(field: string, value: unknown): string {
  // What was typed as a password is never shown, only that there is one.
  if (field === 'password') return isEmpty(value) ? 'unchanged' : 'a new password';
  if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isLinks(value)) {
    return value
      .filter((link) => link.linked !== false)
      .map((link) => String(Object.values(link).find((inner) => typeof inner === 'string') ?? link.id))
      .join(', ');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') {
    // SMS link prefixes by language: an empty one is the default link.
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${isEmpty(inner) ? '(default)' : String(inner)}`)
      .join(', ');
  }
  return String(value);
}

export interface ConflictRow {
  field: string;
  label: string;
  yours: string;
  now: string;
  differs: boolean;
}

/** How a dialog names a value it offers as a choice (an agency's id as its name). */
export type ConflictNames = Partial<Record<string, (value: unknown) => string | undefined>>;

/**
 * The user's values beside the current row's, field by field. A field the user's values do not
 * hold (an edit that sends only what it changed) is left out.
 */
export function conflictRows(fields: readonly ConflictField[], yours: Record<string, unknown>, current: CurrentRow, names: ConflictNames = {}): ConflictRow[] {
  return fields
    .filter(({ field }) => yours[field] !== undefined)
    .map((field) => {
      const mine = yours[field.field];
      const theirs = theirValue(field, current, mine);
      const differs = !sameValue(mine, theirs);
      const nameOf = (value: unknown) => names[field.field]?.(value);
      // The row's own name for its value first: the dialog's choices may not hold it.
      const named = field.named === undefined ? undefined : valueAt(current, field.named);
      const nowText = isEmpty(named) ? (nameOf(theirs) ?? valueText(field.field, theirs)) : valueText(field.field, named);
      return {
        field: field.field,
        label: field.label,
        yours: differs ? (nameOf(mine) ?? valueText(field.field, mine)) : nowText,
        now: nowText,
        differs,
      };
    });
}

/** 'Use theirs': the form's values with the current row's in every field it compares, on the current version. */
export function theirValues<V extends object>(fields: readonly ConflictField[], yours: V, current: CurrentRow): V {
  const values = { ...yours } as Record<string, unknown>;
  for (const field of fields) values[field.field] = theirValue(field, current, values[field.field]);
  const updatedAt = updatedAtOf(current);
  if (updatedAt !== undefined && 'updated_at' in values) values.updated_at = updatedAt;
  return values as V;
}

const NOT_COMPARED = new Set(['id', 'updated_at']);

/** The fields of a form that declares none: each of its values under its own name. */
export const fieldsOfValues = (values: object): ConflictField[] =>
  Object.keys(values)
    .filter((field) => !NOT_COMPARED.has(field))
    .map((field) => ({ field, label: field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ') }));
