import { describe, expect, it } from 'vitest';
import { mobileCountry, type MobileCountry } from './mobileCountry';

describe('mobileCountry', () => {
  it.each<[string, string, string | undefined, string | null, MobileCountry]>([
    ['the country sent, over the stored one', '0244111222', 'KE', 'GH', { from: 'sent', isoCode: 'KE' }],
    ['the country sent, for an international number too', '254712111222', 'KE', null, { from: 'sent', isoCode: 'KE' }],
    ['the stored country when none is sent (section 7 sends none)', '0244111222', undefined, 'GH', { from: 'stored', isoCode: 'GH' }],
    ['the first linked agency’s for a national number with no country sent nor stored', '0244111222', undefined, null, { from: 'first linked agency' }],
    ['the first linked agency’s for a national number sent with no country (\'\')', '0244111222', '', 'GH', { from: 'first linked agency' }],
    ['none for an international number with no country', '254712111222', undefined, null, { from: 'none' }],
    ['none for an international number sent with no country (\'\'), whatever was stored', '254712111222', '', 'GH', { from: 'none' }],
    ['none for no number and no country', '', undefined, null, { from: 'none' }],
    ['the stored country for no number', '', undefined, 'GH', { from: 'stored', isoCode: 'GH' }],
  ])('%s', (_case, msisdn, sent, stored, expected) => {
    expect(mobileCountry(msisdn, sent, stored)).toEqual(expected);
  });
});
