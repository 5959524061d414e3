// The pages of the service and new user backends, as their framework sends them: the count of
// all matching rows, this page's rows, and working absolute links to the next and previous pages
// (the request's own URL with another `page`, at the server's public address), null at either end.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ListPage, Page } from '../../contract/api';
import type { pageQuery } from '../../contract/schemas/lists';
import { pageParamsOf, type ListParams } from '../domain/lists';
import { publicOrigin } from './publicUrl';

export function servicePage<T>(request: FastifyRequest, rows: T[], count: number, at: { page: number; limit: number }): Page<T> {
  const link = (page: number): string => {
    // Only the path and query of what was asked: an absolute-form request line's origin is the client's word.
    const url = new URL(request.url, 'http://path.only');
    url.searchParams.set('page', String(page));
    return `${publicOrigin(request)}${url.pathname}${url.search}`;
  };
  const pages = Math.max(1, Math.ceil(count / at.limit));
  return {
    count,
    next: at.page < pages ? link(at.page + 1) : null,
    previous: at.page > 1 ? link(Math.min(at.page - 1, pages)) : null,
    results: rows,
  };
}

/**
 * A service-backend list call: its query read into list params (sortable by `sortable`), listed,
 * paged. Fields a list adds beside its rows and count (`count_capped`) are kept.
 */
export async function servicePageOf<T, F extends string, L extends ListPage<T>>(
  request: FastifyRequest & { query: z.output<typeof pageQuery> },
  sortable: readonly F[],
  list: (params: ListParams<F>) => Promise<L & ListPage<T>>,
): Promise<Page<T> & Omit<L, keyof ListPage<T>>> {
  const params = pageParamsOf(request.query, sortable);
  const { data, count, ...extra } = await list(params);
  return { ...servicePage(request, data, count, params), ...extra };
}
