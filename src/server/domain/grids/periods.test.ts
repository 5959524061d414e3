// The periods a grouped grid's date range reads from its summary: every day once, the largest periods first.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../contract/dates';
import { coveringPeriods, type Grain, type PeriodRange } from './periods';

/** Every day the periods hold, in order: a day twice or a day missing shows. */
function daysOf(periods: PeriodRange[]): string[] {
  const days: string[] = [];
  for (const { from, past } of periods) for (let day = from; day < past; day = addDays(day, 1)) days.push(day);
  return days.sort();
}
function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

describe('coveringPeriods', () => {
  it('reads whole years, the months beside them and the days at the edges', () => {
    expect(coveringPeriods('2024-11-15', '2026-02-03', ['year', 'month', 'day'])).toEqual([
      { grain: 'year', from: '2025-01-01', past: '2026-01-01' },
      { grain: 'month', from: '2024-12-01', past: '2025-01-01' },
      { grain: 'day', from: '2024-11-15', past: '2024-12-01' },
      { grain: 'month', from: '2026-01-01', past: '2026-02-01' },
      { grain: 'day', from: '2026-02-01', past: '2026-02-04' },
    ]);
  });

  it('reads months alone where the summary keeps no years, and days alone within a month', () => {
    expect(coveringPeriods('2024-11-15', '2025-02-28', ['month', 'day'])).toEqual([
      { grain: 'month', from: '2024-12-01', past: '2025-03-01' },
      { grain: 'day', from: '2024-11-15', past: '2024-12-01' },
    ]);
    expect(coveringPeriods('2025-03-02', '2025-03-30', ['year', 'month', 'day'])).toEqual([{ grain: 'day', from: '2025-03-02', past: '2025-03-31' }]);
    expect(coveringPeriods('2025-03-02', '2025-03-02', ['year', 'month', 'day'])).toEqual([{ grain: 'day', from: '2025-03-02', past: '2025-03-03' }]);
  });

  it.each([
    ['2000-01-01', '2099-12-31'], ['2023-12-31', '2024-01-01'], ['2024-02-29', '2028-02-28'], ['2025-01-01', '2025-12-31'], ['2025-01-31', '2025-03-01'],
  ])('holds each day from %s to %s once', (start, end) => {
    for (const grains of [['year', 'month', 'day'], ['month', 'day']] as Grain[][]) {
      expect(daysOf(coveringPeriods(start, end, grains))).toEqual(daysFrom(start, end));
    }
  });
});
