// What this device remembers for whoever uses it (the side menu folded to icons), kept in
// localStorage rather than the session, and what the screen is (a tablet's width). Both are read
// with useSyncExternalStore, so every component that reads one changes with it.
import { useSyncExternalStore } from 'react';

const PREFIX = 'console.';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function read(key: string): boolean {
  try {
    return localStorage.getItem(PREFIX + key) === '1';
  } catch {
    return false; // storage refused (a private window): the choice lasts as long as the page
  }
}

/** A remembered on/off choice of this device, and how to change it. */
export function useDevicePreference(key: string): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, () => read(key));
  const set = (next: boolean) => {
    try {
      if (next) localStorage.setItem(PREFIX + key, '1');
      else localStorage.removeItem(PREFIX + key);
    } catch {
      // not kept, but the listeners still hear of it below
    }
    for (const listener of listeners) listener();
  };
  return [on, set];
}

/** A screen narrower than a landscape desktop: the side menu folds into a drawer so a grid gets the whole width. */
export const TABLET_WIDTH = '(max-width: 1023px)';

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
