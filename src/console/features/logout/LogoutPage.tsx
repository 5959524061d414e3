// /logout: revokes the refresh token, clears the session (persisted state included), every cache
// of data (the query cache, through the session's end; the service worker's caches), the lists'
// remembered addresses and the user's outbox, then the logged-out routes take the user to /login.
// Changes not sent yet are not discarded without asking: the side menu asks before it comes here
// (and says so in the location's state); an address typed or followed asks over the shell.
import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../backends/sessionApi';
import { useAppDispatch, useAppSelector } from '../../ground/hooks';
import { forgetListAddresses } from '../../address/listAddress';
import { outboxCleared, selectOwnOutbox } from '../../outbox/outboxSlice';
import { clearOfflineCaches } from '../../pwa/caches';
import { signedOutBecause } from '../../session/signedOutReason';
import { sessionEnded } from '../../session/sessionSlice';
import { LogoutConfirm } from './LogoutConfirm';

/** The location state of a logout whose discarding the user already confirmed. */
export interface LogoutState {
  discardConfirmed?: boolean;
  /** The address followed does not exist or is not the role's (SPEC sends it here): the login page says so. */
  unknownPath?: boolean;
}

export function LogoutPage() {
  const refresh = useAppSelector((state) => state.session.refresh);
  const username = useAppSelector((state) => state.session.user?.username);
  const unsent = useAppSelector(selectOwnOutbox).length;
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Asked once, when the page opens: an empty outbox logs out at once.
  const [confirmed, setConfirmed] = useState(() => unsent === 0 || (location.state as LogoutState | null)?.discardConfirmed === true);
  const started = useRef(false);

  useEffect(() => {
    if (!confirmed || started.current) return;
    started.current = true;
    if ((location.state as LogoutState | null)?.unknownPath) signedOutBecause('unknown-path');
    if (username) dispatch(outboxCleared({ username }));
    // The lists' remembered searches and pages are this admin's, not the next one's.
    forgetListAddresses();
    // The session ends here whatever the server says (offline, already revoked), and the
    // service worker's cached answers go with it, so the next user of this browser sees none.
    void clearOfflineCaches()
      .catch(() => undefined)
      .then(() => (refresh ? logout({ refresh }) : undefined))
      .finally(() => dispatch(sessionEnded()));
  }, [confirmed, dispatch, location.state, logout, refresh, username]);

  if (!confirmed) {
    return (
      <LogoutConfirm
        unsent={unsent}
        onConfirm={() => setConfirmed(true)}
        onCancel={() => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1))}
      />
    );
  }
  return <Spinner className="console-centered" aria-label="Logging out" />;
}
