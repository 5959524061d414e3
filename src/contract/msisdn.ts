import { KEEP_LEADING_ZERO_DIALING_CODES } from './constants';

const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/**
 * A national msisdn ('0241234567') in international form with the country dialing code
 * ('233241234567'). The leading 0 is dropped, except for dialing codes 242 and 225, whose
 * numbers keep it after the code ('242' + '061234567').
 */
export function toInternationalMsisdn(nationalMsisdn: string, dialingCode: string): string {
  const code = digitsOnly(dialingCode);
  const national = digitsOnly(nationalMsisdn);
  const keepsZero = (KEEP_LEADING_ZERO_DIALING_CODES as readonly string[]).includes(code);
  return code + (keepsZero ? national : national.replace(/^0/, ''));
}
