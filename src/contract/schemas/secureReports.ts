// Secure reports (issue 16): the upload form, the one-time code and the download requests.
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, SECURE_UPLOAD_EXTENSION } from '../constants';
import * as messages from '../messages';
import { anId, SECURE_OTP_PATTERN, storableId, text } from './fields';
import { pageQuery } from './lists';

/** Secure report upload (new): a .csv file of at most 20 MB, for an agency and a campaign. */
export const secureUploadForm = z.object({
  agency_id: anId(messages.agencyAndCampaignRequired),
  campaign_id: anId(messages.agencyAndCampaignRequired),
  file_name: text(messages.secureFileRequired).min(1, { error: messages.secureFileRequired, abort: true }).refine((name) => name.toLowerCase().endsWith(SECURE_UPLOAD_EXTENSION), {
    error: messages.onlyCsvAllowed,
  }),
  file_size: z.number().int().nonnegative().max(UPLOAD_MAX_BYTES, { error: messages.fileTooLarge }),
});

/** Legacy secure upload: size only. */
export const legacySecureUploadSize = z.number().int().nonnegative().max(UPLOAD_MAX_BYTES, { error: messages.fileTooLarge });

/** POST /admin/send_secure_otp: a code for one report, sent to the caller's email. */
export const secureOtpRequest = z.object({ report_id: storableId('report_id') });
/** POST /admin/download_secure: the report and its code. */
export const secureDownloadRequest = z.object({
  id: storableId('id'),
  otp: text(messages.secureOtpRequired).trim().regex(SECURE_OTP_PATTERN, { error: messages.secureOtpRequired }),
});

/**
 * The fields of POST /service/payments-secure-page/ (multipart, beside the file), as text.
 * created_by_id is accepted and ignored: the caller creates the report, whatever the form says.
 */
export const securePageUploadFields = z.object({
  agency_id: storableId('agency_id', messages.agencyAndCampaignRequired),
  campaign_id: storableId('campaign_id', messages.agencyAndCampaignRequired),
  created_by_id: z.string().optional(),
});

/** POST /admin/upload_secure: `agencies`, JSON text of the agency and campaign pairs the file is shared with. */
export const legacySecureUploadFields = z.object({
  agencies: z
    .string({ error: messages.agencyAndCampaignRequired })
    .transform((json, context) => {
      try {
        return JSON.parse(json) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'agencies must be JSON: [{"agency_id": 3, "campaign_id": 7}]' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.object({ agency_id: storableId('agency_id'), campaign_id: storableId('campaign_id') }), { error: messages.agencyAndCampaignRequired })
        .min(1, { error: messages.agencyAndCampaignRequired })
        .max(100, { error: 'A file is shared with at most 100 agencies at once.' }),
    ),
});

/** GET /service/payments-secure-page/: narrowed to a campaign or an agency (within the caller's scope either way). */
export const securePageQuery = pageQuery.extend({
  campaign_id: storableId('campaign_id').optional(),
  agency_id: storableId('agency_id').optional(),
});
