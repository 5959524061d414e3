// Routes of SPEC.md section 2. Logged out: /login, /countries, /register, /reset, /otp/:type?, and
// every other path goes to /login. Logged in: the shell with one path per tab the role may see,
// /logout, /otp/:type?, and every other path goes to /logout. Screens load as their own chunks.
import { Suspense, useEffect } from 'react';
import { useStore } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { watchConnectivity } from '../http/connectivity';
import { selectSignedIn } from '../session/sessionSlice';
import { useAppSelector } from '../ground/hooks';
import { page } from './page';

const LoginPage = page(() => import('../features/login/LoginPage'), 'LoginPage');
const OtpPage = page(() => import('../features/otp/OtpPage'), 'OtpPage');
const ResetPasswordPage = page(() => import('../features/reset/ResetPasswordPage'), 'ResetPasswordPage');
const PublicCountriesPage = page(() => import('../features/countries/PublicCountriesPage'), 'PublicCountriesPage');
const RegisterPage = page(() => import('../features/register/RegisterPage'), 'RegisterPage');
/**
 * The signed-in side (shell, menu, popovers): chunks of their own, off the login page's path.
 * The UI kit (one file, vite.config.ts) is asked for beside the shell, so the browser runs it in a
 * task of its own as soon as it has come, and the shell's modules in a shorter one after it. Called before the
 * first draw when the stored session is signed in (main.tsx), so the fetching starts at once and
 * its bookkeeping is not part of React's render.
 */
export function loadSignedInSide() {
  void import('../components/blueprintKit');
  return import('./SignedInRoutes');
}
const SignedInRoutes = page(loadSignedInSide, 'SignedInRoutes');

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/countries" element={<PublicCountriesPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/reset" element={<ResetPasswordPage />} />
      <Route path="/otp/:type?" element={<OtpPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

export function App() {
  const signedIn = useAppSelector(selectSignedIn);
  // Online/offline events and the server's answers drive the offline banner and the outbox.
  const store = useStore();
  useEffect(() => watchConnectivity(store as Parameters<typeof watchConnectivity>[0]), [store]);
  return (
    // The first screen's chunk loads under a spinner that takes no room: nothing moves when it comes.
    <Suspense fallback={<span className="plain-spinner console-loading" role="progressbar" aria-label="Loading" />}>{signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
  );
}
