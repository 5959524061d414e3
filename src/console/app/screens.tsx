// The screens of the main shell, one declaration per tab: the icon the side menu shows (a folded
// menu shows only it), the lazy page, and a row's own screen under the tab if it has one. The
// menu's labels, groups and who sees each tab are the contract's role rules (sideMenu in
// contract/roles.ts); the paths are tabs.ts's, plain data the features' calls read without pulling
// in icons. Adding a screen is one entry here plus its own folder.
import {
  BankAccount, Clipboard, Dashboard, Document, Dollar, Endorsed, Flag, Globe, GridView, HeatGrid, Lock, LogOut, Office, People,
  Person, Projects, Pulse, Tag, Th, ThDerived, ThList, TimelineEvents, Translate, WarningSign,
} from '@blueprintjs/icons';
import type { ComponentType, ReactElement } from 'react';
import type { ShellTab } from '../../contract/roles';
import type * as GridPages from '../features/grids/GridPages';
import { page } from './page';
import type * as ReportPages from './ReportPages';

export interface ScreenDeclaration {
  icon: ReactElement;
  /** The tab's page, its own chunk; a tab without one shows an honest 'not available yet'. */
  page?: ComponentType;
  /** A row's own screen under the tab (`/campaigns/:id/:part?`). */
  detail?: ComponentType;
}

// The grids and the report screens are each one lazy module of several screens.
const gridPage = (name: keyof typeof GridPages) => page(() => import('../features/grids/GridPages'), name);
const reportPage = (name: keyof typeof ReportPages) => page(() => import('./ReportPages'), name);

export const SCREENS: Record<ShellTab, ScreenDeclaration> = {
  stats: { icon: <Dashboard />, page: page(() => import('../features/stats/StatsPage'), 'StatsPage') },
  agencies: {
    icon: <Office />,
    page: page(() => import('../features/agencies/AgenciesPage'), 'AgenciesPage'),
    detail: page(() => import('../features/agencies/AgencyPage'), 'AgencyPage'),
  },
  campaigns: {
    icon: <Flag />,
    page: page(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'),
    detail: page(() => import('../features/campaigns/CampaignPage'), 'CampaignPage'),
  },
  agents: { icon: <People />, page: page(() => import('../features/agents/AgentsPage'), 'AgentsPage') },
  agenteventreport: { icon: <Document />, page: reportPage('AgentEventReportPage') },
  agenteventdetailreport: { icon: <ThList />, page: reportPage('EventDetailReportPage') },
  commreport: { icon: <Endorsed />, page: reportPage('ConversionReportPage') },
  agenteventsgrid: { icon: <Th />, page: gridPage('AgentEventsPage') },
  agenteventdetailsgrid: { icon: <GridView />, page: gridPage('AgentEventDetailsPage') },
  conversiongrid: { icon: <ThDerived />, page: reportPage('CampaignConversionPage') },
  retentioneventreport: { icon: <HeatGrid />, page: reportPage('RetentionEventsPage') },
  retentioneventdetailreport: { icon: <TimelineEvents />, page: reportPage('RetentionEventDetailsPage') },
  agentfraudreport: { icon: <WarningSign />, page: reportPage('FraudEventsPage') },
  agentpayreport: { icon: <Dollar />, page: gridPage('AgentPaymentsPage') },
  payments: { icon: <Projects />, page: gridPage('PendingPaymentsPage') },
  paymentruns: { icon: <BankAccount /> },
  paymentrunreport: { icon: <Clipboard /> },
  admins: { icon: <Person />, page: page(() => import('../features/users/UsersPage'), 'UsersPage') },
  whitelist: { icon: <Tag />, page: page(() => import('../features/whitelists/WhitelistsPage'), 'WhitelistsPage') },
  eventtypes: { icon: <Pulse />, page: page(() => import('../features/eventtypes/EventTypesPage'), 'EventTypesPage') },
  countries: { icon: <Globe />, page: page(() => import('../features/countries/CountriesPage'), 'CountriesPage') },
  languages: { icon: <Translate />, page: page(() => import('../features/languages/LanguagesPage'), 'LanguagesPage') },
  securepage: { icon: <Lock />, page: page(() => import('../features/securereports/SecureReportsPage'), 'SecureReportsPage') },
};

/** Logout is a menu item, not a screen. */
export const LOGOUT_ICON = <LogOut />;
