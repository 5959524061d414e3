// The page of each screen of the registry (ground/screens.tsx), each its own lazy chunk. A grid's
// screen, a grid with its report queue and a service report's screen are drawn from what the
// declaration says it shows; the other screens name their page here. A screen without one shows
// an honest 'not available yet' (SignedInRoutes).
import type { ComponentType } from 'react';
import { SCREEN_LIST, type ScreenDeclaration, type ShellTab } from '../ground/screens';
import type * as GridPages from '../features/grids/GridPages';
import type * as PaymentRunPages from '../features/paymentruns/PaymentRunPages';
import { page } from './page';
import type * as ReportPages from './ReportPages';

export interface ScreenPages {
  /** The tab's page. */
  page?: ComponentType;
  /** A row's own screen under the tab (`/campaigns/:id/:part?`). */
  detail?: ComponentType;
}

// The grids and the report screens are each one lazy module of several screens.
const reportPage = <K extends keyof typeof ReportPages>(name: K) => page(() => import('./ReportPages'), name);
const gridPage = <K extends keyof typeof GridPages>(name: K) => page(() => import('../features/grids/GridPages'), name);
const paymentRunPage = <K extends keyof typeof PaymentRunPages>(name: K) => page(() => import('../features/paymentruns/PaymentRunPages'), name);
const Grid = gridPage('GridTabScreen');
const QueuedGrid = reportPage('QueuedGridScreen');
const ServiceReport = reportPage('ServiceReportScreen');

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
  payments: { page: paymentRunPage('PendingPaymentsPage') },
  paymentruns: { page: reportPage('PaymentRunsScreen') },
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
