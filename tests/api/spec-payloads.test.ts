// Issue 30: the calls of SPEC.md section 7 take the specification's payloads as written; what we
// added is optional, told from what the call does carry, and refused only when nothing tells it.
// POST and PUT /admin/register without country_code (a national number takes the first linked
// agency's country) and POST /admin/country without iso_code (told from the country's name).
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { AdminCountry, AdminUser } from '../../src/contract/entities';
import { countryNameShared, countryNameUnknown, duplicateIsoCode, unknownAgencies } from '../../src/contract/messages';
import { backends, demoIds } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { newEmail, REGISTER } from '../support/calls';

type Answer<T> = T & { error?: string; code?: string; errors?: Record<string, string[]> };

describe.each(backends)("section 7's payloads on %s", (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);
  let ghana: number; // Gold Coast Field Partners
  let kenya: number; // Savannah Referral Partners
  let congo: number; // Brazzaville Réseau Agents: 242 keeps the 0

  beforeAll(async () => {
    const { agency } = await demoIds(server, tokens.super);
    ghana = agency['Gold Coast Field Partners'] as number;
    kenya = agency['Savannah Referral Partners'] as number;
    congo = agency['Brazzaville Réseau Agents'] as number;
    expect([ghana, kenya, congo].every(Number.isInteger)).toBe(true);
  });

  describe('POST and PUT /admin/register', () => {
    /** Exactly the fields section 7 lists: no country_code. */
    const section7 = (fields: { msisdn: string; linked_agencies: number[]; id?: number | null; email?: string; password?: string }) => ({
      email: fields.email ?? newEmail('spec'), msisdn: fields.msisdn, firstname: 'Esi', lastname: 'Owusu', password: fields.password ?? 'Fresh#Start2026',
      linked_agencies: fields.linked_agencies, is_super: false, secure_page: false, unblacklist: false, id: fields.id ?? null,
    });
    const register = (method: 'POST' | 'PUT', body: unknown) => server.request<Answer<AdminUser>>(method, REGISTER, { body, token: tokens.super });
    /** The admin user as the Users list reads it back. */
    const readBack = async (email: string) =>
      (await server.get<ListPage<AdminUser>>(`/admin/admins?search=${encodeURIComponent(email)}`, tokens.super)).body.data.find((user) => user.email === email);

    it.each([
      ['a Kenyan agency first', () => [kenya, ghana], '0712300101', '254712300101', 'KE'],
      ['a Ghanaian agency first', () => [ghana, kenya], '0244300102', '233244300102', 'GH'],
      ['a Congolese agency, whose numbers keep the 0 after 242', () => [congo], '061300103', '242061300103', 'CG'],
    ])('an add with a national number takes the country of its first linked agency: %s', async (_case, links, national, stored, country) => {
      const body = section7({ msisdn: national, linked_agencies: links() });
      const added = await register('POST', body);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ email: body.email, msisdn: stored, country_code: country });
      expect(await readBack(body.email)).toMatchObject({ msisdn: stored, country_code: country });
    });

    it('an edit with a national number takes the first linked agency’s country when none is stored, and keeps a stored one', async () => {
      const email = newEmail('spec-edit');
      const added = await register('POST', section7({ email, msisdn: '', linked_agencies: [kenya] }));
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ msisdn: null, country_code: null });

      const edited = await register('PUT', section7({ email, id: added.body.id, password: '', msisdn: '0712300104', linked_agencies: [kenya] }));
      expect(edited.status).toBe(200);
      expect(await readBack(email)).toMatchObject({ msisdn: '254712300104', country_code: 'KE' });

      // The number's country is now stored: moving the admin to a Ghanaian agency leaves it Kenyan.
      const moved = await register('PUT', section7({ email, id: added.body.id, password: '', msisdn: '0712300105', linked_agencies: [ghana] }));
      expect(moved.status).toBe(200);
      expect(await readBack(email)).toMatchObject({ msisdn: '254712300105', country_code: 'KE' });
    });

    it("country_code stays ours to send: it wins over the agency's, and '' leaves a national number to the agency's", async () => {
      const sent = await register('POST', { ...section7({ msisdn: '0712300106', linked_agencies: [ghana] }), country_code: 'ke' });
      expect(sent.body).toMatchObject({ msisdn: '254712300106', country_code: 'KE' });
      const none = await register('POST', { ...section7({ msisdn: '0244300107', linked_agencies: [ghana] }), country_code: '' });
      expect(none.body).toMatchObject({ msisdn: '233244300107', country_code: 'GH' });
    });

    it('an unknown first agency is refused as such, not as a missing country, and nothing is stored', async () => {
      const body = section7({ msisdn: '0244300108', linked_agencies: [999_999, ghana] });
      const refused = await register('POST', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ linked_agencies: [unknownAgencies([999_999])] });
      expect(await readBack(body.email)).toBeUndefined();
    });
  });

  describe('POST /admin/country', () => {
    /** Exactly the fields section 7 lists: no iso_code. */
    const section7 = (country: string, id: number | null = null) => ({ country, id, code: '260', sms_cid: '', sms_from: 'REFERZM', languages: 'en' });
    const save = (body: unknown) => server.request<Answer<AdminCountry>>('POST', '/admin/country', { body, token: tokens.super });
    const allCountries = async () => (await server.get<ListPage<AdminCountry>>('/admin/countries?page_size=0', tokens.super)).body.data;

    /** A refused save changes nothing: the same countries, as they were. */
    async function expectRefused(body: unknown, status: number, answer: Answer<object>) {
      const before = await allCountries();
      const refused = await save(body);
      expect(refused.status).toBe(status);
      expect(refused.body).toEqual(answer);
      expect(await allCountries()).toEqual(before);
    }

    it("an add tells the ISO code from the name in any case ('zambia'), and an edit renamed ('Zambia') keeps it", async () => {
      const added = await save(section7('zambia'));
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ country: 'zambia', iso_code: 'ZM', code: '260', languages: 'en' });

      const renamed = await save(section7('Zambia', added.body.id));
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: added.body.id, country: 'Zambia', iso_code: 'ZM' });
      expect((await allCountries()).filter((country) => country.iso_code === 'ZM')).toEqual([expect.objectContaining({ country: 'Zambia' })]);
    });

    it("Côte d'Ivoire: an edit with the section 7 fields keeps CI; another spelling of it is told CI, which it holds (409)", async () => {
      const ivory = (await allCountries()).find((country) => country.country === "Côte d'Ivoire");
      expect(ivory?.iso_code).toBe('CI');
      const edited = await save({ ...section7("Côte d'Ivoire", ivory?.id), code: ivory?.code, sms_cid: ivory?.sms_cid, sms_from: ivory?.sms_from, languages: ivory?.languages });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ country: "Côte d'Ivoire", iso_code: 'CI' });
      for (const spelling of ["Cote d'Ivoire", 'Ivory Coast']) {
        await expectRefused(section7(spelling), 409, { error: duplicateIsoCode('CI', "Côte d'Ivoire"), code: 'duplicate' });
      }
    });

    it.each([
      ['a made-up name', 'Narnia', countryNameUnknown('Narnia')],
      ['a name two countries share', 'Congo', countryNameShared('Congo', ['CD', 'CG'])],
    ])('%s is refused with 400 saying to send iso_code, and nothing is written', async (_case, name, message) => {
      await expectRefused(section7(name), 400, { error: message, code: 'validation', errors: { iso_code: [message] } });
    });

    it('iso_code stays ours to send: a made-up name with its code is taken, in any case', async () => {
      const added = await save({ ...section7('Barataria'), iso_code: 'qb' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ country: 'Barataria', iso_code: 'QB' });
    });
  });
});
