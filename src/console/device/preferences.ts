// What this device remembers for whoever uses it (the side menu folded to icons, the data saver's
// choice), kept in localStorage rather than the session, and what the screen is (a tablet's width).
// Read with useSyncExternalStore, so every component that reads one changes with it.
import { useSyncExternalStore } from 'react';

const PREFIX = 'console.';
const listeners = new Set<() => void>();
/** Choices storage refused (a private window): they last as long as the page. */
const unsaved = new Map<string, string | null>();

/** Calls `listener` whenever a preference changes; returns how to stop. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readPreference(key: string): string | null {
  if (unsaved.has(key)) return unsaved.get(key) ?? null;
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** Sets a preference (null forgets it) and tells every reader. */
export function writePreference(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
    unsaved.delete(key);
  } catch {
    unsaved.set(key, value);
  }
  for (const listener of listeners) listener();
}

/** A remembered on/off choice of this device, and how to change it. */
export function useDevicePreference(key: string): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribePreferences, () => readPreference(key) === '1');
  return [on, (next: boolean) => writePreference(key, next ? '1' : null)];
}

/** A screen narrower than a landscape desktop: the side menu folds into a drawer so a grid gets the whole width. */
export const TABLET_WIDTH = '(max-width: 1023px)';

/** A phone's width: the header folds its buttons into the user's menu, so nothing overlaps the page (issue 34). */
export const PHONE_WIDTH = '(max-width: 599px)';

/** Whether the screen matches a media query, following it as the window turns or resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** A touch screen: every tappable element is at least 44x44 px (console.css), a grid's rows too (issue 34). */
export const TOUCH = '(pointer: coarse)';
