// Where a Stats figure's link opens in the console: the server names a grid and the grid body whose
// rows the figure counts (contract/stats.ts statsGridLink); here that body becomes the grid screen's
// address (address/useGridQuery.ts: ?start=&end=&campaign=&paid=&search=&currency=&holds=&blacklisted=), so the grid opens with
// the same filters and shows the same count. The dates are always written: a grid opened without a
// query takes the one it was last left with. A role that does not see the screen gets no link.
import { fromRequestDate } from '../../../contract/dates';
import type { RoleType } from '../../../contract/roles';
import type { StatsGridBody, StatsLink } from '../../../contract/stats';
import { detailPath, GRID_TABS, TAB_AUDIENCES, TAB_PATHS } from '../../ground/paths';
import type { ShellTab } from '../../ground/screens';

const seen = (tab: ShellTab, role: RoleType | undefined) => role !== undefined && TAB_AUDIENCES[tab].includes(role);

/**
 * A grid's address query from a figure's grid body. The body holds only filters its grid offers
 * (contract statsGridLink: a campaign for grids with that filter, paid for Agent Payments), so none
 * is checked here again: the grids' declarations would be a chunk more on the first screen.
 */
export function gridAddressQuery(body: Partial<StatsGridBody>): string {
  const params = new URLSearchParams();
  const start = body.start_date && fromRequestDate(body.start_date);
  const end = body.end_date && fromRequestDate(body.end_date);
  if (start) params.set('start', start);
  if (end) params.set('end', end);
  const campaign = body.campaign?.[0];
  if (campaign !== undefined) params.set('campaign', String(campaign));
  if (body.paid !== undefined) params.set('paid', body.paid ? '1' : '0');
  if (body.search) params.set('search', body.search);
  if (body.currency) params.set('currency', body.currency);
  if (body.holds) params.set('holds', body.holds);
  if (body.blacklisted) params.set('blacklisted', '1');
  return params.toString();
}

/**
 * The console address a link opens, or undefined when the role does not see its screen. A job
 * queue's link opens the screen that lists those jobs: a payment run's, Payment Runs (its queue
 * beside the grid). A report's has none: each report screen lists its own reports' jobs, so no one
 * screen holds what the count counts, and a link to one of them would open other rows.
 */
export function statsLinkAddress(link: StatsLink, role: RoleType | undefined): string | undefined {
  switch (link.to) {
    case 'grid': {
      const tab = GRID_TABS[link.grid];
      if (!tab || !seen(tab, role)) return undefined;
      return `${TAB_PATHS[tab]}?${gridAddressQuery(link.body)}`;
    }
    case 'jobQueue':
      return link.job === 'paymentrun' && seen('paymentruns', role) ? TAB_PATHS.paymentruns : undefined;
    case 'campaigns':
      return seen('campaigns', role) ? TAB_PATHS.campaigns : undefined;
  }
}

/** A campaign's own screen (a budget's bar), for those who see Campaigns. */
export const campaignAddress = (id: number, role: RoleType | undefined): string | undefined =>
  seen('campaigns', role) ? detailPath('campaigns', id) : undefined;

/** The same grid link over other dates (a day's bar of the events chart). */
export function linkOverDates(link: StatsLink, start_date: string, end_date: string): StatsLink {
  return link.to === 'grid' ? { ...link, body: { ...link.body, start_date, end_date } } : link;
}
