import { describe, it, expect } from 'vitest';
import { isRangeOverWarning, listQueueReportsQuery, reconcileDateRange, reportFilterErrors, reportFilterWarnings } from './reports';
import type { ReportFilterChoice } from './reports';
import * as messages from './messages';
import { reportWarning } from './messages';
import { GRID_PAGE_SIZES, QUEUE_LIST_PAGE_SIZE, REPORT_RANGE_WARNING_MONTHS } from './constants';

const PREFIX = 'Please note: ';
const SUFFIX = 'The report generation might take longer than usual.';

const filters = (patch: Partial<ReportFilterChoice> = {}): ReportFilterChoice => ({
  start_date: '2024-01-01',
  end_date: '2024-01-31',
  agency: 1,
  campaign: [10],
  ...patch,
});

describe('report filter messages', () => {
  it.each([
    ['startDateRequired', 'Start Date cannot be empty.'],
    ['endDateRequired', 'End Date cannot be empty.'],
    ['agencyRequired', 'Agency cannot be empty.'],
    ['campaignRequired', 'Campaign cannot be empty.'],
    ['reportMayTakeLonger', SUFFIX],
  ] as const)('messages.%s is the spec string', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it('the warning range is 3 months', () => {
    expect(REPORT_RANGE_WARNING_MONTHS).toBe(3);
  });

  it('reportWarning wraps the text in the spec words', () => {
    expect(reportWarning('something')).toBe(`${PREFIX}something. ${SUFFIX}`);
  });
});

describe('reportFilterErrors', () => {
  const many = { agencies: 2, campaigns: 2 };
  const one = { agencies: 1, campaigns: 1 };
  const none = { agencies: 0, campaigns: 0 };

  it.each([
    ['everything chosen', filters(), many, []],
    ['empty start date', filters({ start_date: '' }), many, ['Start Date cannot be empty.']],
    ['empty end date', filters({ end_date: '' }), many, ['End Date cannot be empty.']],
    ['no agency, several available', filters({ agency: undefined }), many, ['Agency cannot be empty.']],
    ['no campaign, several available', filters({ campaign: [] }), many, ['Campaign cannot be empty.']],
    ['no agency, one available', filters({ agency: undefined }), one, []],
    ['no campaign, one available', filters({ campaign: [] }), one, []],
    ['no agency or campaign, none available', filters({ agency: undefined, campaign: [] }), none, []],
    [
      'no agency, several agencies but one campaign',
      filters({ agency: undefined, campaign: [] }),
      { agencies: 3, campaigns: 1 },
      ['Agency cannot be empty.'],
    ],
    [
      'no campaign, one agency but several campaigns',
      filters({ agency: undefined, campaign: [] }),
      { agencies: 1, campaigns: 5 },
      ['Campaign cannot be empty.'],
    ],
    [
      'all four, in order',
      filters({ start_date: '', end_date: '', agency: undefined, campaign: [] }),
      many,
      ['Start Date cannot be empty.', 'End Date cannot be empty.', 'Agency cannot be empty.', 'Campaign cannot be empty.'],
    ],
  ] as Array<[string, ReportFilterChoice, { agencies: number; campaigns: number }, string[]]>)(
    '%s',
    (_case, value, available, expected) => {
      expect(reportFilterErrors(value, available)).toEqual(expected);
    },
  );
});

describe('isRangeOverWarning', () => {
  it.each([
    ['2024-01-01', '2024-01-01', false, 'same day'],
    ['2024-01-01', '2024-04-01', false, 'exactly 3 months'],
    ['2024-01-01', '2024-04-02', true, '3 months + 1 day'],
    ['2024-03-15', '2024-06-15', false, 'exactly 3 months, mid month'],
    ['2024-03-15', '2024-06-16', true, '3 months + 1 day, mid month'],
    ['2023-11-20', '2024-02-20', false, 'exactly 3 months across a year'],
    ['2023-11-20', '2024-02-21', true, '3 months + 1 day across a year'],
    ['2024-01-01', '2024-12-31', true, 'a year'],
    ['2024-01-01T10:00:00Z', '2024-04-01T23:59:59Z', false, 'timestamps count by day'],
  ])('%s to %s: over %s (%s)', (start, end, over) => {
    expect(isRangeOverWarning(start, end)).toBe(over);
  });
});

describe('reportFilterWarnings', () => {
  const rangeWarning = reportWarning('the date range is over 3 months');

  it.each([
    ['everything chosen, short range', filters(), []],
    ['exactly 3 months', filters({ start_date: '2024-01-01', end_date: '2024-04-01' }), []],
    ['3 months + 1 day', filters({ start_date: '2024-01-01', end_date: '2024-04-02' }), [rangeWarning]],
    ['no agency', filters({ agency: undefined }), [reportWarning('no agency is selected')]],
    ['no campaign', filters({ campaign: [] }), [reportWarning('no campaign is selected')]],
    [
      'everything missing and a long range',
      filters({ agency: undefined, campaign: [], end_date: '2024-06-01' }),
      [reportWarning('no agency is selected'), reportWarning('no campaign is selected'), rangeWarning],
    ],
    ['empty dates give no range warning', filters({ start_date: '', end_date: '' }), []],
  ] as Array<[string, ReportFilterChoice, string[]]>)('%s', (_case, value, expected) => {
    expect(reportFilterWarnings(value)).toEqual(expected);
  });

  it('every warning starts with "Please note: " and ends with the spec sentence', () => {
    const warnings = reportFilterWarnings(
      filters({ agency: undefined, campaign: [], start_date: '2024-01-01', end_date: '2024-12-31' }),
    );
    expect(warnings).toHaveLength(3);
    for (const warning of warnings) {
      expect(warning.startsWith(PREFIX)).toBe(true);
      expect(warning.endsWith(SUFFIX)).toBe(true);
    }
    expect(warnings[2]).toContain('3 months');
  });
});

describe('reconcileDateRange', () => {
  it.each([
    ['start', { start: '2024-03-10', end: '2024-03-01' }, { start: '2024-03-10', end: '2024-03-10' }, 'start moved after the end pushes the end'],
    ['end', { start: '2024-03-10', end: '2024-03-01' }, { start: '2024-03-01', end: '2024-03-01' }, 'end moved before the start pulls the start'],
    ['start', { start: '2024-03-01', end: '2024-03-10' }, { start: '2024-03-01', end: '2024-03-10' }, 'in order: unchanged'],
    ['end', { start: '2024-03-01', end: '2024-03-10' }, { start: '2024-03-01', end: '2024-03-10' }, 'in order: unchanged'],
    ['start', { start: '2024-03-05', end: '2024-03-05' }, { start: '2024-03-05', end: '2024-03-05' }, 'same day: unchanged'],
    ['start', { start: '2024-03-05', end: '' }, { start: '2024-03-05', end: '' }, 'no end: unchanged'],
    ['end', { start: '', end: '2024-03-05' }, { start: '', end: '2024-03-05' }, 'no start: unchanged'],
    ['start', { start: '2025-01-01', end: '2024-12-31' }, { start: '2025-01-01', end: '2025-01-01' }, 'across a year'],
  ] as Array<['start' | 'end', { start: string; end: string }, { start: string; end: string }, string]>)(
    'changed %s %j -> %j (%s)',
    (changed, range, expected) => {
      expect(reconcileDateRange(changed, range)).toEqual(expected);
    },
  );
});

describe('listQueueReportsQuery', () => {
  it.each([QUEUE_LIST_PAGE_SIZE, ...GRID_PAGE_SIZES])('takes page_size %i', (size) => {
    expect(listQueueReportsQuery.parse({ home: 'fraud_report', page_size: String(size), current_page: '1' })).toEqual({ home: 'fraud_report', page_size: size, current_page: 1 });
  });

  it('refuses a page size it does not declare, naming the ones it takes', () => {
    const refused = listQueueReportsQuery.safeParse({ home: 'fraud_report', page_size: '7' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([`page_size must be one of ${[QUEUE_LIST_PAGE_SIZE, ...GRID_PAGE_SIZES].join(', ')}`]);
  });
});
