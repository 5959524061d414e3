import { describe, expect, it } from 'vitest';
import { filenameOf } from '../api/baseQuery';
import { formatBytes, reasonNotSaved, totalSize, type SavedReport } from './savedReports';

const report = (size: number): SavedReport => ({
  id: String(size), filename: 'r.csv', description: 'r', mime: 'text/csv', size, savedAt: 0, screen: '/',
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
