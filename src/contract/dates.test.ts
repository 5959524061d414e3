import { describe, expect, it } from 'vitest';
import { addDays, fromRequestDate, reportTableTime, toRequestDate } from './dates';

describe('request dates (DD-MMM-YYYY)', () => {
  it.each([
    ['2026-11-01', '01-Nov-2026'],
    ['2026-01-31', '31-Jan-2026'],
    ['2024-02-29', '29-Feb-2024'],
  ])('%s is sent as %s and read back', (iso, wire) => {
    expect(toRequestDate(iso)).toBe(wire);
    expect(fromRequestDate(wire)).toBe(iso);
  });

  it('reads the month in any case', () => {
    expect(fromRequestDate('05-DEC-2026')).toBe('2026-12-05');
  });

  it.each(['31-Feb-2026', '29-Feb-2026', '00-Jan-2026', '01-Foo-2026', '2026-11-01', '1-Nov-2026', ''])('refuses %j', (wire) => {
    expect(fromRequestDate(wire)).toBeNull();
  });
});

describe('report table times', () => {
  it('show YYYY-MM-DD HH:MM:SS', () => {
    expect(reportTableTime('2026-11-21T09:05:03.123Z')).toBe('2026-11-21 09:05:03');
  });
});

describe('addDays', () => {
  it('crosses months and years, both ways', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-05', -30)).toBe('2025-12-06');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
