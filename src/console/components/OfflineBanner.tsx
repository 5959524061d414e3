// The shell's banner while the console is offline (no network, or the server cannot be reached):
// the screen shows the data it kept, and says how old it is.
import { Callout, Intent } from '@blueprintjs/core';
import { Offline } from '@blueprintjs/icons';
import { selectDataAsOf, selectOffline } from '../api/connectivity';
import { useAppSelector } from '../app/hooks';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const offlineBannerText = (asOf: number | null): string =>
  asOf === null ? 'Offline — no data has been kept for this screen yet' : `Offline — data as of ${timeFormat.format(asOf)}`;

export function OfflineBanner() {
  const offline = useAppSelector(selectOffline);
  const asOf = useAppSelector(selectDataAsOf);
  if (!offline) return null;
  return (
    <Callout intent={Intent.WARNING} icon={<Offline />} className="console-offline-banner" role="status" aria-label="Offline">
      {offlineBannerText(asOf)}
    </Callout>
  );
}
