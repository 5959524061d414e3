// Every tab of the main shell has its own path (DESIGN.md), so back, bookmarks and deep links work.
import type { MenuItem, ShellTab } from '../../contract/roles';

export const TAB_PATHS: Record<ShellTab, string> = {
  stats: '/',
  admins: '/users',
  eventtypes: '/event-types',
  agents: '/agents',
  countries: '/countries',
  languages: '/languages',
  whitelist: '/whitelists',
  agencies: '/agencies',
  campaigns: '/campaigns',
  securepage: '/secure-reports',
  agenteventreport: '/reports/agent-events',
  agenteventdetailreport: '/reports/agent-event-details',
  retentioneventreport: '/reports/retention-events',
  retentioneventdetailreport: '/reports/retention-event-details',
  agentpayreport: '/reports/agent-payments',
  commreport: '/reports/conversion',
  payments: '/payments/pending',
  paymentruns: '/payment-runs',
  paymentrunreport: '/reports/payment-runs',
  agentfraudreport: '/reports/fraud-events',
  agenteventsgrid: '/grids/agent-events',
  agenteventdetailsgrid: '/grids/agent-event-details',
  conversiongrid: '/grids/campaign-conversion',
};

export const pathOf = (item: MenuItem): string => (item.id === 'logout' ? '/logout' : TAB_PATHS[item.id]);

/** 'Saved for offline': the reports kept on this device, and one of them opened (not a menu tab). */
export const SAVED_REPORTS_PATH = '/saved-reports';
export const savedReportPath = (id: string) => `${SAVED_REPORTS_PATH}/${encodeURIComponent(id)}`;

/** 'Signed-in devices': the admin's own sessions, from the header's user menu (not a menu tab). */
export const SIGNED_IN_DEVICES_PATH = '/signed-in-devices';

/** A row's own screen under its tab (`/campaigns/12/languages`): its tab in the path, so Back and bookmarks keep it. */
export const detailPath = (tab: 'agencies' | 'campaigns', id: number | string, part?: string) =>
  `${TAB_PATHS[tab]}/${encodeURIComponent(String(id))}${part ? `/${part}` : ''}`;
