// Calls accept the shapes the specification's entities give (issue 11), tried as a new user would:
// a whitelist's country as GET /admin/countries gives it, an admin's links as GET /admin/admins
// gives them; and a value of the wrong type is named, never called 'required'.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ListPage } from '../../src/contract/api';
import type { AdminCountry, AdminUser, Whitelist } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { newEmail, REGISTER } from '../support/calls';

describe.each(backends)('entity shapes on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);
  let ghana: AdminCountry;

  beforeAll(async () => {
    const countries = await server.get<ListPage<AdminCountry>>('/admin/countries?page_size=0', tokens.super);
    ghana = countries.body.data.find((country) => country.iso_code === 'GH') as AdminCountry;
  });

  const msisdn = () => `024${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;
  const whitelistCount = async () => (await server.get<ListPage<Whitelist>>('/admin/whitelists?page_size=0', tokens.super)).body.count;

  it.each([
    ['its ISO code', () => 'GH'],
    ['its dialling code', () => ghana.code],
    ['its dialling code with a plus', () => `+${ghana.code}`],
    ['its id', () => ghana.id],
  ])('a whitelist entry takes the country by %s', async (_how, country) => {
    const added = await server.post<Whitelist>('/admin/whitelist', { msisdn: msisdn(), country: country() }, tokens.super);
    expect(added.status).toBe(201);
    expect(added.body.country).toBe('GH');
  });

  it('a country of the wrong type is named with what it takes, and nothing is added', async () => {
    const before = await whitelistCount();
    const wrong = await server.post<ApiError>('/admin/whitelist', { msisdn: msisdn(), country: { id: ghana.id } }, tokens.super);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.country).toEqual(['country must be an ISO code, a dialling code or a country id']);
    const unknown = await server.post<ApiError>('/admin/whitelist', { msisdn: msisdn(), country: 999999 }, tokens.super);
    expect(unknown.body).toMatchObject({ error: messages.unknownCountry, code: 'validation' });
    expect(await whitelistCount()).toBe(before);
  });

  it("an admin's links are taken as GET /admin/admins gives them; one marked linked: false is left out", async () => {
    const admins = await server.get<ListPage<AdminUser>>('/admin/admins?search=agency@demo.test', tokens.super);
    const links = admins.body.data[0]?.linked_agencies ?? [];
    expect(links.length).toBeGreaterThan(0);
    const dropped = { id: 999_999, agency_name: 'Not linked', linked: false };
    const email = newEmail('shapes');
    const form = { email, firstname: 'Shape', lastname: 'Taker', password: 'Strong#Pass2026', linked_agencies: [...links, dropped] };
    const added = await server.post<AdminUser>(REGISTER, form, tokens.super);
    expect(added.status).toBe(201);
    expect(added.body.linked_agencies.map((link) => link.id).sort()).toEqual(links.map((link) => link.id).sort());
  });

  it('links of the wrong type are named with what they take', async () => {
    const form = { email: newEmail('shapes'), firstname: 'Shape', lastname: 'Taker', password: 'Strong#Pass2026' };
    const text = await server.post<ApiError>(REGISTER, { ...form, linked_agencies: 'all' }, tokens.super);
    expect(text.status).toBe(400);
    expect(text.body.errors?.linked_agencies).toEqual(['linked_agencies must be a list, not text']);
    const names = await server.post<ApiError>(REGISTER, { ...form, linked_agencies: [{ agency_name: 'Head office' }] }, tokens.super);
    expect(names.status).toBe(400);
    expect(names.body.error).toContain('linked_agencies must hold agency ids or agencies');
    expect(names.body.error).not.toContain('required');
  });
});
