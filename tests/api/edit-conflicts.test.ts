// Edit conflicts on the legacy admin backend: every list and save answer carries the row's
// updated_at; an edit that sends the updated_at it read is refused with 409 and the current row
// when someone changed the row since, and changes nothing; without updated_at the last write wins.
// For each edit call: PUT /admin/register, PUT /admin/whitelist, PUT /admin/event_types,
// POST /admin/country with an id, POST /admin/country_sms.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRequest, ApiError, ListPage } from '../../src/contract/api';
import type { AdminCountry, AdminUser, CountrySms, EventType, Whitelist } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends, type Answer, demoIds } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

/** updated_at on the wire: ISO 8601, UTC, milliseconds. */
const ISO_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

interface Row { id: number; updated_at: string }

describe.each(backends)('edit conflicts on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let goldCoast: number;
  let gh01: number;

  beforeAll(async () => {
    const ids = await demoIds(server, tokens.super);
    goldCoast = ids.agency['Gold Coast Field Partners'] as number;
    gh01 = ids.campaign['SIM Drive GH-01'] as number;
    expect([goldCoast, gh01].every(Number.isInteger)).toBe(true);
  });

  const write = <T>(method: string, path: string, body: unknown, token = tokens.super) =>
    server.request<T & ApiError>(method, path, { body, token });
  /** The row `id` as the list `path` shows it to the caller. */
  async function listed<T extends Row>(path: string, search: string, id: number, token = tokens.super): Promise<T> {
    const answer = await server.get<ListPage<T>>(`${path}?page_size=0&search=${encodeURIComponent(search)}`, token);
    expect(answer.status).toBe(200);
    const row = answer.body.data.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`row ${id} is not in ${path}`);
    return row;
  }
  const auditCount = async () => Number((await server.sql?.query('select count(*) as n from audit_log'))?.rows[0]?.n ?? 0);

  /**
   * The rule for one edit call: read the row; edit it with its updated_at (200, a newer updated_at,
   * the list shows the answer); edit again with the old updated_at (409 with the row as it is now,
   * nothing changed); edit without updated_at (200, last write wins).
   */
  async function expectConflictRule<T extends Row>(call: {
    read: () => Promise<T>;
    edit: (version: number, updatedAt?: string) => Promise<Answer<T & ApiError>>;
  }): Promise<void> {
    const read = await call.read();
    expect(read.updated_at).toMatch(ISO_MILLIS);

    const first = await call.edit(1, read.updated_at);
    expect(first.status).toBe(200);
    expect(first.body.updated_at).toMatch(ISO_MILLIS);
    expect(Date.parse(first.body.updated_at)).toBeGreaterThan(Date.parse(read.updated_at));
    const now = await call.read();
    expect(now).toEqual(first.body);

    const audited = await auditCount();
    const stale = await call.edit(2, read.updated_at);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: messages.recordChanged, code: 'edit_conflict', current: now });
    expect(await call.read()).toEqual(now);
    expect(await auditCount()).toBe(audited);

    const blind = await call.edit(3);
    expect(blind.status).toBe(200);
    expect(Date.parse(blind.body.updated_at)).toBeGreaterThan(Date.parse(now.updated_at));
    expect(await call.read()).toEqual(blind.body);
  }

  it('PUT /admin/event_types', async () => {
    const name = `conflict_${unique()}`;
    const created = await write<EventType>('POST', '/admin/event_types', { event: name, pretty: 'Version 0' });
    expect(created.status).toBe(201);
    expect(created.body.updated_at).toMatch(ISO_MILLIS);
    await expectConflictRule<EventType>({
      read: () => listed('/admin/event_types', name, created.body.id),
      edit: (version, updatedAt) =>
        write('PUT', '/admin/event_types', { id: created.body.id, event: name, pretty: `Version ${version}`, updated_at: updatedAt }),
    });
  });

  it('PUT /admin/whitelist', async () => {
    const msisdn = `024${String(Date.now()).slice(-7)}`;
    const created = await write<Whitelist>('POST', '/admin/whitelist', { msisdn, country: 'GH', campaign_id: gh01 });
    expect(created.status).toBe(201);
    await expectConflictRule<Whitelist>({
      read: () => listed('/admin/whitelists', 'GH', created.body.id),
      edit: (version, updatedAt) =>
        write('PUT', '/admin/whitelist', { id: created.body.id, msisdn: `02${version}${msisdn.slice(3)}`, country: 'GH', campaign_id: gh01, updated_at: updatedAt }),
    });
  });

  describe('PUT /admin/register', () => {
    const userForm = (email: string, overrides: Partial<AdminUserRequest> = {}): AdminUserRequest => ({
      email, firstname: 'Kwame', lastname: 'Version 0', password: 'Fresh#Start2026', msisdn: '', country_code: 'GH', linked_agencies: [goldCoast],
      is_super: false, unblacklist: false, secure_page: false, ...overrides,
    });

    it('for a Super Admin', async () => {
      const email = `conflict.${unique()}@example.org`;
      const created = await write<AdminUser>('POST', '/admin/register', userForm(email));
      expect(created.status).toBe(201);
      await expectConflictRule<AdminUser>({
        read: () => listed('/admin/admins', email, created.body.id),
        edit: (version, updatedAt) =>
          write('PUT', '/admin/register', { ...userForm(email, { lastname: `Version ${version}`, password: '' }), id: created.body.id, updated_at: updatedAt }),
      });
    });

    it('for an Agency Admin, whose current row hides the msisdn as their list does', async () => {
      const email = `conflict.${unique()}@example.org`;
      const msisdn = `027${String(Date.now()).slice(-7)}`;
      const created = await write<AdminUser>('POST', '/admin/register', userForm(email, { msisdn }));
      expect(created.status).toBe(201);
      const agencyRead = await listed<AdminUser>('/admin/admins', email, created.body.id, tokens.agency);
      expect(agencyRead.msisdn).toBeNull();
      const superEdit = await write<AdminUser>('PUT', '/admin/register', { ...userForm(email, { msisdn, lastname: 'By the Super Admin', password: '' }), id: created.body.id });
      expect(superEdit.status).toBe(200);

      const stale = await write('PUT', '/admin/register', { ...userForm(email, { msisdn: '', country_code: '', lastname: 'By the Agency Admin', password: '' }), id: created.body.id, updated_at: agencyRead.updated_at }, tokens.agency);
      expect(stale.status).toBe(409);
      const now = await listed<AdminUser>('/admin/admins', email, created.body.id, tokens.agency);
      expect(now).toMatchObject({ lastname: 'By the Super Admin', msisdn: null });
      expect(stale.body).toEqual({ error: messages.recordChanged, code: 'edit_conflict', current: now });
      expect(await listed<AdminUser>('/admin/admins', email, created.body.id)).toEqual(superEdit.body);
    });
  });

  describe('POST /admin/country and POST /admin/country_sms', () => {
    // Each country its own ISO code: X and the initial of its name.
    const countryBody = (name: string, version: number, extra: Record<string, unknown> = {}) =>
      ({ country: name, iso_code: `X${name[0]}`, code: `9${version}9`, sms_cid: '', sms_from: `FROM${version}`, languages: version % 2 ? 'en,fr' : 'en', ...extra });

    it('POST /admin/country with an id', async () => {
      const name = `Conflictland ${unique()}`;
      const created = await write<AdminCountry>('POST', '/admin/country', countryBody(name, 0));
      expect(created.status).toBe(201);
      expect(created.body.updated_at).toMatch(ISO_MILLIS);
      await expectConflictRule<AdminCountry>({
        read: () => listed('/admin/countries', name, created.body.id),
        edit: (version, updatedAt) => write('POST', '/admin/country', countryBody(name, version, { id: created.body.id, updated_at: updatedAt })),
      });
    });

    it('POST /admin/country_sms', async () => {
      const name = `Smsland ${unique()}`;
      const created = await write<AdminCountry>('POST', '/admin/country', countryBody(name, 0));
      expect(created.status).toBe(201);
      await expectConflictRule<CountrySms>({
        read: () => listed('/admin/country_sms', name, created.body.id),
        edit: (version, updatedAt) =>
          write('POST', '/admin/country_sms', { id: created.body.id, urls: { en: `https://r.example.org/v${version}/` }, updated_at: updatedAt }),
      });
    });

    it('a change of the links bumps the country, and a change of the country bumps its links', async () => {
      const name = `Linkland ${unique()}`;
      const created = await write<AdminCountry>('POST', '/admin/country', countryBody(name, 0));
      expect(created.status).toBe(201);
      const countryRead = await listed<AdminCountry>('/admin/countries', name, created.body.id);
      const linksRead = await listed<CountrySms>('/admin/country_sms', name, created.body.id);
      expect(linksRead.updated_at).toBe(countryRead.updated_at);

      const links = await write<CountrySms>('POST', '/admin/country_sms', { id: created.body.id, urls: { fr: 'https://r.example.org/fr/' } });
      expect(links.status).toBe(200);
      const staleCountry = await write('POST', '/admin/country', countryBody(name, 2, { id: created.body.id, updated_at: countryRead.updated_at }));
      expect(staleCountry.status).toBe(409);
      const countryNow = await listed<AdminCountry>('/admin/countries', name, created.body.id);
      expect(countryNow.languages).toBe('en,fr');
      expect(countryNow.updated_at).toBe(links.body.updated_at);
      expect(staleCountry.body).toEqual({ error: messages.recordChanged, code: 'edit_conflict', current: countryNow });

      const country = await write<AdminCountry>('POST', '/admin/country', countryBody(name, 4, { id: created.body.id, updated_at: countryNow.updated_at }));
      expect(country.status).toBe(200);
      const staleLinks = await write('POST', '/admin/country_sms', { id: created.body.id, urls: { en: 'https://r.example.org/en/' }, updated_at: links.body.updated_at });
      expect(staleLinks.status).toBe(409);
      expect(staleLinks.body).toEqual({ error: messages.recordChanged, code: 'edit_conflict', current: await listed<CountrySms>('/admin/country_sms', name, created.body.id) });
    });
  });

  it('refuses an updated_at that is not a date with 400', async () => {
    const name = `baddate_${unique()}`;
    const created = await write<EventType>('POST', '/admin/event_types', { event: name, pretty: 'Bad date' });
    const answer = await write('PUT', '/admin/event_types', { id: created.body.id, event: name, pretty: 'Changed', updated_at: 'yesterday' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: messages.updatedAtInvalid, code: 'validation', errors: { updated_at: [messages.updatedAtInvalid] } });
    expect(await listed('/admin/event_types', name, created.body.id)).toEqual(created.body);
  });

  it.each([
    ['/admin/admins'], ['/admin/whitelists'], ['/admin/event_types'], ['/admin/countries'], ['/admin/country_sms'],
  ])('every row of %s carries its updated_at', async (path) => {
    const answer = await server.get<ListPage<Row>>(`${path}?page_size=0`, tokens.super);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
    for (const row of answer.body.data) expect(row.updated_at).toMatch(ISO_MILLIS);
  });
});
