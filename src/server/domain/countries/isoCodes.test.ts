import { describe, expect, it } from 'vitest';
import { countryNameShared, countryNameUnknown } from '../../../contract/messages';
import { COUNTRIES } from '../../db/seed/reference';
import { Invalid } from '../errors';
import { foldedCountryName, isoCodesOfCountryName, isoCodeToSave } from './isoCodes';

describe('isoCodesOfCountryName', () => {
  it.each([
    ['Zambia', 'ZM'],
    ['zambia', 'ZM'],
    ['  ZAMBIA ', 'ZM'],
    ["Côte d'Ivoire", 'CI'],
    ['Côte d’Ivoire', 'CI'],
    ["cote d'ivoire", 'CI'],
    ['Cote d Ivoire', 'CI'],
    ['Ivory Coast', 'CI'],
    ['The Gambia', 'GM'],
    ['Gambia', 'GM'],
    ['Guinea Bissau', 'GW'],
    ['Guinea-Bissau', 'GW'],
    ['Tanzania, United Republic of', 'TZ'],
    ['United Republic of Tanzania', 'TZ'],
    ['Democratic Republic of the Congo', 'CD'],
    ['DRC', 'CD'],
    ['Republic of the Congo', 'CG'],
    ['Congo-Brazzaville', 'CG'],
    ['Swaziland', 'SZ'],
    ['Eswatini', 'SZ'],
    ['Cabo Verde', 'CV'],
    ['São Tomé and Príncipe', 'ST'],
    ['United Kingdom', 'GB'],
    ['USA', 'US'],
  ])('%s is %s', (name, code) => {
    expect(isoCodesOfCountryName(name)).toEqual([code]);
  });

  it("finds every seeded country's code from its name, as the server stores it (alpha-2, upper case)", () => {
    for (const country of COUNTRIES) expect(isoCodesOfCountryName(country.name), country.name).toEqual([country.iso]);
  });

  it('gives both codes of a name two countries share, and none for a name no country has', () => {
    expect(isoCodesOfCountryName('Congo')).toEqual(['CD', 'CG']);
    for (const name of ['Narnia', 'Ruritania', '', '   ', 'Zambi', 'Zambia Zambia', 'GH', ',', 'Ghana, Ghana, Ghana']) {
      expect(isoCodesOfCountryName(name), name).toEqual([]);
    }
  });
});

describe('foldedCountryName', () => {
  it('sets aside case, accents, punctuation, spacing and a leading "the"', () => {
    expect(foldedCountryName("  The CÔTE  d'Ivoire ")).toBe('cote d ivoire');
    expect(foldedCountryName('Guinea-Bissau')).toBe('guinea bissau');
    expect(foldedCountryName('Theland')).toBe('theland');
  });
});

describe('isoCodeToSave', () => {
  it('takes the ISO code sent, else the stored one (an edit keeps it, even renamed), else the one the name tells', () => {
    expect(isoCodeToSave({ country: 'Zambia', iso_code: 'QZ' }, 'ZM')).toBe('QZ');
    expect(isoCodeToSave({ country: 'Zambia' }, 'QZ')).toBe('QZ');
    expect(isoCodeToSave({ country: 'Narnia' }, 'QN')).toBe('QN');
    expect(isoCodeToSave({ country: 'zambia' }, null)).toBe('ZM');
    expect(isoCodeToSave({ country: "Côte d'Ivoire", iso_code: undefined }, null)).toBe('CI');
  });

  it.each([
    ['Narnia', countryNameUnknown('Narnia')],
    ['Congo', countryNameShared('Congo', ['CD', 'CG'])],
  ])('refuses %s, whose name tells no one code, with a 400 on iso_code that says what to send', (country, message) => {
    const refusal = (() => {
      try {
        return isoCodeToSave({ country }, null);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(Invalid);
    expect(refusal).toMatchObject({ code: 'validation', message, errors: { iso_code: [message] } });
    expect(message).toContain('iso_code');
  });
});
