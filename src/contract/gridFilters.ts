// The filters of the one report filter model (SPEC.md sections 5 and 7) a grid may offer beyond
// its dates and search, each declared once: its key (the body's field and the address's
// parameter), its schema, how the address carries it, the value that filters nothing, and the
// console control that draws it. The grid body's schema (schemas/gridQuery.ts), the server's
// refusal of a filter a grid does not offer, the console's filter bar and its address all read
// these; the SQL each one selects is the server's, one per key (domain/grids/conditions.ts).
// A grid names the filters it offers in its declaration (grids.ts).
import { z } from 'zod';
import { AUDIT_ENTITIES, AUDIT_ENTITY_KEYS, type AuditEntity } from './auditEntities';
import * as messages from './messages';
import { countryCodeParam, filterIds, flag, storableId } from './schemas/fields';

/** A choice of a select filter: its value as the address writes it, and its label. */
export interface FilterChoice {
  value: string;
  label: string;
}

/**
 * How the console draws a filter: a select with 'All ...' first (its choices the contract's, else
 * the screen's entity lists'), or a checkbox. A select `whenSet` is shown only once a link set it,
 * with that value as its one choice ('All ...' takes it away).
 */
export type FilterControl =
  | { kind: 'select'; label: string; allLabel: string; choices?: readonly FilterChoice[]; whenSet?: true }
  | { kind: 'check'; label: string; title?: string };

interface FilterDeclaration<S extends z.ZodType, V> {
  schema: S;
  /** The value in the console's state and in the body when nothing is chosen. */
  initial: V;
  /** The address parameter's text as a value; `initial` for none, or one not understood. */
  read(text: string | null): V;
  /** The value as the address parameter's text (and a select's choice); undefined for `initial`, which is not written. */
  write(value: V): string | undefined;
  /** Whether a body's value filters nothing: a grid that does not offer the filter refuses any other (400). */
  isDefault(value: z.output<S>): boolean;
  /** Sent even when `initial`: a grid that offers it reads false as a filter too (gifting: agents' rows, not gifters'). */
  sentWhenInitial?: true;
  /** Only a Super Admin may set it (SPEC.md section 6): the refusal anyone else gets (403); only they see it. */
  superAdminOnly?: string;
  control: FilterControl;
}

const declare = <S extends z.ZodType, V>(filter: FilterDeclaration<S, V>) => filter;

/** An id as an address carries it ('7'); anything else is none. */
export function idParam(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A filter by a record's id, its choices the screen's entity list (agencies, campaigns, admins). */
const idFilter = <S extends z.ZodType>(label: string, allLabel: string, schema: S) =>
  declare({
    schema,
    initial: undefined as number | undefined,
    read: idParam,
    write: (id) => (id === undefined ? undefined : String(id)),
    isDefault: (value: z.output<S>) => value === undefined || (Array.isArray(value) && value.length === 0),
    control: { kind: 'select', label, allLabel },
  });

/** A yes-or-no filter, in the address as '1' when set. */
const checkFilter = (key: string, label: string, title?: string, superAdminOnly?: string) =>
  declare({
    schema: flag(key).default(false),
    initial: false,
    read: (text) => text === '1',
    write: (on) => (on ? '1' : undefined),
    isDefault: (on) => !on,
    sentWhenInitial: true,
    ...(superAdminOnly ? { superAdminOnly } : {}),
    control: { kind: 'check', label, ...(title ? { title } : {}) },
  });

/** A filter of a few values the contract names, in the address as the value itself. */
const choiceFilter = <T extends string>(values: readonly [T, ...T[]], error: string, control: FilterControl) =>
  declare({
    schema: z.enum(values, { error }).optional(),
    initial: undefined as T | undefined,
    read: (text) => values.find((value) => value === text),
    write: (value) => value,
    isDefault: (value) => value === undefined,
    control,
  });

/** A code of capital letters (a country's two, a currency's three), in the address in any case. */
const codeOf = (letters: number) => (text: string | null): string | undefined => {
  const code = text?.toUpperCase();
  return code && new RegExp(`^[A-Z]{${letters}}$`).test(code) ? code : undefined;
};

/**
 * Pending Payments' rows by what a payment run would make of them (ours, issue 52): those with
 * something it pays, or with something it holds back (a row partly held back is both).
 */
export const HOLDS_FILTER_VALUES = ['payable', 'held_back'] as const;
export type HoldsFilter = (typeof HOLDS_FILTER_VALUES)[number];

/** The audit trail's entities, by their names on screen. */
const ENTITY_CHOICES = Object.entries(AUDIT_ENTITIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * Every filter, in the order of the body's schema and of the filter bar (selects, then checks):
 * an agency, campaigns (the console chooses one), a country; 'Include Blacklisted' and BQ (agents
 * with fraud events), a Super Admin's only; gifting (gifters' rows instead of agents'), enabled
 * (active agents only), paid (paid or due); the audit trail's admin (a user id) and entity;
 * Pending Payments' holds; the money grids' currency (an amount of Stats opens its currency's rows).
 */
export const GRID_FILTER_DECLARATIONS = {
  agency: idFilter('Agency', 'All agencies', storableId('agency').optional()),
  campaign: idFilter('Campaign', 'All campaigns', filterIds('campaign').optional()),
  country: declare({
    schema: countryCodeParam('country').optional(),
    initial: undefined as string | undefined,
    read: codeOf(2),
    write: (code) => code,
    isDefault: (code) => code === undefined,
    control: { kind: 'select', label: 'Country', allLabel: 'All countries' },
  }),
  blacklisted: checkFilter('blacklisted', 'Include Blacklisted', undefined, messages.includeBlacklistedSuperOnly),
  bq: checkFilter('bq', 'BQ', 'Only agents with fraud events', messages.bqSuperOnly),
  gifting: checkFilter('gifting', 'Gifters', "The gifters' rows instead of the agents'"),
  enabled: checkFilter('enabled', 'Active agents only'),
  paid: declare({
    schema: flag('paid').optional(),
    initial: undefined as boolean | undefined,
    read: (text) => (text === '1' ? true : text === '0' ? false : undefined),
    write: (paid) => (paid === undefined ? undefined : paid ? '1' : '0'),
    isDefault: (paid) => paid === undefined,
    control: { kind: 'select', label: 'Paid', allLabel: 'All', choices: [{ value: '1', label: 'Paid' }, { value: '0', label: 'Due' }] },
  }),
  admin: idFilter('Admin', 'All admins', storableId('admin').optional()),
  entity: choiceFilter<AuditEntity>(AUDIT_ENTITY_KEYS, messages.auditEntityUnknown, { kind: 'select', label: 'Entity', allLabel: 'All entities', choices: ENTITY_CHOICES }),
  holds: choiceFilter<HoldsFilter>(HOLDS_FILTER_VALUES, messages.holdsFilterInvalid, {
    kind: 'select', label: 'Payment Run', allLabel: 'All', choices: [{ value: 'payable', label: 'Payable' }, { value: 'held_back', label: 'Held back' }],
  }),
  currency: declare({
    schema: z.string().trim().regex(/^[A-Za-z]{3}$/, { error: 'currency must be a three-letter currency code' }).toUpperCase().optional(),
    initial: undefined as string | undefined,
    read: codeOf(3),
    write: (code) => code,
    isDefault: (code) => code === undefined,
    control: { kind: 'select', label: 'Currency', allLabel: 'All currencies', whenSet: true },
  }),
};

type Declarations = typeof GRID_FILTER_DECLARATIONS;
export type GridFilter = keyof Declarations;
export const GRID_FILTERS = Object.keys(GRID_FILTER_DECLARATIONS) as GridFilter[];

/** A filter's value in the console's state and the body it sends. */
export type GridFilterValue<K extends GridFilter> = Declarations[K]['initial'] | ReturnType<Declarations[K]['read']>;
/** Every filter's value, as the console holds them. */
export type GridFilterValues = { -readonly [K in GridFilter]: GridFilterValue<K> };

/** A filter's declaration, read the same way whatever its key. */
export type AnyGridFilter = FilterDeclaration<z.ZodType, unknown>;
export const gridFilterOf = (key: GridFilter): AnyGridFilter => GRID_FILTER_DECLARATIONS[key] as unknown as AnyGridFilter;

/** Every filter's body schema, by key: the report filter model's fields beside its dates and search. */
export const GRID_FILTER_FIELDS = Object.fromEntries(GRID_FILTERS.map((key) => [key, GRID_FILTER_DECLARATIONS[key].schema])) as {
  [K in GridFilter]: Declarations[K]['schema'];
};
