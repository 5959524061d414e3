// The one grid module: a grid's contract declaration (src/contract/grids.ts) plus its source
// (source.ts: the tables it reads, each column's SQL, what its filters look at) becomes its page,
// its count and its CSV export. Every filter of the report filter model, the caller's scope and the
// sort are applied here once, with the cursors of cursors.ts and the formats of formats.ts; a new
// report is a declaration and a source.
import { createHash } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { GridPage } from '../../../contract/api';
import { GRID_ALL_ROWS_MAX, GRID_COUNT_CACHE_MS } from '../../../contract/constants';
import { addDays } from '../../../contract/dates';
import { GRID_FILTERS, gridFilterOf, type GridFilter } from '../../../contract/gridFilters';
import { gridFilename, sortableKeys, type GridDeclaration, type GridRow } from '../../../contract/grids';
import { filterNotOffered, gridTooLargeForPage } from '../../../contract/messages';
import { seesEverything, type RoleScope } from '../../../contract/roles';
import { queryRows, type Database } from '../../db/client';
import { campaigns } from '../../db/schema';
import { KeptValues } from '../../db/keptValues';
import { generationsOf, tablesOf } from '../../db/tableGenerations';
import { Invalid, Refused } from '../errors';
import { containing, orderOfParameter } from '../lists';
import type { CsvSource } from '../../reports/csv';
import { campaignWhere, FILTER_CONDITIONS, type FilterContext } from './conditions';
import { cursorInvalid, decodeCursor, encodeCursor, type Cursor } from './cursors';
import { bigintText, csvValue, jsonValue, KEY_TEXTS, plainText, SORT_TYPES, sortValue } from './formats';
import type { GridRequest, GridSource, ParentWalk } from './source';

/** A page as the contract answers it: rows, count, neighbouring pages' cursors, and an empty period's latest day. */
export type { GridPage };

/**
 * The most keys a lookup's search sends inline: fewer, and the database plans with them (an index
 * on the key, or a hash of them); more, and the term is common, so the rows are read in order and
 * the lookup is a subquery.
 */
const SEARCH_KEYS_INLINE_MAX = 1000;


/** The row's reference as a walk reads it: a NULL one as record 0. */
const referenceOf = (walk: ParentWalk): SQL => (walk.optional ? sql`coalesce(${walk.reference}, 0)` : walk.reference);

/** A request whose search lookups were read first: each lookup's keys, or undefined for one that found too many. */
type SearchedRequest = GridRequest & { searchKeys?: Array<string[] | undefined> };

/** Fewer filtered rows than this sort quicker than a walk of their records (ParentWalk) reads them. */
const WALK_FROM_ROWS = 1000;

// ---- the grid -------------------------------------------------------------------------------

/** A filter's condition read the same way whatever its key (FILTER_CONDITIONS is typed per key). */
type AnyCondition = { rows?: (value: unknown, context: FilterContext) => SQL | undefined; groups?: (value: unknown, context: FilterContext) => SQL | undefined };

/** The rows a scope sees, by the row's campaign: an Agency Admin's agencies', a Campaign Admin's campaigns' (SPEC.md section 6). */
export function scopeWhere(scope: RoleScope, campaignId: SQL): SQL | undefined {
  if (scope.kind === 'agencies') return scope.agencyIds.length === 0 ? sql`false` : campaignWhere(campaignId, inArray(campaigns.agencyId, scope.agencyIds));
  if (scope.kind === 'campaigns') return scope.campaignIds.length === 0 ? sql`false` : inArray(campaignId, scope.campaignIds);
  return undefined;
}

export function defineGrid<const D extends GridDeclaration>(declaration: D, source: GridSource<D>) {
  type Row = GridRow<D>;
  const columns = declaration.columns;
  const offered = new Set<GridFilter>(declaration.filters);
  const filterContext = (name: GridFilter): FilterContext => ({ facets: source.facets, groupFacets: source.groupFacets, offered: offered.has(name) });
  const sortable = sortableKeys(declaration);
  // Counts of recent filters, so turning pages does not count the rows again each time; keyed with
  // the generations of the tables the count reads, so a write this process commits (an agent
  // blacklisted, renamed, ...) is counted at the next read. Another instance's show once it expires.
  const counts = new KeptValues<number>(GRID_COUNT_CACHE_MS, 500);
  const value = (key: string): SQL => (source.columns as Record<string, SQL>)[key] as SQL;
  const textColumns = columns.filter((column) => column.format === 'text').map((column) => value(column.key));
  /** A grouped grid's GROUP BY and HAVING: its own condition on a group, and the filters read on the group. */
  const grouping = ({ body: f }: GridRequest): SQL => {
    if (!source.groupBy) return sql``;
    const conditions = source.having ? [source.having] : [];
    for (const name of GRID_FILTERS) {
      const condition = (FILTER_CONDITIONS[name] as AnyCondition).groups?.(f[name], filterContext(name));
      if (condition) conditions.push(condition);
    }
    return sql` group by ${source.groupBy}${conditions.length > 0 ? sql` having ${sql.join(conditions, sql` and `)}` : sql``}`;
  };
  /** The columns as the outer query reads them from the rows query `g`. */
  const outerColumns = sql.join(columns.map((column) => sql`g.${sql.identifier(column.key)}`), sql`, `);
  // A grid whose legacy columns include `id` (payment runs) shows its key as that column, so the row's id is not selected twice.
  const showsId = columns.some((column) => column.key === 'id');
  const rowId = showsId ? sql`` : sql`, (${source.key})::text as id`;
  const outerId = showsId ? sql`` : sql`g.id, `;

  /** Refuses what this grid does not offer and what only a Super Admin may ask; the cursor sent, read. */
  function check({ scope, body }: GridRequest): Cursor | undefined {
    // Its readers, as its route refuses them before the body: the same for a report job's file.
    if (declaration.readers) Refused.unlessMet(scope, declaration.readers.requires, declaration.readers.refusal);
    for (const name of GRID_FILTERS) {
      const filter = gridFilterOf(name);
      if (filter.isDefault(body[name])) continue;
      if (!offered.has(name)) {
        const message = filterNotOffered(name, declaration.title);
        throw new Invalid(message, { [name]: [message] });
      }
      if (filter.superAdminOnly && !seesEverything(scope)) throw Refused.superAdminOnly(filter.superAdminOnly);
    }
    return body.cursor ? decodeCursor(body.cursor) : undefined;
  }

  /** The lookups' keys for the request's search, read before the rows so the database plans with them. */
  async function searched(db: Database, request: GridRequest): Promise<SearchedRequest> {
    if (!request.body.search || !source.search) return request;
    const pattern = containing(request.body.search);
    const searchKeys = await Promise.all(source.search.lookups.map(async (lookup) => {
      const rows = await queryRows<{ id: string }>(db, sql`select id::text as id from (${lookup.ids(pattern)}) found limit ${SEARCH_KEYS_INLINE_MAX + 1}`);
      return rows.length > SEARCH_KEYS_INLINE_MAX ? undefined : rows.map((row) => row.id);
    }));
    return { ...request, searchKeys };
  }

  /** Rows the search term finds: one condition per place it may be, each served by an index where it is rare. */
  function searchCondition({ body, searchKeys }: SearchedRequest): SQL {
    const pattern = containing(body.search);
    if (!source.search) return textColumns.length > 0 ? sql`concat_ws(' ', ${sql.join(textColumns, sql`, `)}) ilike ${pattern}` : sql`true`;
    const { own, lookups } = source.search;
    const places = lookups.flatMap((lookup, index): SQL[] => {
      const keys = searchKeys?.[index];
      // Unread (an export, Stats), or too many to send: the lookup as a subquery.
      if (keys === undefined) return [sql`${lookup.key} in (${lookup.ids(pattern)})`];
      if (keys.length === 0) return [];
      // Keys are ids or codes the database gave: sent as one array literal parameter.
      const literal = `{${keys.map((key) => `"${key.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
      return [sql`${lookup.key} = any(${literal}::${sql.raw(lookup.keyType ?? 'bigint')}[])`];
    });
    if (own) places.unshift(sql`${own} ilike ${pattern}`);
    return places.length > 0 ? sql`(${sql.join(places, sql` or `)})` : sql`false`;
  }

  /** The rows a filter selects, before any grouping. */
  function where(request: SearchedRequest, { dated = true } = {}): SQL {
    const { scope, body: f, recordId } = request;
    const { facets } = source;
    const conditions: SQL[] = [...(source.condition ? [source.condition] : [])];
    if (source.recordCondition) {
      if (recordId === undefined) throw new Error(`${declaration.title} lists one record's rows: the request names none`);
      conditions.push(source.recordCondition(recordId));
    }
    // Undated: every date, for the latest rows of an empty period (latestDay).
    if (dated && facets.days) conditions.push(facets.days(f.start_date, f.end_date));
    else if (dated && facets.time) {
      conditions.push(
        sql`${facets.time} >= ${`${f.start_date}T00:00:00Z`}::timestamptz`,
        // Up to the start of the next day: the end date counts in full.
        sql`${facets.time} < ${`${addDays(f.end_date, 1)}T00:00:00Z`}::timestamptz`,
      );
    }
    const scoped = scopeWhere(scope, facets.campaignId);
    if (scoped) conditions.push(scoped);
    for (const name of GRID_FILTERS) {
      const condition = (FILTER_CONDITIONS[name] as AnyCondition).rows?.(f[name], filterContext(name));
      if (condition) conditions.push(condition);
    }
    if (f.search) conditions.push(searchCondition(request));
    // Every date and no filter (a Super Admin's latest fraud event, blacklisted included) is every row.
    return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  }

  /** The order asked for ('field' or '-field'), else the grid's default; 400 for a field it does not sort by. */
  function orderOf(orderby: string): { key: D['columns'][number]; descending: boolean; text: string; walk?: ParentWalk } {
    const text = orderby || declaration.defaultOrder;
    // Every list reads 'field' or '-field' the same way, and refuses a field it does not sort by.
    const order = orderOfParameter(text, sortable, 'orderby') as NonNullable<ReturnType<typeof orderOfParameter>>;
    const field = (source.sortsAs as Record<string, string | undefined> | undefined)?.[order.field] ?? order.field;
    const column = columns.find((c) => c.key === field) as D['columns'][number];
    const walk = (source.walks as Record<string, ParentWalk | undefined> | undefined)?.[column.key];
    return { key: column, descending: order.descending, text, walk };
  }

  /**
   * The grid's rows with their values formatted by `format` (none: the order's columns alone), and
   * `_sort` and `_key`, the order's columns, so the outer query can sort, seek and page on them whatever the grid.
   */
  function rowsQuery(request: GridRequest, format: typeof jsonValue | undefined, order: ReturnType<typeof orderOf>): SQL {
    const sortColumn = (source.sorts as Record<string, SQL | undefined> | undefined)?.[order.key.key] ?? sortValue(order.key.format, value(order.key.key));
    const currency = order.key.currency && ((source.groups as Record<string, SQL | undefined> | undefined)?.[order.key.key] ?? value(order.key.currency));
    const group = currency ? sql`, coalesce((${currency})::text, '') as _group` : sql``;
    const parent = order.walk ? sql`, ${referenceOf(order.walk)} as _parent` : sql``;
    return sql`select ${format ? sql`${selectedColumns(format)}, ` : sql``}${sortColumn} as _sort${group}${parent}, ${source.key} as _key
      from ${source.from} where ${where(request)}${grouping(request)}`;
  }

  /** Each column formatted by `format`, and the row's id. */
  const selectedColumns = (format: typeof jsonValue): SQL =>
    sql`${sql.join(columns.map((column) => sql`${format(column.format, value(column.key))} as ${sql.identifier(column.key)}`), sql`, `)}${rowId}`;

  /** A page's row read by its key once the page's keys are chosen: every column, as the JSON answer carries it. */
  const rowByKey = (key: SQL): SQL => sql`lateral (select ${selectedColumns(jsonValue)} from ${source.from} where ${source.key} = ${key})`;

  /**
   * A page in a walked order (ParentWalk): the records in the column's order from the anchor's,
   * each one's rows by its index on (reference, key) from the anchor's key, until the page is full.
   * The same rows in the same order as rowsQuery's, without sorting every filtered row: PostgreSQL
   * reads the records in order and sorts each one's few rows (an incremental sort under the LIMIT).
   */
  function walkQuery(request: GridRequest, order: ReturnType<typeof orderOf>, walk: ParentWalk, cursor: Cursor | undefined, limit: number): SQL {
    const forward = !cursor || cursor.dir === 'after';
    const descending = forward === order.descending;
    const direction = descending ? sql`desc` : sql`asc`;
    const beyond = sql.raw(descending ? '<' : '>');
    const reference = referenceOf(walk);
    const records = sql`select ${walk.sort ?? sortValue(order.key.format, value(order.key.key))} as _sort, ${walk.id} as _parent from ${walk.table}${
      walk.ids ? sql` where ${walk.id} in (${walk.ids})` : sql``
    }${
      walk.optional ? sql` union all select ${walk.none ?? sortValue(order.key.format, sql`null`)}, 0` : sql``
    }`;
    // Within the anchor's record, the rows beyond its key; in every later record, all of them (an
    // index condition either way, so a deep page in a large record reads no skipped rows).
    const extreme = descending ? sql`9223372036854775807::bigint` : sql`(-9223372036854775807 - 1)::bigint`;
    let fromAnchor = sql`true`;
    // The key the rows start after: within the anchor's record, its key; in every later record, none.
    let keyAnchor = extreme;
    if (cursor) {
      const sort = sql`${cursor.sort}::${sql.raw(SORT_TYPES[order.key.format].sql)}`;
      const parent = sql`${cursor.parent ?? ''}::bigint`;
      fromAnchor = sql`(p._sort, p._parent) ${beyond}= (${sort}, ${parent})`;
      keyAnchor = sql`case when p._sort = ${sort} and p._parent = ${parent} then ${cursor.key}::bigint else ${extreme} end`;
    }
    // The bound and the order name (reference, key), not the key alone (the same within one record), so
    // the rows are read by that index: by the key's, a small record's would be sought through the whole table.
    // The record's rows are a range of that index, not an equality: with '=' PostgreSQL may read them in
    // the key's order (its primary key, the reference a filter) and, for a record with none in the
    // filter, read the whole table (the Audit grid by admin: 50 s at a million entries).
    // Only the keys are walked (PostgreSQL leaves out the lookups no filter reads); the page's rows
    // are read by key afterwards, so a record's rows are never joined to every lookup before the LIMIT.
    // Through a joined table (throughKey): record 0's rows in the key's order; any other record's by
    // (reference, throughKey), the join an inner one there (the reference is not NULL), so its index leads.
    const keys = walk.throughKey
      ? sql`(select ${source.key} as _key from ${source.from}
          where p._parent = 0 and ${walk.reference} is null and ${where(request)} and ${source.key} ${beyond} ${keyAnchor}
          order by ${source.key} ${direction} limit ${limit})
        union all
        (select ${source.key} as _key from ${source.from}
          where ${walk.reference} = p._parent and ${walk.throughKey} ${beyond} ${keyAnchor} and ${where(request)}
          order by ${walk.throughKey} ${direction} limit ${limit})`
      : sql`select ${source.key} as _key from ${source.from}
          where ${where(request)} and ${reference} between p._parent and p._parent and (${reference}, ${source.key}) ${beyond} (p._parent, ${keyAnchor})
          order by ${reference} ${direction}, ${source.key} ${direction} limit ${limit}`;
    const page = sql`select p._sort, p._parent, c._key from (${records}) p cross join lateral (${keys}) c where ${fromAnchor}
      order by p._sort ${direction}, p._parent ${direction}, c._key ${direction} limit ${limit}`;
    return sql`select ${outerId}${outerColumns}, w._sort::text as _sort, w._parent::text as _parent, w._key::text as _key
      from (${page}) w cross join ${rowByKey(sql`w._key`)} g
      order by w._sort ${direction}, w._parent ${direction}, w._key ${direction}`;
  }

  /**
   * Rows after (or before) a cursor's anchor in this order; the direction flips for 'before'. An
   * amount sorts within its currency: by (currency, amount, key), all three the same way.
   */
  function seek(order: ReturnType<typeof orderOf>, cursor: Pick<Cursor, 'dir' | 'sort' | 'group' | 'parent' | 'key'> | undefined): { where: SQL; orderBy: SQL } {
    const forward = !cursor || cursor.dir === 'after';
    const descending = forward === order.descending;
    const direction = descending ? sql`desc` : sql`asc`;
    const grouped = order.key.currency !== undefined;
    const walked = order.walk !== undefined;
    const orderBy = sql`${grouped ? sql`g._group ${direction}, ` : sql``}g._sort ${direction}, ${walked ? sql`g._parent ${direction}, ` : sql``}g._key ${direction}`;
    if (!cursor) return { where: sql`true`, orderBy };
    const parts = [
      ...(grouped ? [{ position: sql`g._group`, anchor: sql`${cursor.group ?? ''}::text` }] : []),
      { position: sql`g._sort`, anchor: sql`${cursor.sort}::${sql.raw(SORT_TYPES[order.key.format].sql)}` },
      ...(walked ? [{ position: sql`g._parent`, anchor: sql`${cursor.parent ?? ''}::bigint` }] : []),
      { position: sql`g._key`, anchor: sql`${cursor.key}::${sql.raw(source.keyType)}` },
    ];
    const position = sql`(${sql.join(parts.map((part) => part.position), sql`, `)})`;
    const anchor = sql`(${sql.join(parts.map((part) => part.anchor), sql`, `)})`;
    // From the anchor on, the anchor left out by its key (unique): with '<' PostgreSQL estimates the
    // rows by the first value alone ('blacklisted < false': none) and sorts the whole set into a hash
    // join; with '<=' it estimates them right and walks the index.
    const fromAnchor = sql`${position} ${sql.raw(descending ? '<=' : '>=')} ${anchor} and g._key <> ${cursor.key}::${sql.raw(source.keyType)}`;
    return { where: fromAnchor, orderBy };
  }

  /** The order's anchor as the outer query reads it, for the next cursor: `_sort`, `_key`, an amount's currency `_group` and a walked record `_parent`. */
  const anchorColumns = (order: ReturnType<typeof orderOf>): SQL =>
    sql`${order.key.currency ? sql`g._group, ` : sql``}g._sort::text as _sort, ${order.walk ? sql`g._parent::text as _parent, ` : sql``}g._key::text as _key`;

  /** A short fingerprint of the filter (and the record): a cursor made for another filter is not used. */
  const filterHash = ({ body, recordId }: GridRequest): string => {
    const { page_size: _size, current_page: _page, orderby: _order, cursor: _cursor, export: _export, ...filter } = body;
    return createHash('sha256').update(JSON.stringify(recordId === undefined ? filter : { ...filter, recordId })).digest('base64url').slice(0, 16);
  };

  const countQuery = (request: SearchedRequest): SQL => {
    const inner = source.groupBy
      ? sql`select 1 from ${source.from} where ${where(request)}${grouping(request)}`
      : sql`select 1 from ${source.from} where ${where(request)}`;
    return sql`select count(*)::int as n from (${inner}) g`;
  };

  /** The request's count, its search's lookups read first (the rows' query reads them too). */
  async function countOf(db: Database, request: GridRequest, hash: string): Promise<{ count: number; request: SearchedRequest }> {
    // Keyed before the lookups and the count: a write committed meanwhile makes a new key, never a stale count under it.
    const cacheKey = JSON.stringify([request.scope, hash, generationsOf(tablesOf(countQuery(request)))]);
    const withKeys = await searched(db, request);
    // One count at a time per key; past its expiry the last count answers while it is counted anew.
    const count = await counts.obtain(cacheKey, async () => {
      const [row] = await queryRows<{ n: number }>(db, countQuery(withKeys));
      return row?.n ?? 0;
    });
    return { count, request: withKeys };
  }

  /**
   * The day (UTC) of the newest row the request's other filters select, whatever its dates: what an
   * empty period offers instead (issue 53). A grid of instants only, ungrouped: a grouped grid's
   * HAVING reads its groups, which a day alone does not say.
   */
  async function latestDay(db: Database, request: SearchedRequest): Promise<string | undefined> {
    if (!source.facets.time || source.groupBy) return undefined;
    const [row] = await queryRows<{ day: string | null }>(db, sql`
      select (max(${source.facets.time}) at time zone 'UTC')::date::text as day from ${source.from} where ${where(request, { dated: false })}`);
    return row?.day ?? undefined;
  }

  type Fetched = Row & { _sort: string | null; _group?: string; _parent?: string; _key: string };
  const toRow = ({ _sort: _s, _group: _g, _parent: _p, _key: _k, ...row }: Fetched): Row => row as unknown as Row;

  return {
    declaration,

    /** A page of rows and their count; a cursor of this grid for this page reads it from where the last one ended. */
    async page(db: Database, request: GridRequest): Promise<GridPage<Row>> {
      const given = check(request);
      const { body } = request;
      const order = orderOf(body.orderby);
      const hash = filterHash(request);
      // A cursor for another page, order or filter is not this request's: the page is read by its number.
      const cursor = given && body.page_size > 0 && given.page === body.current_page && given.order === order.text && given.filter === hash ? given : undefined;
      // Its anchor is of the order's types, or the cursor was edited.
      if (
        cursor &&
        !(
          KEY_TEXTS[source.keyType].safeParse(cursor.key).success &&
          (cursor.sort === null || SORT_TYPES[order.key.format].text.safeParse(cursor.sort).success) &&
          (order.key.currency === undefined || plainText.safeParse(cursor.group).success) &&
          (order.walk === undefined || (cursor.sort !== null && bigintText.safeParse(cursor.parent).success))
        )
      ) {
        throw cursorInvalid();
      }
      const { count, request: withKeys } = await countOf(db, request, hash);
      if (body.page_size === 0 && count > GRID_ALL_ROWS_MAX) throw new Invalid(gridTooLargeForPage(count), undefined, 'bad_request');

      const { where: after, orderBy } = seek(order, cursor);
      const limit = body.page_size === 0 ? sql`` : sql` limit ${body.page_size}`;
      const offset = cursor || body.page_size === 0 ? sql`` : sql` offset ${Math.min((body.current_page - 1) * body.page_size, Number.MAX_SAFE_INTEGER)}`;
      // A walked order reads page 1 and a page by cursor by its walk, unless the filter leaves so few rows
      // that sorting them is quicker than visiting the records; a page by number (OFFSET) and 'all rows' sort the set.
      const walked = order.walk && !source.groupBy && body.page_size > 0 && (cursor || body.current_page === 1) && count > WALK_FROM_ROWS;
      let query: SQL;
      if (walked && order.walk) query = walkQuery(withKeys, order, order.walk, cursor, body.page_size);
      else if (source.groupBy || body.page_size === 0) {
        query = sql`select ${outerId}${outerColumns}, ${anchorColumns(order)}
          from (${rowsQuery(withKeys, jsonValue, order)}) g where ${after} order by ${orderBy}${limit}${offset}`;
      } else {
        // A page of rows: its keys first, PostgreSQL leaving out the lookups no filter or sort reads (it
        // plans a few tables, not all: Agent Payments' 16 ms of planning for 0.6 of reading), then each row by its key.
        const keys = sql`select g.* from (${rowsQuery(withKeys, undefined, order)}) g where ${after} order by ${orderBy}${limit}${offset}`;
        query = sql`select ${outerId}${outerColumns}, ${anchorColumns(order)} from (select k.*, r.* from (${keys}) k
          cross join ${rowByKey(sql`k._key`)} r) g order by ${orderBy}`;
      }
      const fetched = await queryRows<Fetched>(db, query);
      // Read backwards for the previous page: shown in the grid's order.
      const rows = cursor?.dir === 'before' ? fetched.reverse() : fetched;
      const page: GridPage<Row> = { data: rows.map(toRow), count };
      if (count === 0) {
        const latest = await latestDay(db, withKeys);
        if (latest) page.latest = latest;
      }
      const first = rows[0];
      const last = rows.at(-1);
      const anchor = (row: Fetched, dir: Cursor['dir'], pageNumber: number) =>
        encodeCursor({ page: pageNumber, order: order.text, filter: hash, dir, sort: row._sort, group: row._group, parent: row._parent, key: row._key });
      if (body.page_size > 0 && last && body.current_page * body.page_size < count) page.next = anchor(last, 'after', body.current_page + 1);
      if (body.page_size > 0 && first && body.current_page > 1) page.previous = anchor(first, 'before', body.current_page - 1);
      return page;
    },

    /**
     * The rows a request selects before any grouping, the grid's checks made: its FROM, its WHERE (the
     * caller's scope and every filter) and each column's SQL. Stats counts and sums these very rows,
     * so a figure equals the grid its link opens (domain/stats).
     */
    selection(request: GridRequest): { from: SQL; where: SQL; columns: Record<D['columns'][number]['key'], SQL> } {
      check(request);
      return { from: source.from, where: where(request), columns: source.columns };
    },

    /**
     * A grouped grid's groups as the request selects them (its scope, its filters, its HAVING), each
     * with `values` read over the group's rows, unformatted: what totals over every row, not a page,
     * are summed from (Pending Payments' totals per currency).
     */
    groups(request: GridRequest, values: Record<string, SQL>): SQL {
      check(request);
      if (!source.groupBy) throw new Error(`${declaration.title} is not a grouped grid`);
      const selected = Object.entries(values).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
      return sql`select ${sql.join(selected, sql`, `)} from ${source.from} where ${where(request)}${grouping(request)}`;
    },

    /** How many rows the whole result holds (a report's progress reads it). */
    async count(db: Database, request: GridRequest): Promise<number> {
      check(request);
      return (await countOf(db, request, filterHash(request))).count;
    },

    /**
     * The whole filtered, sorted result as CSV: its query, and how to read it a page at a time on a
     * database without COPY. Named for its dates, unless its caller names it (a record's rows).
     */
    csv(request: GridRequest, filename = gridFilename(declaration, request.body.start_date, request.body.end_date)): CsvSource {
      check(request);
      const order = orderOf(request.body.orderby);
      const rows = rowsQuery(request, csvValue, order);
      return {
        filename,
        headers: columns.map((column) => column.key),
        query: sql`select ${outerColumns} from (${rows}) g order by ${seek(order, undefined).orderBy}`,
        page: (after, limit) => {
          const { where: seekWhere, orderBy } = seek(order, after && { dir: 'after', ...after });
          return sql`select ${outerColumns}, ${anchorColumns(order)} from (${rows}) g where ${seekWhere} order by ${orderBy} limit ${limit}`;
        },
      };
    },
  };
}

export type Grid = ReturnType<typeof defineGrid>;
