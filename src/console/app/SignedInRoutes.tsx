// The signed-in routes: the shell with one path per tab the role may see (the contract's
// sideMenu), /otp/:type? for session codes, /logout, and every other path goes to /logout.
import '../components/blueprint';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { ComponentType, ReactNode } from 'react';
import { sideMenu, type RoleType, type ShellTab } from '../../contract/roles';
import { NotAvailableYet } from '../components/NotAvailableYet';
// In the shell's own chunk, not a lazy one: logging out must work offline, before the service
// worker has precached anything.
import { LogoutPage } from '../features/logout/LogoutPage';
// The toaster too (toaster.ts loads it with the first toast): a change saved offline must be able to
// say so before the service worker holds every file.
import '../components/blueprintToaster';
import { useAppSelector } from './hooks';
import { page } from './page';
import { Shell } from './Shell';
import { pathOf, SAVED_REPORTS_PATH, SIGNED_IN_DEVICES_PATH } from './tabs';
import type * as GridPages from '../features/grids/GridPages';
import type * as ReportPages from './ReportPages';

const OtpPage = page(() => import('../features/otp/OtpPage'), 'OtpPage');
const SavedReportsPage = page(() => import('../features/savedreports/SavedReportsPage'), 'SavedReportsPage');
const SavedReportPage = page(() => import('../features/savedreports/SavedReportPage'), 'SavedReportPage');
const SignedInDevicesPage = page(() => import('../features/sessions/SignedInDevicesPage'), 'SignedInDevicesPage');

// The grids and the report screens are each one lazy module of several screens.
const gridPage = (name: keyof typeof GridPages) => page(() => import('../features/grids/GridPages'), name);
const reportPage = (name: keyof typeof ReportPages) => page(() => import('./ReportPages'), name);

/** The screens built so far; every other tab shows an honest 'not available yet'. */
const SCREENS: Partial<Record<ShellTab, ComponentType>> = {
  stats: page(() => import('../features/stats/StatsPage'), 'StatsPage'),
  admins: page(() => import('../features/users/UsersPage'), 'UsersPage'),
  eventtypes: page(() => import('../features/eventtypes/EventTypesPage'), 'EventTypesPage'),
  countries: page(() => import('../features/countries/CountriesPage'), 'CountriesPage'),
  languages: page(() => import('../features/languages/LanguagesPage'), 'LanguagesPage'),
  whitelist: page(() => import('../features/whitelists/WhitelistsPage'), 'WhitelistsPage'),
  agenteventsgrid: gridPage('AgentEventsPage'),
  agenteventdetailsgrid: gridPage('AgentEventDetailsPage'),
  conversiongrid: reportPage('CampaignConversionPage'),
  retentioneventreport: reportPage('RetentionEventsPage'),
  retentioneventdetailreport: reportPage('RetentionEventDetailsPage'),
  agentpayreport: gridPage('AgentPaymentsPage'),
  payments: gridPage('PendingPaymentsPage'),
  agentfraudreport: reportPage('FraudEventsPage'),
  agenteventreport: reportPage('AgentEventReportPage'),
  agenteventdetailreport: reportPage('EventDetailReportPage'),
  commreport: reportPage('ConversionReportPage'),
  agencies: page(() => import('../features/agencies/AgenciesPage'), 'AgenciesPage'),
  campaigns: page(() => import('../features/campaigns/CampaignsPage'), 'CampaignsPage'),
  agents: page(() => import('../features/agents/AgentsPage'), 'AgentsPage'),
  securepage: page(() => import('../features/securereports/SecureReportsPage'), 'SecureReportsPage'),
};

/** A row's own screen under its tab (`/campaigns/:id/:part?`). */
const DETAIL_SCREENS: Partial<Record<ShellTab, ComponentType>> = {
  agencies: page(() => import('../features/agencies/AgencyPage'), 'AgencyPage'),
  campaigns: page(() => import('../features/campaigns/CampaignPage'), 'CampaignPage'),
};

/** Report screens ask for a REPORTS code first, once per session (SPEC.md section 2). */
function RequireReportsCode({ children }: { children: ReactNode }) {
  const verified = useAppSelector((state) => state.session.reportsVerified);
  const { pathname } = useLocation();
  if (!verified) return <Navigate to={`/otp/reports?next=${encodeURIComponent(pathname)}`} replace />;
  return <>{children}</>;
}

export function SignedInRoutes() {
  const roleType = useAppSelector((state) => state.session.user?.role_type) as RoleType;
  const menu = sideMenu(roleType);
  return (
    <Routes>
      {/* Back from the shell right after signing in lands here: stay signed in (ours; docs/decisions.md). */}
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route element={<Shell menu={menu} />}>
        {/* Over the shell: a question about unsent changes is a dialog over the frame, not a blank page. */}
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/otp/:type?" element={<OtpPage />} />
        <Route path={SAVED_REPORTS_PATH} element={<SavedReportsPage />} />
        <Route path={`${SAVED_REPORTS_PATH}/:id`} element={<SavedReportPage />} />
        <Route path={SIGNED_IN_DEVICES_PATH} element={<SignedInDevicesPage />} />
        {menu
          .filter((item) => item.id !== 'logout')
          .map((item) => {
            const Screen = item.id === 'logout' ? undefined : SCREENS[item.id];
            const screen = Screen ? <Screen /> : <NotAvailableYet title={item.label} />;
            return (
              <Route
                key={item.id}
                path={pathOf(item)}
                // A screen not built yet asks for no code: it would only say so after it.
                element={Screen && item.requiresReportsOtp ? <RequireReportsCode>{screen}</RequireReportsCode> : screen}
              />
            );
          })}
        {menu.map((item) => {
          const Detail = item.id === 'logout' ? undefined : DETAIL_SCREENS[item.id];
          return Detail && <Route key={`${item.id}-detail`} path={`${pathOf(item)}/:id/:part?`} element={<Detail />} />;
        })}
      </Route>
      <Route path="*" element={<Navigate to="/logout" replace />} />
    </Routes>
  );
}

