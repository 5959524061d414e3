// Mobile numbers (msisdn). Every number is stored, sent and shown in one form, the international
// one without '+' ('233241234567', SPEC.md section 5's add agent rule); the forms also take the
// national one ('0241234567') and the server turns it into that form with the country's dialling code.
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

/** A number in national form: its trunk 0 first. An international one starts with its country code, never 0. */
export const isNationalMsisdn = (msisdn: string): boolean => msisdn.startsWith('0');

/**
 * A valid number as it is stored: a national one in international form with the dialling code of
 * its country, an international one as it is. The server calls it on every write.
 */
export const storedMsisdn = (msisdn: string, dialingCode: string): string =>
  isNationalMsisdn(msisdn) ? toInternationalMsisdn(msisdn, dialingCode) : msisdn;

/**
 * A number as it is typed or pasted into a Mobile Number field: without the spaces, dashes, dots,
 * brackets and '+' people write numbers with; null when it holds anything else (a letter), which
 * the field refuses rather than guess at the number.
 */
export function typedMsisdn(typed: string): string | null {
  const digits = typed.replace(/[\s\-.()+]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
}
