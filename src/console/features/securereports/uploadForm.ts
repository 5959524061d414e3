// The upload popup's form, checked by the contract's rule (SPEC.md section 5, secure upload (new)):
// a .csv file of at most 20 MB, an agency and a campaign, with the specification's messages.
import { secureUploadForm } from '../../../contract/schemas/secureReports';
import type { SecureUpload } from './secureFiles';

/** What has been chosen so far. */
export interface UploadChoice {
  agency_id?: number;
  campaign_id?: number;
  file?: File;
}

export interface UploadErrors {
  /** 'Only CSV files are allowed.' or 'File size exceeds the maximum allowed limit.' */
  file?: string;
  /** 'Please select both an agency and a campaign.' */
  agencyAndCampaign?: string;
}

export function checkUpload(choice: UploadChoice): { upload: SecureUpload; errors?: never } | { upload?: never; errors: UploadErrors } {
  const { agency_id, campaign_id, file } = choice;
  const result = secureUploadForm.safeParse({ agency_id, campaign_id, file_name: file?.name, file_size: file?.size });
  if (result.success && file) return { upload: { agency_id: result.data.agency_id, campaign_id: result.data.campaign_id, file } };
  const errors: UploadErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'file_name' || field === 'file_size') errors.file ??= issue.message;
    else errors.agencyAndCampaign ??= issue.message;
  }
  return { errors };
}
