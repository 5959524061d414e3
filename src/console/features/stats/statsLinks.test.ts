// A Stats figure counts the rows of the grid body its link carries (tests/api/stats.test.ts posts
// each body to its grid). Here the other half: the address a link opens, read back by the grid
// screen (useGridQuery), sends the server that very body, so the grid opened counts the figure.
import { describe, expect, it } from 'vitest';
import { GRIDS } from '../../../contract/grids';
import type { RoleType } from '../../../contract/roles';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import { linkInCurrency, STATS_TARGETS, statsGridLink, type StatsLink, type StatsTarget } from '../../../contract/stats';
import { gridBody, gridStateOf } from '../../address/useGridQuery';
import { statsLinkAddress } from './statsLinks';

const TODAY = '2026-11-30';
const PERIOD = { start: '2026-11-01', end: '2026-11-30' };

/** The filters of a grid body as the server reads them (paging and order aside). */
function filtersOf(body: unknown) {
  const { page_size: _size, current_page: _page, orderby: _order, cursor: _cursor, export: _export, ...filters } = gridQuery.parse(body);
  return filters;
}

/** The body the grid screen sends for the address a link opens, for a caller of this role. */
function bodyOpened(link: StatsLink, role: RoleType) {
  if (link.to !== 'grid') throw new Error('a grid link');
  const address = statsLinkAddress(link, role);
  if (!address) return undefined;
  const grid = GRIDS.find((candidate) => candidate.id === link.grid);
  if (!grid) throw new Error(`no grid ${link.grid}`);
  const state = gridStateOf(grid, new URLSearchParams(address.split('?')[1] ?? ''), TODAY);
  return gridBody(grid, state, role === 'Super Admin');
}

const links = (role: RoleType): Array<[string, StatsLink]> => (Object.keys(STATS_TARGETS) as StatsTarget[]).flatMap((target) => {
  const plain = statsGridLink(target, PERIOD, target === 'heldBack' ? { blacklisted: role === 'Super Admin' } : {});
  return <Array<[string, StatsLink]>>[
    [target, plain],
    [`${target}, one campaign`, statsGridLink(target, PERIOD, { campaign: 7 })],
    [`${target}, searched`, statsGridLink(target, PERIOD, { search: 'Kojo' })],
    [`${target}, in GHS`, linkInCurrency(plain, 'GHS')],
  ];
}).filter(([name, link]) => !name.endsWith('in GHS') || (link.to === 'grid' && GRIDS.find((grid) => grid.id === link.grid)?.filters.includes('currency' as never)));

describe("a Stats figure's link opens its grid with the body it counted", () => {
  for (const role of ['Super Admin', 'Campaign Admin', 'Agency Admin'] as const) {
    it(`as ${role}: every target, narrowed by campaign, search and currency`, () => {
      let opened = 0;
      for (const [name, link] of links(role)) {
        const body = bodyOpened(link, role);
        if (!body) continue;
        opened += 1;
        expect(filtersOf(body), name).toEqual(filtersOf(link.to === 'grid' ? link.body : {}));
      }
      expect(opened).toBeGreaterThan(role === 'Agency Admin' ? 3 : 10);
    });
  }

  it("sends a currency, the held-back rows and blacklisted agents' only where the link names them", () => {
    const held = bodyOpened(statsGridLink('heldBack', PERIOD, { blacklisted: true }), 'Super Admin');
    expect(held).toMatchObject({ holds: 'held_back', blacklisted: true });
    expect(bodyOpened(linkInCurrency(statsGridLink('due', PERIOD), 'KES'), 'Super Admin')).toMatchObject({ paid: false, currency: 'KES' });
    expect(bodyOpened(statsGridLink('due', PERIOD), 'Super Admin')?.currency).toBeUndefined();
  });
});
