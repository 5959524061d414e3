// The shell's banner while the console is offline (no network, or the server cannot be reached):
// the screen shows the data it kept, and says how old it is.
import { Callout, Intent } from '@blueprintjs/core';
import { Offline } from '@blueprintjs/icons';
import { useLocation } from 'react-router-dom';
import { selectDataAsOf, selectOffline } from '../http/connectivity';
import { useAppSelector } from '../ground/hooks';
import { SAVED_REPORTS_PATH, TAB_PATHS } from '../ground/paths';

// Made when first needed: a browser's first date format loads its locale data, work the shell's
// first screen should not wait for when it is online.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: number) => (timeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(at);

export const offlineBannerText = (asOf: number | null): string =>
  asOf === null ? 'Offline — no data has been kept for this screen yet' : `Offline — data as of ${formatTime(asOf)}`;

/** Saved reports are read from this device: their screens have no data that can be out of date. */
export const SAVED_REPORTS_OFFLINE_TEXT = 'Offline — saved reports open from this device';
/** Secure reports are never kept on this device: their screen has no data of any age (issue 16). */
export const SECURE_REPORTS_OFFLINE_TEXT = 'Offline — secure reports are never kept on this device';

export function OfflineBanner() {
  const offline = useAppSelector(selectOffline);
  const asOf = useAppSelector(selectDataAsOf);
  const { pathname } = useLocation();
  if (!offline) return null;
  return (
    <Callout intent={Intent.WARNING} icon={<Offline />} className="console-offline-banner" role="status" aria-label="Offline">
      {pathname.startsWith(SAVED_REPORTS_PATH)
        ? SAVED_REPORTS_OFFLINE_TEXT
        : pathname.startsWith(TAB_PATHS.securepage)
          ? SECURE_REPORTS_OFFLINE_TEXT
          : offlineBannerText(asOf)}
    </Callout>
  );
}
