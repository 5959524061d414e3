// The screens of the main shell, one declaration per tab: its key, its path, its name and group in
// the side menu, who sees it, the icon (a folded menu shows only it), and the grid, report queue or
// service report it shows. The side menu, the tab keys and the paths (paths.ts) are derived from it;
// its pages are app/screenPages.tsx's, so the ground every feature reads imports no feature. Adding
// a screen is one entry here, its page there, and its own folder.
//
// Who sees a screen is one of the contract's MENU_AUDIENCES: role names live in the contract
// (lint). The record's order is the menu's.
import {
  BankAccount, Clipboard, Dashboard, Document, Dollar, Endorsed, Flag, Globe, GridView, HeatGrid, History, Lock, LogOut, Office, People,
  Person, Projects, Pulse, Tag, Th, ThDerived, ThList, TimelineEvents, Translate, WarningSign,
} from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import type { GridId } from '../../contract/grids';
import { REPORT_HOMES, SERVICE_REPORT_TITLES, type ReportHome, type ServiceReportName } from '../../contract/reports';
import { MENU_AUDIENCES, type RoleType } from '../../contract/roles';

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
  /** The grid it shows (contract/grids.ts). */
  grid?: GridId;
  /** The report list whose reports it queues from its grid; a queued request waits in the outbox on this screen. */
  queue?: ReportHome;
  /** The service report the screen generates (serviceReport), whose requests wait in the outbox on this screen. */
  report?: ServiceReportName;
}

/** A grid's screen (SPEC.md section 2, 'Grid calls'). */
const gridScreen = (grid: GridId) => ({ grid });
/** A grid's screen whose reports can be queued (`queue`, the report list's name), with the list beside it. */
const queuedGridScreen = (queue: ReportHome) => ({ grid: REPORT_HOMES[queue], queue });
/** A service report's screen (SPEC.md section 2), titled with its menu label, behind the reports code. */
const serviceReport = (report: ServiceReportName) => ({ label: SERVICE_REPORT_TITLES[report], report, requiresReportsOtp: true });

const { everyone, everyoneButGifters, admins, superAndCampaignAdmins, superAdmins } = MENU_AUDIENCES;

/**
 * The visibility is the table of section 2 (Payment Run: the DESIGN.md reading, Super Admin and
 * Campaign Admin). The tabs the table does not cover have our decision: reference data and the
 * other report grids for Super Admin, Users for every admin role (non-super admins link users to
 * the country agencies, section 6).
 */
const DECLARED = {
  stats: { path: '/', label: 'Stats', visibleTo: everyone, icon: <Dashboard /> },
  agencies: {
    path: '/agencies',
    label: 'Agencies',
    group: 'Programme',
    visibleTo: admins,
    icon: <Office />,
  },
  campaigns: {
    path: '/campaigns',
    label: 'Campaigns',
    group: 'Programme',
    visibleTo: everyoneButGifters,
    icon: <Flag />,
  },
  agents: {
    path: '/agents',
    label: 'Agents',
    group: 'Programme',
    visibleTo: admins,
    icon: <People />,
  },
  agenteventreport: {
    path: '/reports/agent-events',
    ...serviceReport('agents-events-summary'),
    group: 'Reports',
    visibleTo: admins,
    icon: <Document />,
  },
  agenteventdetailreport: {
    path: '/reports/agent-event-details',
    ...serviceReport('agents-events-detail'),
    group: 'Reports',
    visibleTo: admins,
    icon: <ThList />,
  },
  commreport: {
    path: '/reports/conversion',
    ...serviceReport('campaign-summary'),
    group: 'Reports',
    visibleTo: admins,
    icon: <Endorsed />,
  },
  agenteventsgrid: { path: '/grids/agent-events', label: 'Agent Grouped Events', group: 'Reports', visibleTo: admins, icon: <Th />, ...gridScreen('agentEvents') },
  agenteventdetailsgrid: {
    path: '/grids/agent-event-details',
    label: 'Agent Events Detail',
    group: 'Reports',
    visibleTo: admins,
    icon: <GridView />,
    ...gridScreen('agentEventDetails'),
  },
  conversiongrid: {
    path: '/grids/campaign-conversion',
    label: 'Campaign Conversion Stats',
    group: 'Reports',
    visibleTo: admins,
    icon: <ThDerived />,
    ...queuedGridScreen('comm_reports'),
  },
  retentioneventreport: {
    path: '/reports/retention-events',
    label: 'Retention Grouped Events',
    group: 'Reports',
    visibleTo: superAdmins,
    icon: <HeatGrid />,
    ...queuedGridScreen('retention_events'),
  },
  retentioneventdetailreport: {
    path: '/reports/retention-event-details',
    label: 'Retention Events Detail',
    group: 'Reports',
    visibleTo: superAdmins,
    icon: <TimelineEvents />,
    ...queuedGridScreen('retention_detail'),
  },
  agentfraudreport: { path: '/reports/fraud-events', label: 'Fraud Events', group: 'Reports', visibleTo: superAdmins, icon: <WarningSign />, ...queuedGridScreen('fraud_report') },
  agentpayreport: { path: '/reports/agent-payments', label: 'Agent Payments', group: 'Payments', visibleTo: superAdmins, icon: <Dollar />, ...gridScreen('agentPayments') },
  payments: { path: '/payments/pending', label: 'Pending Payments', group: 'Payments', visibleTo: superAdmins, icon: <Projects />, grid: 'pendingPayments' },
  paymentruns: { path: '/payment-runs', label: 'Payment Run', group: 'Payments', visibleTo: superAndCampaignAdmins, icon: <BankAccount />, grid: 'paymentRuns' },
  paymentrunreport: {
    path: '/reports/payment-runs',
    ...serviceReport('create-payment-run'),
    // Section 2 sends only the three event reports to the reports code first.
    requiresReportsOtp: false,
    group: 'Payments',
    visibleTo: superAdmins,
    icon: <Clipboard />,
  },
  admins: { path: '/users', label: 'Users', group: 'Settings', visibleTo: admins, icon: <Person /> },
  whitelist: {
    path: '/whitelists',
    label: 'Whitelists',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Tag />,
  },
  eventtypes: {
    path: '/event-types',
    label: 'Event Types',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Pulse />,
  },
  countries: {
    path: '/countries',
    label: 'Countries',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Globe />,
  },
  languages: {
    path: '/languages',
    label: 'Languages',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <Translate />,
  },
  // Every change made through the console (issue 35): a Super Admin's, like the grid it shows.
  audit: {
    path: '/audit',
    label: 'Audit',
    group: 'Settings',
    visibleTo: superAdmins,
    icon: <History />,
  },
  securepage: {
    path: '/secure-reports',
    label: 'Secure Page',
    visibleTo: everyoneButGifters,
    icon: <Lock />,
  },
} satisfies Record<string, ScreenDeclaration>;

/** A tab of the main shell: a key of the registry (SPEC.md section 2's keys, and ours for the grids it does not name). */
export type ShellTab = keyof typeof DECLARED;

export const SCREENS: Record<ShellTab, ScreenDeclaration> = DECLARED;

/** The screens in the menu's order, each with its tab. */
export const SCREEN_LIST = Object.entries(SCREENS) as Array<[ShellTab, ScreenDeclaration]>;

/** The tab that shows a grid. */
export const tabOfGrid = (grid: GridId): ShellTab => {
  const found = SCREEN_LIST.find(([, screen]) => screen.grid === grid);
  if (!found) throw new Error(`No screen shows the grid ${grid}`);
  return found[0];
};

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

