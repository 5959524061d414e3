import { describe, it, expect } from 'vitest';
import { isNationalMsisdn, storedMsisdn, toInternationalMsisdn, typedMsisdn } from './msisdn';
import { KEEP_LEADING_ZERO_DIALING_CODES } from './constants';

describe('toInternationalMsisdn', () => {
  it('dialing codes 242 and 225 keep the leading 0', () => {
    expect([...KEEP_LEADING_ZERO_DIALING_CODES]).toEqual(['242', '225']);
  });

  it.each([
    ['0241234567', '233', '233241234567', 'Ghana drops the leading 0'],
    ['061234567', '242', '242061234567', 'Congo keeps the leading 0'],
    ['0707123456', '225', '2250707123456', "Côte d'Ivoire keeps the leading 0"],
    ['0712345678', '254', '254712345678', 'Kenya drops the leading 0'],
    ['241234567', '233', '233241234567', 'no leading 0 to drop'],
    ['00241234567', '233', '2330241234567', 'only one leading 0 is dropped'],
    ['0241234567', '+233', '233241234567', 'a plus sign in the code'],
    ['061234567', '+242', '242061234567', 'a plus sign in a keep-zero code'],
    ['0707123456', ' 225 ', '2250707123456', 'spaces around a keep-zero code'],
    ['0868123456', '1.868', '1868868123456', 'a dot in the code'],
    ['024 123 4567', '233', '233241234567', 'spaces in the number'],
    ['024-123-4567', '233', '233241234567', 'hyphens in the number'],
  ])('(%j, %j) -> %j (%s)', (national, code, international) => {
    expect(toInternationalMsisdn(national, code)).toBe(international);
  });
});

// Issue 17: one stored form for every number, national ones turned into it with their country's code.
describe('storedMsisdn', () => {
  it.each([
    ['0241234567', '233', '233241234567', 'a national Ghanaian number takes 233 and drops its 0'],
    ['061234567', '242', '242061234567', 'Congo (242) keeps the 0 after the code'],
    ['0707123456', '225', '2250707123456', "Côte d'Ivoire (225) keeps the 0 after the code"],
    ['0712345678', '254', '254712345678', 'Kenya drops the 0'],
    ['233241234567', '233', '233241234567', 'an international number stays as it is'],
    ['254712345678', '233', '254712345678', "an international number keeps its own code, whatever the country's"],
    ['2330241234567', '233', '2330241234567', 'a number that does not start with 0 is never changed'],
  ])('(%j, %j) -> %j (%s)', (typed, code, stored) => {
    expect(storedMsisdn(typed, code)).toBe(stored);
    // Stored once, stored for good: normalising again changes nothing.
    expect(storedMsisdn(stored, code)).toBe(stored);
  });

  it('a national number is one that starts with its trunk 0', () => {
    expect(isNationalMsisdn('0241234567')).toBe(true);
    expect(isNationalMsisdn('233241234567')).toBe(false);
  });
});

describe('typedMsisdn: what a Mobile Number field keeps of what is typed or pasted', () => {
  it.each([
    ['0241234567', '0241234567'],
    ['024 123 4567', '0241234567'],
    ['024-123-4567', '0241234567'],
    ['(024) 123.4567', '0241234567'],
    ['+233 24 123 4567', '233241234567'],
    ['', ''],
  ])('%j -> %j', (typed, kept) => {
    expect(typedMsisdn(typed)).toBe(kept);
  });

  it.each(['0241234abc', 'abc', '024#1234567'])('%j is refused (null): letters and other signs are not a number', (typed) => {
    expect(typedMsisdn(typed)).toBeNull();
  });
});
