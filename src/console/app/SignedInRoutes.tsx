// The signed-in routes: the shell with one path per tab the role may see (sideMenu of
// screens.tsx), /otp/:type? for session codes, /logout; a screen the role may not see says so
// (the admin stays signed in); every other path goes to /logout (SPEC.md section 2).
import '../components/blueprint';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { RoleType } from '../../contract/roles';
import { ClosedToRole } from '../components/ClosedToRole';
import { NotAvailableYet } from '../components/NotAvailableYet';
// In the shell's own chunk, not a lazy one: logging out must work offline, before the service
// worker has precached anything.
import { LogoutPage, type LogoutState } from '../features/logout/LogoutPage';
// The toaster too (toaster.ts loads it with the first toast): a change saved offline must be able to
// say so before the service worker holds every file.
import '../components/blueprintToaster';
import { useAppSelector } from '../ground/hooks';
import { pathOf, SAVED_REPORTS_PATH, SIGNED_IN_DEVICES_PATH } from '../ground/paths';
import { SCREEN_LIST, sideMenu } from '../ground/screens';
import { page } from './page';
import { SCREEN_PAGES } from './screenPages';
import { Shell } from './Shell';

const OtpPage = page(() => import('../features/otp/OtpPage'), 'OtpPage');
const SavedReportsPage = page(() => import('../features/savedreports/SavedReportsPage'), 'SavedReportsPage');
const SavedReportPage = page(() => import('../features/savedreports/SavedReportPage'), 'SavedReportPage');
const SignedInDevicesPage = page(() => import('../features/sessions/SignedInDevicesPage'), 'SignedInDevicesPage');

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
            const Screen = item.id === 'logout' ? undefined : SCREEN_PAGES[item.id].page;
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
          const Detail = item.id === 'logout' ? undefined : SCREEN_PAGES[item.id].detail;
          return Detail && <Route key={`${item.id}-detail`} path={`${pathOf(item)}/:id/:part?`} element={<Detail />} />;
        })}
        {SCREEN_LIST.filter(([, screen]) => !screen.visibleTo.includes(roleType)).flatMap(([id, screen]) => [
          <Route key={`${id}-closed`} path={screen.path} element={<ClosedToRole title={screen.label} role={roleType} />} />,
          <Route key={`${id}-closed-detail`} path={`${screen.path}/*`} element={<ClosedToRole title={screen.label} role={roleType} />} />,
        ])}
      </Route>
      <Route path="*" element={<Navigate to="/logout" replace state={{ unknownPath: true } satisfies LogoutState} />} />
    </Routes>
  );
}

