// The data saver (issue 18): for a supervisor on a weak or metered mobile link. On when the admin
// switches it on, or, left to the device, when the browser asks to save data (`saveData`) or
// reports a 2G or 3G connection. While on, lists and grids keep to small pages
// (DATA_SAVER_PAGE_SIZE), the data kept from the last visit is not read again behind the screen,
// the service worker's precache waits for sign-in, and a download says how large it is before it
// starts. The choice is this device's (localStorage). The bytes this tab has moved since it opened
// are counted from the browser's own resource timings, the way its network panel counts them.
import { useSyncExternalStore } from 'react';
import { DEFAULT_GRID_PAGE_SIZE } from '../../contract/constants';
import { readPreference, subscribePreferences, writePreference } from '../device/preferences';

export const DATA_SAVER_PAGE_SIZE = DEFAULT_GRID_PAGE_SIZE;

/** The admin's choice: on, off, or left to what the browser says of the connection. */
export type DataSaverChoice = 'on' | 'off' | 'auto';

const KEY = 'dataSaver';

interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}
const connection = (): NetworkInformation | undefined => (typeof navigator === 'undefined' ? undefined : (navigator as { connection?: NetworkInformation }).connection);

export function dataSaverChoice(): DataSaverChoice {
  const stored = readPreference(KEY);
  return stored === 'on' || stored === 'off' ? stored : 'auto';
}

export const chooseDataSaver = (choice: DataSaverChoice): void => writePreference(KEY, choice === 'auto' ? null : choice);

/** Why the browser asks for the data saver, if it does: 'Save data is on', 'a 3g connection'. */
export function browserAsksToSaveData(): string | undefined {
  const info = connection();
  if (info?.saveData) return 'your browser asks to save data';
  const type = info?.effectiveType;
  return type && /^(slow-2g|2g|3g)$/.test(type) ? `a ${type} connection` : undefined;
}

/** Whether the data saver is on now. */
export function isDataSaverOn(): boolean {
  const choice = dataSaverChoice();
  return choice === 'auto' ? browserAsksToSaveData() !== undefined : choice === 'on';
}

/** Follows the admin's choice and the connection. */
function subscribe(listener: () => void): () => void {
  const stop = subscribePreferences(listener);
  const info = connection();
  info?.addEventListener?.('change', listener);
  return () => {
    stop();
    info?.removeEventListener?.('change', listener);
  };
}

/** The data saver's state, following the admin's choice and the connection. */
export function useDataSaver(): { on: boolean; choice: DataSaverChoice; reason: string | undefined } {
  const on = useSyncExternalStore(subscribe, isDataSaverOn);
  const choice = useSyncExternalStore(subscribe, dataSaverChoice);
  const reason = useSyncExternalStore(subscribe, browserAsksToSaveData);
  return { on, choice, reason };
}

/** Rows per page while the data saver is on: no more than DATA_SAVER_PAGE_SIZE ('All rows' included). */
export const savingPageSize = (size: number, on: boolean): number => (on && (size === 0 || size > DATA_SAVER_PAGE_SIZE) ? DATA_SAVER_PAGE_SIZE : size);

/** The rows per page a list or grid asks for, as the data saver lets it (its address may ask more). */
export const useSavingPageSize = (size: number): number => savingPageSize(size, useDataSaver().on);

/** Bytes as people read them: 850 KB, 2.4 MB. */
export const sizeText = (bytes: number): string =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

// ---- bytes used --------------------------------------------------------------------------------

let bytesUsed = 0;
let counting = false;
const bytesListeners = new Set<() => void>();

/** Starts counting what this tab receives (the page, its files, its calls), from its first byte. */
export function countBytesUsed(): void {
  if (counting || typeof PerformanceObserver === 'undefined') return;
  counting = true;
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries) bytesUsed += (entry as PerformanceResourceTiming).transferSize ?? 0;
    for (const listener of bytesListeners) listener();
  };
  try {
    new PerformanceObserver((list) => add(list.getEntries())).observe({ type: 'resource', buffered: true });
    add(performance.getEntriesByType('navigation'));
  } catch {
    counting = false; // an old browser: the setting says nothing of bytes
  }
}

/** Bytes this tab has received since it opened (compressed, as sent); 0 where the browser cannot say. */
export const useBytesUsed = (): number =>
  useSyncExternalStore(
    (listener) => {
      bytesListeners.add(listener);
      return () => bytesListeners.delete(listener);
    },
    () => bytesUsed,
  );
