import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameOf } from './fetchFile';
import { fakeCaches } from '../test/fakeCaches';
import {
  formatBytes, listSavedReports, onSavedReportsChange, readSavedReport, reasonNotSaved, removeOthersReports,
  removeSavedReport, saveReport, totalSize, type SavedReport,
} from './savedReports';

const report = (size: number): SavedReport => ({
  id: String(size), owner: 'super@demo.test', filename: 'r.csv', description: 'r', mime: 'text/csv', size, savedAt: 0,
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('what fits in Saved for offline', () => {
  it('keeps a report while the total stays within the limit', () => {
    expect(totalSize([report(40), report(50)])).toBe(90);
    expect(reasonNotSaved(10, [report(40), report(50)], 100)).toBeNull();
  });

  it('says why a report past the limit is not kept, and what to do', () => {
    expect(reasonNotSaved(11, [report(40), report(50)], 100)).toBe(
      'It was not saved for offline use: saved reports would take more than 100 bytes. Remove some in Saved for offline.',
    );
  });
});

describe('the file name of a download', () => {
  it.each([
    ['attachment; filename="fraud-events_2026-10-01_2026-10-31.csv"', 'fraud-events_2026-10-01_2026-10-31.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment', 'fallback.csv'],
    [null, 'fallback.csv'],
  ])('%s gives %s', (disposition, name) => {
    expect(filenameOf(disposition, 'fallback.csv')).toBe(name);
  });
});

describe('the saved reports kept in Cache Storage', () => {
  const SUPER = 'super@demo.test';
  const CAMPAIGN = 'campaign@demo.test';
  const details = (owner: string, description: string) => ({ owner, description, filename: `${description}.csv`, mime: 'text/csv' });
  const csv = (text: string) => new Blob([text], { type: 'text/csv' });

  beforeEach(() => {
    vi.stubGlobal('caches', fakeCaches());
  });

  it('keeps a report with its size and details, lists it newest first, opens it, removes it', async () => {
    const heard = vi.fn();
    const stop = onSavedReportsChange(heard);
    const first = await saveReport(csv('a,b\n1,2\n'), details(SUPER, 'October'));
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await saveReport(csv('a\n'), details(SUPER, 'November'));
    expect(first).toMatchObject({ owner: SUPER, description: 'October', size: 8 });
    expect((await listSavedReports(SUPER)).map((report) => report.description)).toEqual(['November', 'October']);

    const opened = await readSavedReport(first.id, SUPER);
    expect(opened?.report.filename).toBe('October.csv');
    expect(await opened?.blob.text()).toBe('a,b\n1,2\n');

    await removeSavedReport(first.id);
    expect(await readSavedReport(first.id, SUPER)).toBeUndefined();
    expect((await listSavedReports(SUPER)).map((report) => report.id)).toEqual([second.id]);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });

  it("never shows one admin another admin's reports, and deletes them when another admin signs in", async () => {
    const theirs = await saveReport(csv('x\n'), details(SUPER, 'Super only'));
    await saveReport(csv('y\n'), details(CAMPAIGN, 'Mine'));
    expect((await listSavedReports(CAMPAIGN)).map((report) => report.description)).toEqual(['Mine']);
    expect(await readSavedReport(theirs.id, CAMPAIGN)).toBeUndefined();

    await removeOthersReports(CAMPAIGN);
    expect(await listSavedReports(SUPER)).toEqual([]);
    expect((await listSavedReports(CAMPAIGN)).map((report) => report.description)).toEqual(['Mine']);
  });

  it('refuses to keep a report past the limit, saying what to do, and keeps nothing of it', async () => {
    await saveReport(csv('0123456789'), details(SUPER, 'Fills it'), 12);
    await expect(saveReport(csv('abc'), details(SUPER, 'Over'), 12)).rejects.toThrow(
      'It was not saved for offline use: saved reports would take more than 12 bytes. Remove some in Saved for offline.',
    );
    // Another admin's reports do not count against this admin's room.
    await expect(saveReport(csv('abc'), details(CAMPAIGN, 'Theirs'), 12)).resolves.toMatchObject({ size: 3 });
    expect((await listSavedReports(SUPER)).map((report) => report.description)).toEqual(['Fills it']);
  });
});
