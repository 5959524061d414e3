// The update rule: a new version of the console waits until the admin asks for it. When a new
// service worker is installed and waiting, the admin is told; only their click makes it take over,
// and the page reloads once it controls the page (so the page and its worker are one version).
// Nothing reloads without that click: a half-typed form is never lost to an update.

export const UPDATE_AVAILABLE_MESSAGE = 'A new version is available';
export const RELOAD_ACTION = 'Reload';

/** What this needs of workbox-window's Workbox (a fake in tests). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/** What this needs of a ServiceWorkerRegistration (a fake in tests). */
export interface WorkerRegistration {
  readonly installing: { readonly state: string; addEventListener(type: 'statechange', listener: () => void): void } | null;
  readonly waiting: unknown;
  /** The version already running; none on a first install, which is no update. */
  readonly active: unknown;
}

export interface UpdateUi {
  /** Tells the admin a new version waits; `reload` is what their click on Reload does. */
  prompt(reload: () => void): void;
  /** Reloads the page (window.location.reload in the browser). */
  reload(): void;
}

/**
 * Prompts whenever workbox-window reports a waiting worker. Returns the prompt, for a worker found
 * waiting by other means (see offerWhenInstalled); prompting twice shows one toast.
 */
export function offerUpdates(worker: UpdatableWorker, ui: UpdateUi): () => void {
  let accepted = false;
  const acceptUpdate = () => {
    if (accepted) return; // a second click: one reload is enough
    accepted = true;
    worker.addEventListener('controlling', () => ui.reload());
    worker.messageSkipWaiting();
  };
  const offer = () => ui.prompt(acceptUpdate);
  worker.addEventListener('waiting', offer);
  return offer;
}

/**
 * A new version found while the page was still loading (the browser checks at each navigation)
 * is already installing when workbox-window registers, which then never hears of it: offer it
 * once it has installed.
 */
export function offerWhenInstalled(registration: WorkerRegistration, offer: () => void): void {
  const installing = registration.installing;
  if (!installing || !registration.active) return;
  installing.addEventListener('statechange', () => {
    if (installing.state === 'installed' && registration.waiting === installing) offer();
  });
}
