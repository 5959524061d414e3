// The screens of the main shell, one declaration per tab: its path, its name and group in the side
// menu, who sees it, the icon (a folded menu shows only it), the lazy page, a row's own screen under
// the tab, and the service report it generates. The side menu, the routes and the paths (tabs.ts,
// with the service report screens') are derived from it; a grid's queue screen is its grid's own
// `tab` (contract/grids.ts, read by QUEUE_SCREENS). Adding a screen is its key in the contract's
// SHELL_TABS, one entry here, and its own folder.
//
// The tab keys stay in the contract because a contract grid names its tab; this registry is a record
// over them, so a tab without its screen, or a screen without its tab, does not compile. Who sees a
// screen is one of the contract's MENU_AUDIENCES: role names live in the contract (lint). The
// record's order is the menu's.
import {
  BankAccount, Clipboard, Dashboard, Document, Dollar, Endorsed, Flag, Globe, GridView, HeatGrid, Lock, LogOut, Office, People,
  Person, Projects, Pulse, Tag, Th, ThDerived, ThList, TimelineEvents, Translate, WarningSign,
} from '@blueprintjs/icons';
import type { ComponentType, ReactElement } from 'react';
import type { ServiceReportName } from '../../contract/reports';
import { MENU_AUDIENCES, type RoleType, type ShellTab } from '../../contract/roles';
import type * as GridPages from '../features/grids/GridPages';
import { page } from './page';
import type * as ReportPages from './ReportPages';

/** The side menu's groups (DESIGN.md), in order; Stats, Secure Page and Logout stand alone. */
export const MENU_GROUPS = ['Programme', 'Reports', 'Payments', 'Settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface ScreenDeclaration {
  /** Its own path (DESIGN.md), so back, bookmarks and deep links work. */
  path: string;
  /** Its name in the side menu and its title while it is not built yet. */
  label: string;
  /** The heading it sits under in the menu; none for the screens that stand alone. */
  group?: MenuGroup;
  visibleTo: readonly RoleType[];
  /** A report screen sends the user to /otp/reports first when no reports user is verified. */
  requiresReportsOtp?: boolean;
  icon: ReactElement;
  /** The tab's page, its own chunk; a tab without one shows an honest 'not available yet'. */
  page?: ComponentType;
  /** A row's own screen under the tab (`/campaigns/:id/:part?`). */
  detail?: ComponentType;
  /** The service report the screen generates (serviceReport), whose requests wait in the outbox on this screen. */
  report?: ServiceReportName;
}

// The grids and the report screens are each one lazy module of several screens.
const gridPage = (name: keyof typeof GridPages) => page(() => import('../features/grids/GridPages'), name);
const reportPage = <K extends keyof typeof ReportPages>(name: K) => page(() => import('./ReportPages'), name);

const ServiceReport = reportPage('ServiceReportScreen');
/** A service report's screen (SPEC.md section 2), titled with its menu label, behind the reports code. */
const serviceReport = (label: string, report: ServiceReportName) => ({
  label,
  report,
  requiresReportsOtp: true,
  page: () => <ServiceReport title={label} report={report} />,
});

const { everyone, everyoneButGifters, admins, superAndCampaignAdmins, superAdmins } = MENU_AUDIENCES;

/**
 * The visibility is the table of section 2 (Payment Run: the DESIGN.md reading, Super Admin and
 * Campaign Admin). The tabs the table does not cover have our decision: reference data and the
 * other report grids for Super Admin, Users for every admin role (non-super admins link users to
 * the country agencies, section 6).
 */
export const SCREENS: Record<ShellTab, ScreenDeclaration> = {
  stats: { path: '/', label: 'Stats', visibleTo: everyone, icon: <Dashboard />, page: page(() => import('../features/stats/StatsPage'), 'StatsPage') },
  agencies: {
    path: '/agencies',
    label: 'Agencies',
    group: 'Programme',
    visibleTo: admins,
    icon: <Office />,
    page: page(() => import('../features/agencies/AgenciesPage'), 'AgenciesPage'),
    detail: page(() => import('../features/agencies/AgencyPage'), 'AgencyPage'),
  },
  campaigns: {
    path: '/campaigns',
    label: 'Campaigns',
    group: 'Programme',
    visibleTo: everyoneButGifters,
    icon: <Flag />,
    page: page(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'),
    detail: page(() => import('../features/campaigns/CampaignPage'), 'CampaignPage'),
  },
  agents: {
    path: '/agents',
    label: 'Agents',
    group: 'Programme',
    visibleTo: admins,
    icon: <People />,
    page: page(() => import('../features/agents/AgentsPage'), 'AgentsPage'),
  },
  agenteventreport: {
    path: '/reports/agent-events',
    ...serviceReport('Agent Event Report', 'agents-events-summary'),
    group: 'Reports',
    visibleTo: admins,
    icon: <Document />,
  },
  agenteventdetailreport: {
    path: '/reports/agent-event-details',
    ...serviceReport('Event Detail Report', 'agents-events-detail'),
    group: 'Reports',
    visibleTo: admins,
    icon: <ThList />,
  },
  commreport: {
    path: '/reports/conversion',
    ...serviceReport('Conversion Report', 'campaign-summary'),
    group: 'Reports',
    visibleTo: admins,
    icon: <Endorsed />,
  },
  agenteventsgrid: { path: '/grids/agent-events', label: 'Agent Grouped Events', group: 'Reports', visibleTo: admins, icon: <Th />, page: gridPage('AgentEventsPage') },
  agenteventdetailsgrid: {
    path: '/grids/agent-event-details',
    label: 'Agent Events Detail',
    group: 'Reports',
    visibleTo: admins,
    icon: <GridView />,
    page: gridPage('AgentEventDetailsPage'),
  },
  conversiongrid: {
    path: '/grids/campaign-conversion',
    label: 'Campaign Conversion Stats',
    group: 'Reports',
    visibleTo: admins,
    icon: <ThDerived />,
    page: reportPage('CampaignConversionPage'),
  },
  retentioneventreport: {
    path: '/reports/retention-events',
    label: 'Retention Grouped Events',
    group: 'Reports',
    visibleTo: superAdmins,
    icon: <HeatGrid />,
    page: reportPage('RetentionEventsPage'),
  },
  retentioneventdetailreport: {
    path: '/reports/retention-event-details',
    label: 'Retention Events Detail',
    group: 'Reports',
    visibleTo: superAdmins,
    icon: <TimelineEvents />,
    page: reportPage('RetentionEventDetailsPage'),
  },
  agentfraudreport: { path: '/reports/fraud-events', label: 'Fraud Events', group: 'Reports', visibleTo: superAdmins, icon: <WarningSign />, page: reportPage('FraudEventsPage') },
  agentpayreport: { path: '/reports/agent-payments', label: 'Agent Payments', group: 'Payments', visibleTo: superAdmins, icon: <Dollar />, page: gridPage('AgentPaymentsPage') },
  payments: { path: '/payments/pending', label: 'Pending Payments', group: 'Payments', visibleTo: superAdmins, icon: <Projects />, page: gridPage('PendingPaymentsPage') },
  paymentruns: { path: '/payment-runs', label: 'Payment Run', group: 'Payments', visibleTo: superAndCampaignAdmins, icon: <BankAccount /> },
  paymentrunreport: { path: '/reports/payment-runs', label: 'Payment Run Report', group: 'Payments', visibleTo: superAdmins, icon: <Clipboard /> },
  admins: { path: '/users', label: 'Users', group: 'Settings', visibleTo: admins, icon: <Person />, page: page(() => import('../features/users/UsersPage'), 'UsersPage') },
  whitelist: {
    path: '/whitelists',
    label: 'Whitelists',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Tag />,
    page: page(() => import('../features/whitelists/WhitelistsPage'), 'WhitelistsPage'),
  },
  eventtypes: {
    path: '/event-types',
    label: 'Event Types',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Pulse />,
    page: page(() => import('../features/eventtypes/EventTypesPage'), 'EventTypesPage'),
  },
  countries: {
    path: '/countries',
    label: 'Countries',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Globe />,
    page: page(() => import('../features/countries/CountriesPage'), 'CountriesPage'),
  },
  languages: {
    path: '/languages',
    label: 'Languages',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Translate />,
    page: page(() => import('../features/languages/LanguagesPage'), 'LanguagesPage'),
  },
  securepage: {
    path: '/secure-reports',
    label: 'Secure Page',
    visibleTo: everyoneButGifters,
    icon: <Lock />,
    page: page(() => import('../features/securereports/SecureReportsPage'), 'SecureReportsPage'),
  },
};

/** The screens in the menu's order, each with its tab. */
export const SCREEN_LIST = Object.entries(SCREENS) as Array<[ShellTab, ScreenDeclaration]>;

/** A side menu item: a screen, or Logout, which is a menu item and not a screen. */
export interface MenuItem {
  id: ShellTab | 'logout';
  label: string;
  group?: MenuGroup;
  requiresReportsOtp?: boolean;
}

/** Logout is a menu item, not a screen. */
export const LOGOUT_ICON = <LogOut />;

/** The side menu items a role sees, in order: its screens, then Logout. */
export function sideMenu(roleType: RoleType): MenuItem[] {
  const screens = SCREEN_LIST.filter(([, screen]) => screen.visibleTo.includes(roleType));
  return [
    ...screens.map(([id, { label, group, requiresReportsOtp }]) => ({ id, label, group, requiresReportsOtp })),
    { id: 'logout', label: 'Logout' },
  ];
}

