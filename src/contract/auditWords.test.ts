import { describe, expect, it } from 'vitest';
import { auditFields, auditSentence } from './auditWords';

const agent = (lastName: string, status = 'Active') => ({
  id: 41, campaign: 5, campaign_name: 'SIM Drive GH-01', agency_name: 'Gold Coast Field Partners',
  user_role: {
    id: 7, agency_id: 2, role_type: 'Agent', status_type: { id: 1, name: status }, role_start_date: null, role_end_date: null,
    user: { id: 90, msisdn: '233241234567', username: 'kojo', first_name: 'Kojo', last_name: lastName, country_code: 'GH', language_code: 'en', is_gifting: false, added_by: 1, updated_at: '2026-11-01T08:00:00Z' },
    updated_at: '2026-11-01T08:00:00Z',
  },
  updated_at: '2026-11-02T08:00:00Z',
});

describe('an audit entry in the product words (issue 53)', () => {
  it("names an agent's edit by the agent and the field's label, not the record's nesting", () => {
    const entry = { entity: 'agent', entity_id: '41', action: 'update' as const, before: agent('Mensa'), after: agent('Mensah') };
    expect(auditSentence(entry)).toBe('Agent Kojo Mensah: last name Mensa → Mensah');
    expect(auditSentence({ ...entry, after: agent('Mensah', 'Suspended') })).toBe('Agent Kojo Mensah: status Active → Suspended; last name Mensa → Mensah');
  });

  it('lists fields under their labels, keys and write stamps left out, and marks what changed', () => {
    const fields = auditFields(agent('Mensa'), agent('Mensah'));
    expect(fields.map((field) => field.label)).toEqual(['campaign', 'agency', 'role', 'status', 'role start date', 'role end date', 'mobile number', 'username', 'first name', 'last name', 'country', 'language', 'gifter']);
    expect(fields.filter((field) => field.changed)).toEqual([{ path: 'user_role.user.last_name', label: 'last name', before: 'Mensa', after: 'Mensah', changed: true }]);
    expect(fields.find((field) => field.label === 'gifter')?.after).toBe('No');
  });

  it('reads amounts through the money formatter, a currency without a minor unit in whole units', () => {
    const made = { entity: 'payment_run', entity_id: '12', action: 'create' as const, before: null, after: { ref: 'PR-000012', batch: true, count: 1250, totals: { XOF: '346414.00' } } };
    expect(auditSentence(made)).toBe('Payment run PR-000012 made: 1,250 payments, XOF 346,414');
    expect(auditFields(null, made.after).find((field) => field.path === 'totals.XOF')).toMatchObject({ label: 'total in XOF', after: 'XOF 346,414' });
    expect(auditSentence({ entity: 'payment_run', entity_id: '12', action: 'update', before: null, after: { ref: 'PR-000012', step: 'rejected', reason: 'Wrong month' } })).toBe('Payment run PR-000012 rejected: Wrong month');
  });

  it('names an added or removed record as people know it', () => {
    expect(auditSentence({ entity: 'whitelist', entity_id: '3', action: 'create', before: null, after: { id: 3, msisdn: '233240007919', country: 'GH', campaign_id: null } })).toBe('Whitelist 233240007919 added');
    expect(auditSentence({ entity: 'event_type', entity_id: '9', action: 'delete', before: { id: 9, pretty_name: 'Shop visit' }, after: null })).toBe('Event type Shop visit removed');
  });
});
