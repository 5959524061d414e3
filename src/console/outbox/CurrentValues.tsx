// The row as the server has it now (the `current` of a 409 conflict), as a short list of its
// fields, so the user can compare before editing again.
import type { ReactNode } from 'react';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const HIDDEN = new Set(['id']);

const label = (field: string) => (field === 'updated_at' ? 'changed' : field.replace(/_/g, ' '));

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'updated_at' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return timeFormat.format(Date.parse(value));
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    // Links such as linked agencies: the names of those that are on.
    return value
      .filter((item) => !(item && typeof item === 'object' && (item as { linked?: unknown }).linked === false))
      .map((item) => (item && typeof item === 'object' ? String(Object.values(item).find((inner) => typeof inner === 'string') ?? '') : String(item)))
      .filter(Boolean)
      .join(', ') || '—';
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${inner === '' ? '(default)' : String(inner)}`)
      .join(', ');
  }
  return String(value);
}

export function CurrentValues({ current }: { current: unknown }): ReactNode {
  if (!current || typeof current !== 'object') return null;
  const fields = Object.entries(current as Record<string, unknown>).filter(([field]) => !HIDDEN.has(field));
  return (
    <dl className="console-outbox-current" aria-label="Current values">
      {fields.map(([field, value]) => (
        <div key={field}>
          <dt>{label(field)}</dt>
          <dd>{valueText(field, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
