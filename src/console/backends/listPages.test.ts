// Both shapes of a list, read and asked for alike.
import { describe, expect, it } from 'vitest';
import type { ListPage, Page } from '../../contract/api';
import { pageQuery } from '../../contract/schemas/lists';
import { legacyListQuery, servicePageQuery, toListRows, type ListView } from './listPages';

const rows = [{ id: 1 }, { id: 2 }];

describe('toListRows', () => {
  it('reads a legacy list ({data, count})', () => {
    const page: ListPage<{ id: number }> = { data: rows, count: 45 };
    expect(toListRows(page)).toEqual({ rows, count: 45 });
  });

  it('reads a legacy list without a count as every row', () => {
    expect(toListRows({ data: rows })).toEqual({ rows, count: 2 });
  });

  it('reads a service page ({count, next, previous, results})', () => {
    const page: Page<{ id: number }> = { count: 45, next: 'https://x.test/service/things?page=3', previous: 'https://x.test/service/things?page=1', results: rows };
    expect(toListRows(page)).toEqual({ rows, count: 45 });
  });
});

describe('the query of a list view', () => {
  const view: ListView = { page: 2, pageSize: 50, search: 'ken', order: '-country' };

  it('is current_page, page_size, search and orderby on the legacy backend', () => {
    expect(legacyListQuery(view)).toEqual({ page_size: 50, current_page: 2, search: 'ken', orderby: '-country' });
    expect(legacyListQuery({ ...view, pageSize: 0 })).toMatchObject({ page_size: 0 });
  });

  it('is page, page_size, search and ordering on the service backends, within their page size', () => {
    expect(servicePageQuery(view)).toEqual({ page: 2, page_size: 50, search: 'ken', ordering: '-country' });
    const all = servicePageQuery({ ...view, pageSize: 0 });
    expect(all.page_size).toBe(100);
    expect(pageQuery.safeParse(all).success).toBe(true);
  });
});
