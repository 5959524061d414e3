// The service worker's runtime caches (vite.config.ts configures them; this module names them, so
// the service worker and the logout agree). The precache (the app shell) is not here: it holds no
// data, only the console's own files.

/** Reference data GETs (countries, agencies, campaigns, event types, status types, translations). */
export const REFERENCE_DATA_CACHE = 'reference-data';
/** /config.js: the deployment's backend URLs, so the shell opened offline still knows them. */
export const CONSOLE_CONFIG_CACHE = 'console-config';

/** Reports downloaded and kept for offline use (downloads/savedReports.ts writes it). */
export const SAVED_REPORTS_CACHE = 'saved-reports';

/** Every cache that may hold data a signed-in admin saw: the backends' answers, the saved reports. */
export const OFFLINE_DATA_CACHES = [REFERENCE_DATA_CACHE, SAVED_REPORTS_CACHE] as const;

/**
 * Deletes the caches that hold the backends' answers and the saved reports. Call it at logout: the next admin
 * on this browser must not be shown what the last one could see. Resolves once they are gone; a
 * browser without the Cache API (or a page not served over https/localhost) has nothing to delete.
 */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(OFFLINE_DATA_CACHES.map((name) => caches.delete(name)));
}
