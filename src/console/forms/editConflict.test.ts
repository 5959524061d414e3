// The user's values beside the row as it is now, field by field, and the form filled from that row.
import { describe, expect, it } from 'vitest';
import { conflictOf, conflictRows, fieldsOfValues, sameValue, theirValues, type ConflictField } from './editConflict';

const agentFields: ConflictField[] = [
  { field: 'first_name', label: 'First name', now: 'user_role.user.first_name' },
  { field: 'status_type', label: 'Status', now: 'user_role.status_type.id', named: 'user_role.status_type.name' },
  { field: 'campaign', label: 'Campaign', named: 'campaign_name' },
];
const agentNow = {
  campaign: 7,
  campaign_name: 'Agent Referral GH-01',
  user_role: { status_type: { id: 2, name: 'Suspended' }, user: { first_name: 'Kofi' } },
  updated_at: '2026-11-02T08:00:00.000Z',
};

describe('conflictRows', () => {
  it('reads the current value where the row keeps it, names it by the row, and marks the fields that differ', () => {
    expect(conflictRows(agentFields, { first_name: 'Kofibena', status_type: 1, campaign: 7 }, agentNow, { status_type: (id) => (id === 1 ? 'Active' : undefined) })).toEqual([
      { field: 'first_name', label: 'First name', yours: 'Kofibena', now: 'Kofi', differs: true },
      { field: 'status_type', label: 'Status', yours: 'Active', now: 'Suspended', differs: true },
      { field: 'campaign', label: 'Campaign', yours: 'Agent Referral GH-01', now: 'Agent Referral GH-01', differs: false },
    ]);
  });

  it('leaves out a field the user values do not hold (an edit that sends only what it changed)', () => {
    expect(conflictRows(agentFields, { first_name: 'Kofi' }, agentNow).map((row) => [row.field, row.differs])).toEqual([['first_name', false]]);
  });

  it('compares linked agencies by the ids that are linked, in any order, and names them by the row', () => {
    const fields: ConflictField[] = [{ field: 'linked_agencies', label: 'Linked agencies', named: 'linked_agencies' }];
    const now = { linked_agencies: [{ id: 3, agency_name: 'Ghana Country Agency', linked: true }, { id: 5, agency_name: 'Congo Agency', linked: true }] };
    expect(conflictRows(fields, { linked_agencies: [5, 3] }, now)[0]).toMatchObject({ differs: false, now: 'Ghana Country Agency, Congo Agency' });
    expect(conflictRows(fields, { linked_agencies: [3] }, now)[0]).toMatchObject({ differs: true, yours: '3' });
  });

  it('takes nothing and an empty text as the same, and never shows a typed password', () => {
    const fields: ConflictField[] = [{ field: 'msisdn', label: 'Mobile Number' }, { field: 'password', label: 'Password' }];
    expect(conflictRows(fields, { msisdn: '', password: 'Secret#2026' }, { msisdn: null })).toEqual([
      { field: 'msisdn', label: 'Mobile Number', yours: '—', now: '—', differs: false },
      { field: 'password', label: 'Password', yours: 'a new password', now: 'unchanged', differs: true },
    ]);
  });

  it('reads SMS link prefixes by language, an empty one as the default link', () => {
    const rows = conflictRows([{ field: 'urls', label: 'URL prefixes' }], { urls: { fr: '', en: 'https://a.test/' } }, { urls: { en: 'https://a.test/', fr: 'https://b.test/' } });
    expect(rows[0]).toEqual({ field: 'urls', label: 'URL prefixes', yours: 'fr: (default), en: https://a.test/', now: 'en: https://a.test/, fr: https://b.test/', differs: true });
  });
});

describe('theirValues', () => {
  it("fills the form's fields from the row, in the kinds the form holds, on the row's version", () => {
    const form = { id: 4, updated_at: '2026-11-01T09:30:00.000Z', first_name: 'Kofibena', status_type: 1, campaign: 9, languages: ['en'], msisdn: '0241' };
    const fields: ConflictField[] = [...agentFields, { field: 'languages', label: 'Languages' }, { field: 'msisdn', label: 'Mobile Number' }];
    expect(theirValues(fields, form, { ...agentNow, languages: 'en, fr', msisdn: null })).toEqual({
      id: 4,
      updated_at: agentNow.updated_at,
      first_name: 'Kofi',
      status_type: 2,
      campaign: 7,
      languages: ['en', 'fr'],
      msisdn: '',
    });
  });
});

describe('conflictOf', () => {
  it('is the current row of a save refused as an edit conflict, and nothing for any other failure', () => {
    expect(conflictOf({ error: { status: 409, code: 'edit_conflict', text: '…', current: agentNow } })).toBe(agentNow);
    expect(conflictOf({ error: { status: 409, code: 'duplicate', text: '…' } })).toBeUndefined();
    expect(conflictOf({ error: { status: 409, code: 'edit_conflict', text: '…' } })).toBeUndefined();
    expect(conflictOf({ data: agentNow })).toBeUndefined();
  });
});

describe('sameValue and fieldsOfValues', () => {
  it('compares lists in any order and objects by their keys', () => {
    expect(sameValue(['en', 'fr'], ['fr', 'en'])).toBe(true);
    expect(sameValue({ en: 'a', fr: '' }, { fr: null, en: 'a' })).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
  });

  it('compares every value of a form that declares no fields, but its id and version', () => {
    expect(fieldsOfValues({ id: 1, updated_at: 'x', sms_from: 'REFER' })).toEqual([{ field: 'sms_from', label: 'Sms from' }]);
  });
});
