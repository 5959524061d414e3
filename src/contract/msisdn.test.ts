import { describe, it, expect } from 'vitest';
import { toInternationalMsisdn } from './msisdn';
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
