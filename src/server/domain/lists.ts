// Lists, whatever backend asks: the legacy admin backend's page_size (20, 50, 100 or 0 for all),
// 1-based current_page, search and orderby, or the service backends' page, page_size, search and
// ordering, both read into one ListParams over the fields each list offers. Sorting, searching and
// paging happen in SQL; text sorts ignoring case and accents (foldedText).
import { asc, count, desc, ilike, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ListPage } from '../../contract/api';
import { unknownSortField } from '../../contract/messages';
import type { listQuery, pageQuery } from '../../contract/schemas/lists';
import type { Database } from '../db/client';
import { foldedText } from '../db/foldedText';
import { Invalid } from './errors';

export interface ListParams<F extends string> {
  /** Rows per page; undefined: every row (page_size 0). */
  limit: number | undefined;
  offset: number;
  search: string;
  order: { field: F; descending: boolean } | undefined;
}

/** 'field' or '-field' over the fields a list offers; another field answers 400 on `parameter`. */
export function orderOfParameter<F extends string>(value: string, sortable: readonly F[], parameter: string): ListParams<F>['order'] {
  if (!value) return undefined;
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  if (!(sortable as readonly string[]).includes(field)) {
    const message = unknownSortField(field, sortable, parameter);
    throw new Invalid(message, { [parameter]: [message] });
  }
  return { field: field as F, descending };
}

const offsetOf = (page: number, size: number) => Math.min((page - 1) * size, Number.MAX_SAFE_INTEGER);

/** The rows of a legacy page: `page_size` 0 is every row. */
export const legacyPageOf = (q: Pick<z.output<typeof listQuery>, 'page_size' | 'current_page'>): Pick<ListParams<string>, 'limit' | 'offset'> =>
  q.page_size === 0 ? { limit: undefined, offset: 0 } : { limit: q.page_size, offset: offsetOf(q.current_page, q.page_size) };

/** The paging, search and sort of a legacy list query (or a grid body, which extends it). */
export function listParamsOf<F extends string>(q: z.output<typeof listQuery>, sortable: readonly F[]): ListParams<F> {
  return { ...legacyPageOf(q), search: q.search, order: orderOfParameter(q.orderby, sortable, 'orderby') };
}

/** The paging, search and sort of a service-backend page query. */
export function pageParamsOf<F extends string>(q: z.output<typeof pageQuery>, sortable: readonly F[]): ListParams<F> & { page: number; limit: number } {
  return {
    page: q.page, limit: q.page_size, offset: offsetOf(q.page, q.page_size),
    search: q.search, order: orderOfParameter(q.ordering, sortable, 'ordering'),
  };
}

/**
 * A text column as lists sort it: lower-cased and without accents (db/foldedText.ts). Names and
 * keys only: digits and upper-case codes (msisdn, ISO codes) sort the same raw, where their indexes serve.
 */
export { foldedText };

/**
 * ORDER BY the requested field, else the list's `usual` order (when it has one), then `tieBreak`
 * so pages never overlap (and rows equal but for case keep one order).
 */
export function orderOf<F extends string>(
  params: ListParams<F>, columns: Record<F, SQLWrapper>, tieBreak: SQLWrapper, usual?: SQLWrapper,
): SQL[] {
  const order = params.order;
  if (!order) return usual ? [asc(usual), asc(tieBreak)] : [asc(tieBreak)];
  const column = columns[order.field];
  return [order.descending ? desc(column) : asc(column), asc(tieBreak)];
}

/** A LIKE pattern matching `term` anywhere, with its own % and _ taken literally. */
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search as the msisdn columns hold numbers: one typed nationally with its 0 ('0241234567') is
 * stored after its dialling code without the 0, so the 0 is not searched (other columns hold no
 * such run of digits).
 */
export const msisdnSearch = (search: string): string => (/^0\d+$/.test(search) ? search.replace(/^0+/, '') : search);

/** Rows where any of `columns` contains the search term (case-insensitive); true without a term. */
export function searchIn(search: string, columns: Array<AnyColumn | SQL>): SQL {
  if (!search || columns.length === 0) return sql`true`;
  const pattern = containing(search);
  return or(...columns.map((column) => ilike(column, pattern))) ?? sql`true`;
}

/** Applies LIMIT and OFFSET to a dynamic drizzle query. */
export function paged<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, params: ListParams<string>): Q {
  if (params.limit === undefined) return query;
  return query.limit(params.limit).offset(params.offset);
}

export const listPage = <T>(data: T[], count: number): ListPage<T> => ({ data, count });

/**
 * One page of a list and the count of all its matching rows, from one declaration of what matches
 * (a fresh select each call: drizzle's dynamic builders change as they are chained).
 */
export async function listPageOf<Q extends PgSelect>(
  db: Database, matching: () => Q, params: ListParams<string>, order: SQL[],
): Promise<ListPage<Awaited<Q>[number]>> {
  const rows = await paged(matching().orderBy(...order), params);
  // Typed as any select's subquery: drizzle cannot check a generic one (the SQL is the same).
  const [total] = await db.select({ n: count() }).from(matching().as('matching') as ReturnType<PgSelect['as']>);
  return listPage(rows as Awaited<Q>[number][], total?.n ?? 0);
}
