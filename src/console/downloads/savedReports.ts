// 'Saved for offline': every report downloaded is also kept in the browser's Cache Storage (the
// storage the service worker's caches live in), so it opens again without a network. The cache is
// the one source of truth: a report's details travel in a header of its stored answer, so the list
// can never disagree with what is kept. Each report belongs to the admin who downloaded it: the
// next admin to sign in on this browser neither sees nor keeps it, while the same admin signing in
// again after a session ran out finds theirs. Logout deletes the cache with the others (pwa/caches.ts).
import { SAVED_REPORTS_MAX_BYTES } from '../../contract/constants';
import { SAVED_REPORTS_CACHE } from '../pwa/caches';

export interface SavedReport {
  id: string;
  /** The username of the admin who downloaded it. */
  owner: string;
  filename: string;
  /** What the report holds, e.g. 'Fraud Events, 01-Oct-2026 to 31-Oct-2026'. */
  description: string;
  mime: string;
  /** Bytes. */
  size: number;
  /** Epoch milliseconds. */
  savedAt: number;
}

const DETAILS_HEADER = 'x-saved-report';
/** Cache keys: never requested from the network, and apart from the console's screen paths. */
const keyOf = (id: string) => new URL(`/__saved-reports/${encodeURIComponent(id)}`, location.origin).toString();

/** Cache Storage exists only on https or localhost (a secure context). */
export const savedReportsAvailable = (): boolean => typeof caches !== 'undefined';

// Screens showing the list hear of every change, in this tab and in the console's other tabs.
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SAVED_REPORTS_CACHE);
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
function changed(): void {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}
export function onSavedReportsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function details(response: Response | undefined): Promise<SavedReport | undefined> {
  const header = response?.headers.get(DETAILS_HEADER);
  if (!header) return undefined;
  try {
    return JSON.parse(decodeURIComponent(header)) as SavedReport;
  } catch {
    return undefined;
  }
}

/** Every report kept on this device, whoever downloaded it, with its cache key. */
async function everyReport(): Promise<Array<{ key: Request; report: SavedReport | undefined }>> {
  const cache = await caches.open(SAVED_REPORTS_CACHE);
  return Promise.all((await cache.keys()).map(async (key) => ({ key, report: await details(await cache.match(key)) })));
}

/** The saved reports of an admin, newest first. */
export async function listSavedReports(owner: string): Promise<SavedReport[]> {
  if (!savedReportsAvailable()) return [];
  return (await everyReport())
    .flatMap(({ report }) => (report?.owner === owner ? [report] : []))
    .sort((a, b) => b.savedAt - a.savedAt);
}

/** Deletes the reports other admins saved on this browser (an admin signed in after them). */
export async function removeOthersReports(owner: string): Promise<void> {
  if (!savedReportsAvailable()) return;
  const others = (await everyReport()).filter(({ report }) => report?.owner !== owner);
  if (others.length === 0) return;
  const cache = await caches.open(SAVED_REPORTS_CACHE);
  await Promise.all(others.map(({ key }) => cache.delete(key)));
  changed();
}

export const totalSize = (reports: readonly SavedReport[]): number => reports.reduce((sum, report) => sum + report.size, 0);

export class NotSavedError extends Error {}

/** Why a report of `size` bytes cannot be kept next to `reports`; null when it can. */
export function reasonNotSaved(size: number, reports: readonly SavedReport[], limit = SAVED_REPORTS_MAX_BYTES): string | null {
  if (totalSize(reports) + size <= limit) return null;
  return `It was not saved for offline use: saved reports would take more than ${formatBytes(limit)}. Remove some in Saved for offline.`;
}

/** Keeps a downloaded file; throws NotSavedError with a reason a person can act on. */
export async function saveReport(
  blob: Blob,
  report: Omit<SavedReport, 'id' | 'size' | 'savedAt'>,
  limit = SAVED_REPORTS_MAX_BYTES,
): Promise<SavedReport> {
  if (!savedReportsAvailable()) throw new NotSavedError('Saving for offline use needs the console opened over https.');
  const reason = reasonNotSaved(blob.size, await listSavedReports(report.owner), limit);
  if (reason) throw new NotSavedError(reason);
  const saved: SavedReport = { ...report, id: crypto.randomUUID(), size: blob.size, savedAt: Date.now() };
  const cache = await caches.open(SAVED_REPORTS_CACHE);
  try {
    await cache.put(
      keyOf(saved.id),
      new Response(await blob.arrayBuffer(), { headers: { 'content-type': saved.mime, [DETAILS_HEADER]: encodeURIComponent(JSON.stringify(saved)) } }),
    );
  } catch (error) {
    // The browser's storage quota: the download itself is on the device all the same.
    throw new NotSavedError(`It was not saved for offline use: the browser has no room left (${String(error)}).`);
  }
  // Ask the browser not to evict what a person chose to keep (it may say no; nothing else changes).
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
  changed();
  return saved;
}

/** An admin's saved report and its bytes; undefined when it is no longer kept (or not theirs). */
export async function readSavedReport(id: string, owner: string): Promise<{ report: SavedReport; blob: Blob } | undefined> {
  if (!savedReportsAvailable()) return undefined;
  const response = await (await caches.open(SAVED_REPORTS_CACHE)).match(keyOf(id));
  const report = await details(response);
  if (!response || report?.owner !== owner) return undefined;
  return { report, blob: await response.blob() };
}

export async function removeSavedReport(id: string): Promise<void> {
  if (!savedReportsAvailable()) return;
  await (await caches.open(SAVED_REPORTS_CACHE)).delete(keyOf(id));
  changed();
}

/** '1.4 MB', '820 KB', '12 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Hands a file to the browser to save on the device. */
export function saveToDevice(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it; a minute is plenty before letting the memory go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
