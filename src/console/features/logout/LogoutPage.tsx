// /logout: revokes the refresh token, clears the session (persisted state included), then the
// logged-out routes take the user to /login.
import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLogoutMutation } from '../../session/sessionApi';
import { sessionEnded } from '../../session/sessionSlice';

export function LogoutPage() {
  const refresh = useAppSelector((state) => state.session.refresh);
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The session ends here whatever the server says (offline, already revoked).
    void (refresh ? logout({ refresh }) : Promise.resolve()).finally(() => dispatch(sessionEnded()));
  }, [dispatch, logout, refresh]);
  return <Spinner className="console-centered" aria-label="Logging out" />;
}
