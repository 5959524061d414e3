// The paths of the screens, derived from their declarations (screens.tsx), and of the few screens
// outside the menu: what the features' links and their waiting writes read.
import type { GridId } from '../../contract/grids';
import type { ReportHome, ServiceReportName } from '../../contract/reports';
import type { RoleType } from '../../contract/roles';
import { SCREEN_LIST, type MenuItem, type ShellTab } from './screens';

export const TAB_PATHS = Object.fromEntries(SCREEN_LIST.map(([tab, screen]) => [tab, screen.path])) as Record<ShellTab, string>;

/** Who sees each tab: a link to another tab is offered to them only. */
export const TAB_AUDIENCES = Object.fromEntries(SCREEN_LIST.map(([tab, screen]) => [tab, screen.visibleTo])) as Record<ShellTab, readonly RoleType[]>;

/** The tab that shows each grid (a grid shown by no tab has none). */
export const GRID_TABS = Object.fromEntries(SCREEN_LIST.flatMap(([tab, screen]) => (screen.grid ? [[screen.grid, tab]] : []))) as Partial<Record<GridId, ShellTab>>;

export const pathOf = (item: MenuItem): string => (item.id === 'logout' ? '/logout' : TAB_PATHS[item.id]);

/** The service report screens' paths, where a report waiting in the outbox is asked for again. */
export const SERVICE_REPORT_SCREENS = Object.fromEntries(
  SCREEN_LIST.flatMap(([, screen]) => (screen.report ? [[screen.report, screen.path]] : [])),
) as Record<ServiceReportName, string>;

/** The grid screens' paths by the report list they queue, where a queued report waiting in the outbox is asked for again. */
export const QUEUE_SCREENS = Object.fromEntries(
  SCREEN_LIST.flatMap(([, screen]) => (screen.queue ? [[screen.queue, screen.path]] : [])),
) as Record<ReportHome, string>;

/** 'Saved for offline': the reports kept on this device, and one of them opened (not a menu tab). */
export const SAVED_REPORTS_PATH = '/saved-reports';
export const savedReportPath = (id: string) => `${SAVED_REPORTS_PATH}/${encodeURIComponent(id)}`;

/** 'Signed-in devices': the admin's own sessions, from the header's user menu (not a menu tab). */
export const SIGNED_IN_DEVICES_PATH = '/signed-in-devices';

/** A row's own screen under its tab (`/campaigns/12/languages`): its tab in the path, so Back and bookmarks keep it. */
export const detailPath = (tab: 'agencies' | 'campaigns', id: number | string, part?: string) =>
  `${TAB_PATHS[tab]}/${encodeURIComponent(String(id))}${part ? `/${part}` : ''}`;
