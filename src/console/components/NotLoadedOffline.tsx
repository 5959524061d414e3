// Offline, a list or report grid asked for a view (a page, search, sort or filter) it never loaded
// while online: it shows no rows of another view under the new filters, but says so plainly, with the
// way back to the last view whose answer it holds (defect 3 of issue 17).
import { Button } from '@blueprintjs/core';
import { Offline, Undo } from '@blueprintjs/icons';
import * as messages from '../../contract/messages';
import { useAppSelector } from '../ground/hooks';
import { useLastLoadedAddress } from '../address/listAddress';
import { selectOffline } from '../http/connectivity';
import { EmptyState } from './EmptyState';

export interface NotLoaded {
  /** Back to the last view loaded; absent when the screen holds none. */
  back?(): void;
}

export function NotLoadedOffline({ back }: NotLoaded) {
  return (
    <EmptyState
      icon={<Offline size={48} />}
      title={messages.notLoadedOffline}
      action={back && (
        <Button icon={<Undo />} onClick={back}>
          {messages.backToLoadedFilters}
        </Button>
      )}
    />
  );
}

/** The parts of an RTK Query result read here. */
interface QueryResult<T> {
  data?: T;
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
}

/**
 * The answer a list or grid shows: the one for the view asked for; online, while it comes, the one
 * before it (shown as loading). Offline, the one before is never shown under the new view: a view
 * whose request failed there is `notLoaded`, with the way back; online, it `failed`. `name` tells
 * two lists of a screen apart.
 */
export function useShownAnswer<T>(query: QueryResult<T>, name?: string): { answer?: T; failed: boolean; notLoaded?: NotLoaded } {
  const offline = useAppSelector(selectOffline);
  const answered = query.currentData !== undefined;
  const back = useLastLoadedAddress(answered, name);
  const answer = query.currentData ?? (query.isFetching && !offline ? query.data : undefined);
  const missing = query.isError && answer === undefined;
  return { answer, failed: missing && !offline, notLoaded: missing && offline ? { back } : undefined };
}
