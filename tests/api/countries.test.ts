// Countries (issue 17) against the started server: a name is unique whatever its case, held by the
// database (two concurrent adds of 'Wakanda' and 'wakanda' store one); the ISO code's rules, unique
// whatever its case; a country added with its ISO code is a whitelist's country, and its code stays
// while anything carries it. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { AdminCountry, Whitelist } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { countryNameUnknown, duplicateCountryName, duplicateIsoCode, isoCodeInUse } from '../../src/contract/messages';
import { storedMsisdn } from '../../src/contract/msisdn';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

type Answer<T> = T & { error?: string; code?: string; errors?: Record<string, string[]> };

// ISO codes from the user-assigned ranges (QM to QZ, XA to XZ): no real country is ever given one.
const countryBody = (country: string, iso_code: unknown, extra: Record<string, unknown> = {}) =>
  ({ country, iso_code, code: '999', sms_from: 'REFER', languages: 'en', ...extra });

describe.each(backends)('countries on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);

  const save = (body: unknown) => server.request<Answer<AdminCountry>>('POST', '/admin/country', { body, token: tokens.super });
  const allCountries = async () => (await server.get<ListPage<AdminCountry>>('/admin/countries?page_size=0', tokens.super)).body.data;
  const named = async (name: string) => (await allCountries()).filter((country) => country.country.toLowerCase() === name.toLowerCase());

  /** A refused save changes nothing: the same countries, as they were. */
  async function expectRefused(body: unknown, status: number, answer: Answer<object>) {
    const before = await allCountries();
    const refused = await save(body);
    expect(refused.status).toBe(status);
    expect(refused.body).toEqual(answer);
    expect(await allCountries()).toEqual(before);
  }

  describe('a name is unique whatever its case', () => {
    it('adding or renaming to a name taken in another case answers 409 naming the country as stored', async () => {
      await expectRefused(countryBody('ghana', 'QM'), 409, { error: duplicateCountryName('Ghana'), code: 'duplicate' });
      await expectRefused(countryBody(' GHANA ', 'QM'), 409, { error: duplicateCountryName('Ghana'), code: 'duplicate' });
      const atlantis = await save(countryBody('Atlantis', 'QM'));
      expect(atlantis.status).toBe(201);
      await expectRefused(countryBody('kENYA', 'QM', { id: atlantis.body.id }), 409, { error: duplicateCountryName('Kenya'), code: 'duplicate' });
      // Its own name in another case is a rename, not a duplicate.
      const renamed = await save(countryBody('ATLANTIS', 'QM', { id: atlantis.body.id }));
      expect(renamed.status).toBe(200);
      expect(renamed.body.country).toBe('ATLANTIS');
    });

    it("of two concurrent adds of 'Wakanda' and 'wakanda', one is stored and the other answers 409", async () => {
      const answers = await Promise.all([save(countryBody('Wakanda', 'QN')), save(countryBody('wakanda', 'QP'))]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const stored = await named('wakanda');
      expect(stored).toHaveLength(1);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused?.body).toEqual({ error: duplicateCountryName(stored[0]?.country as string), code: 'duplicate' });
    });

    it('the demo countries hold no two names alike but for case', async () => {
      const names = (await allCountries()).map((country) => country.country.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    });
  });

  describe('the ISO code', () => {
    it('is stored upper-cased', async () => {
      const added = await save(countryBody('Freedonia', ' qr '));
      expect(added.status).toBe(201);
      expect(added.body.iso_code).toBe('QR');
    });

    it.each<[string, unknown, string]>([
      // Issue 30: none sent is told from the name, and Ruritania is no country's.
      ['no ISO code, for a name no country has', undefined, countryNameUnknown('Ruritania')],
      ['an empty one', '  ', countryNameUnknown('Ruritania')],
      ['one letter', 'Q', messages.isoCodeInvalid],
      ['three letters', 'QSX', messages.isoCodeInvalid],
      ['a digit', 'Q1', messages.isoCodeInvalid],
      ['a hyphen', 'Q-', messages.isoCodeInvalid],
      ['a letter with an accent', 'QÉ', messages.isoCodeInvalid],
      ['a number', 42, 'iso_code must be text, not a number'],
    ])('%s is refused: 400 with its message, nothing stored', async (_case, iso_code, message) => {
      const before = await allCountries();
      const refused = await save(countryBody('Ruritania', iso_code));
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation');
      expect(refused.body.errors).toEqual({ iso_code: [message] });
      expect(await allCountries()).toEqual(before);
    });

    it('is unique whatever its case: 409 naming the country that has it', async () => {
      await expectRefused(countryBody('Elbonia', 'gh'), 409, { error: duplicateIsoCode('GH', 'Ghana'), code: 'duplicate' });
      const [freedonia] = await named('Freedonia');
      await expectRefused(countryBody('Freedonia', 'ke', { id: freedonia?.id }), 409, { error: duplicateIsoCode('KE', 'Kenya'), code: 'duplicate' });
    });

    it('of two concurrent adds with one ISO code in two cases, one is stored', async () => {
      const answers = await Promise.all([save(countryBody('Genovia', 'QT')), save(countryBody('Florin', 'qt'))]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const holders = (await allCountries()).filter((country) => country.iso_code === 'QT');
      expect(holders).toHaveLength(1);
      expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ error: duplicateIsoCode('QT', holders[0]?.country as string), code: 'duplicate' });
    });
  });

  describe('a country added with its ISO code', () => {
    let zembla: AdminCountry;

    it('is listed with it, as the whitelist form reads its country choices, and can be whitelisted', async () => {
      const added = await save(countryBody('Zembla', 'qz'));
      expect(added.status).toBe(201);
      zembla = added.body;
      const choices = await server.get<ListPage<AdminCountry>>('/admin/countries?page_size=0&orderby=country', tokens.super);
      expect(choices.body.data.find((country) => country.id === zembla.id)).toMatchObject({ country: 'Zembla', iso_code: 'QZ' });

      for (const [msisdn, country] of [['0241230001', 'qz'], ['0241230002', zembla.id]] as const) {
        const entry = await server.request<Answer<Whitelist>>('POST', '/admin/whitelist', { body: { msisdn, country }, token: tokens.super });
        expect(entry.status).toBe(201);
        expect(entry.body).toMatchObject({ msisdn: storedMsisdn(msisdn, zembla.code), country: 'QZ', campaign_id: null });
      }
    });

    it('keeps its ISO code while whitelist entries carry it (409 in_use); an unused code may change', async () => {
      const message = isoCodeInUse('QZ');
      await expectRefused(countryBody('Zembla', 'QY', { id: zembla.id }), 409, { error: message, code: 'in_use', errors: { iso_code: [message] } });
      const [atlantis] = await named('Atlantis');
      const changed = await save(countryBody('Atlantis', 'QL', { id: atlantis?.id }));
      expect(changed.status).toBe(200);
      expect(changed.body.iso_code).toBe('QL');
      // The seeded countries' codes are their campaigns', users' and payment runs'.
      const [ghana] = await named('Ghana');
      const ghanaBody = { ...ghana, iso_code: 'QG', languages: ghana?.languages };
      await expectRefused(ghanaBody, 409, { error: isoCodeInUse('GH'), code: 'in_use', errors: { iso_code: [isoCodeInUse('GH')] } });
    });
  });
});
