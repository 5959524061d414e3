// Calls that never wait in the outbox (signing in, codes, password resets) are disabled while the
// browser has no network, and this says why.
import { selectBrowserOffline } from '../http/connectivity';
import { useAppSelector } from '../ground/hooks';

export const useBrowserOffline = (): boolean => useAppSelector(selectBrowserOffline);

export const needsConnectionText = (what: string) => `You are offline. ${what} needs a connection: try again once you are back online.`;

export function NeedsConnection({ what }: { what: string }) {
  const offline = useBrowserOffline();
  if (!offline) return null;
  // Blueprint's warning callout in plain HTML (plain.css): this sits on the login page, whose bytes are budgeted.
  return (
    <div role="status" className="plain-callout-warning">
      {needsConnectionText(what)}
    </div>
  );
}
