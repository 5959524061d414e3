// Which country an admin user's mobile number is stored with (issue 30). SPEC.md section 7's
// /admin/register body has no country_code (ours), so a national number sent without one takes the
// country of the admin's first linked agency: every admin links one (section 5).
import { isNationalMsisdn } from '../../../contract/msisdn';

/** Where a Super Admin's save takes the mobile number's country from. */
export type MobileCountry =
  | { from: 'sent' | 'stored'; isoCode: string }
  | { from: 'first linked agency' }
  | { from: 'none' };

/**
 * The country_code sent; left out, the stored one ('' sends none). A national number (0...) left
 * without a country takes the first linked agency's; an international one, or none, needs none.
 */
export function mobileCountry(msisdn: string, sent: string | undefined, stored: string | null): MobileCountry {
  if (sent) return { from: 'sent', isoCode: sent };
  if (sent === undefined && stored) return { from: 'stored', isoCode: stored };
  return isNationalMsisdn(msisdn) ? { from: 'first linked agency' } : { from: 'none' };
}
