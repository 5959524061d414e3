// The page of each screen of the registry (ground/screens.tsx), each its own lazy chunk: the only
// place pages load lazily, so the build's chunks follow the registry. A grid's screen, a grid with
// its report queue and a service report's screen are drawn from what the declaration says it shows,
// each kind one lazy module, so a grid's first rows never wait for another kind's code; the other
// screens name their page here. A screen without one shows an honest 'not available yet'
// (SignedInRoutes).
import type { ComponentType } from 'react';
import { SCREEN_LIST, type ScreenDeclaration, type ShellTab } from '../ground/screens';
import { page } from './page';

export interface ScreenPages {
  /** The tab's page. */
  page?: ComponentType;
  /** A row's own screen under the tab (`/campaigns/:id/:part?`). */
  detail?: ComponentType;
}

// The kinds of screen a declaration draws, each one lazy module shared by the screens of its kind.
const Grid = page(() => import('../features/grids/GridPages'), 'GridTabScreen');
const QueuedGrid = page(() => import('./QueuedGridScreen'), 'QueuedGridScreen');
const ServiceReport = page(() => import('../features/reports/ServiceReportScreen'), 'ServiceReportScreen');

/** The screens whose page is their own. */
const OWN_PAGES: Partial<Record<ShellTab, ScreenPages>> = {
  stats: { page: page(() => import('../features/stats/StatsPage'), 'StatsPage') },
  agencies: {
    page: page(() => import('../features/agencies/AgenciesPage'), 'AgenciesPage'),
    detail: page(() => import('../features/agencies/AgencyPage'), 'AgencyPage'),
  },
  campaigns: {
    page: page(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'),
    detail: page(() => import('../features/campaigns/CampaignPage'), 'CampaignPage'),
  },
  agents: { page: page(() => import('../features/agents/AgentsPage'), 'AgentsPage') },
  payments: { page: page(() => import('../features/paymentruns/PaymentRunPages'), 'PendingPaymentsPage') },
  paymentruns: { page: page(() => import('./PaymentRunsScreen'), 'PaymentRunsScreen') },
  admins: { page: page(() => import('../features/users/UsersPage'), 'UsersPage') },
  whitelist: { page: page(() => import('../features/whitelists/WhitelistsPage'), 'WhitelistsPage') },
  eventtypes: { page: page(() => import('../features/eventtypes/EventTypesPage'), 'EventTypesPage') },
  countries: { page: page(() => import('../features/countries/CountriesPage'), 'CountriesPage') },
  languages: { page: page(() => import('../features/languages/LanguagesPage'), 'LanguagesPage') },
  audit: { page: page(() => import('../features/audit/AuditPage'), 'AuditPage') },
  securepage: { page: page(() => import('../features/securereports/SecureReportsPage'), 'SecureReportsPage') },
};

/** A screen's pages: its own, else the one its declaration's grid, queue or service report draws. */
function pagesOf(tab: ShellTab, screen: ScreenDeclaration): ScreenPages {
  const own = OWN_PAGES[tab];
  if (own) return own;
  const { grid, queue, report, label } = screen;
  if (queue) return { page: () => <QueuedGrid queue={queue} /> };
  if (report) return { page: () => <ServiceReport title={label} report={report} /> };
  if (grid) return { page: () => <Grid grid={grid} /> };
  return {};
}

/** Every screen's pages, made once: a component made again at each render would remount the screen. */
export const SCREEN_PAGES = Object.fromEntries(SCREEN_LIST.map(([tab, screen]) => [tab, pagesOf(tab, screen)])) as Record<ShellTab, ScreenPages>;
