// The list queries of the backends: the legacy admin backend's paging and sort, and the service
// and new user backends' (Django REST style).
import { z } from 'zod';
import { GRID_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE, SERVICE_PAGE_SIZE_MAX, TEXT_MAX } from '../constants';
import { tooLong } from '../messages';
import { atMost } from './fields';

/** A legacy list's page_size: one of `sizes` (0 means all rows), the default when absent. */
export const legacyPageSize = (sizes: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((size) => sizes.includes(size), { error: `page_size must be one of ${sizes.join(', ')}` })
    .default(DEFAULT_GRID_PAGE_SIZE);

/** List queries of the legacy admin backend: page_size 0 means all rows; orderby '-field' is descending. */
export const listQuery = z.object({
  page_size: legacyPageSize(GRID_PAGE_SIZES),
  current_page: z.coerce.number().int().positive({ error: 'current_page must be 1 or more' }).default(1),
  search: z.string({ error: tooLong('search', TEXT_MAX.search) }).trim().max(...atMost('search', 'search')).default(''),
  orderby: z
    .string()
    .trim()
    .regex(/^-?[a-z_]{0,40}$/, { error: 'orderby must be a field name, with - in front for descending' })
    .default(''),
});

/**
 * List queries of the service and new user backends (Django REST style): 1-based page, page_size
 * up to SERVICE_PAGE_SIZE_MAX, search, ordering 'field' or '-field'.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().positive({ error: 'page must be 1 or more' }).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { error: `page_size must be between 1 and ${SERVICE_PAGE_SIZE_MAX}` })
    .max(SERVICE_PAGE_SIZE_MAX, { error: `page_size must be between 1 and ${SERVICE_PAGE_SIZE_MAX}` })
    .default(DEFAULT_GRID_PAGE_SIZE),
  search: listQuery.shape.search,
  ordering: z
    .string()
    .trim()
    .regex(/^-?[a-z_]{0,40}$/, { error: 'ordering must be a field name, with - in front for descending' })
    .default(''),
});
