// What a screen says after an action: SPEC.md section 8 verbatim, and the secure reports' and
// offline lists' words (ours).

// Section 8: outcomes
export const loginFailed = 'Unable to login user';
export const noRoleCampaigns = 'Admin does not have User Role Campaign assigned';
export const otpSent = 'OTP sent';
export const downloadStarted = 'Download started';
export const downloadComplete = 'Download complete';
export const agentUpdated = 'Agent has been successfully updated!';
export const agentAdded = 'Agent has been successfully added!';
export const paymentRunCreated = 'New Payment Run Created';
export const paymentRunEmpty = 'Payment Run was Empty';
export const paymentRunQueued = 'New Payment Run Queued';
// Esc on a dialog whose form was changed (ours, issue 34).
export const discardChangesQuestion = 'Your changes are not saved. Close and discard them?';
// An address that does not exist, or not for the role (ours, issue 34): SPEC sends it to /logout; the login page says why.
export const signedOutUnknownPath = 'That page does not exist or is not open to your role, so you were signed out.';
export const paymentRunApprovalCodeSent = 'A 4 character OTP was sent to your email. It approves this payment run only, once, for 5 minutes.';
export const campaignVersionNotFound = 'Cannot find campaign version';
export const campaignEventConfigNotFound = 'Cannot find campaign event config';
export const campaignTypeConfigNotFound = 'Cannot find campaign type config';
export const campaignDetailsUnavailable = 'Cannot retrieve campaign details';
export const agencyNotFound = 'Cannot find agency';
export const agencyTypeConfigNotFound = 'Cannot find agency type config';
export const agencyCampaignNotFound = 'Cannot find Campaign';
export const agencyDetailsUnavailable = 'Cannot retrieve agency details';
export const secureReportRequestingOtp = 'Requesting OTP';
export const secureReportEnterOtp = 'Enter the OTP sent to your device';
// Secure reports (ours)
export const secureAccessRequired = 'Your account does not have Secure Page access. A Super Admin can grant it.';
export const secureShareSuperOnly = 'Only a Super Admin can share a file with several agencies.';
export const secureReportNotFound = 'Cannot find this secure report.';
export const secureFileEmpty = 'The file is empty.';
export const secureFileNotText = 'This file is not a CSV file: its content is not text. Only CSV files are allowed.';
export const secureNeedsConnection = 'Secure reports need a connection: they are never kept on this device.';
export const secureCodeSent = 'A 4 character OTP was sent to your email. It works for this report only, once, for 5 minutes.';
export const secureFileRequired = 'Choose a file to upload.';
export const secureLegacyFileTypes = 'Only CSV, PDF and Excel (.xlsx) files can be shared.';
export const secureAgencyOutOfReach = 'That agency is not one you can share a file with. Choose an agency from the list.';
export const secureCampaignOutOfReach = 'That campaign is not one you can share a file with. Choose a campaign from the list.';
export const secureCampaignNotOfAgency = 'That campaign does not belong to the chosen agency. Choose the campaign again.';
export const secureLedgerSuperOnly = "Only a Super Admin can read a secure report's download ledger.";
export const requestingResetOtp = 'Requesting reset OTP';
export const resetOtpPrompt = 'Please check your email inbox for the Password Reset OTP';
export const resetOtpSent = 'Password reset OTP sent';
export const passwordResetSuccess = 'Password reset successfully. You may now login';
export const noEventTypes = 'No event types available';

// Pending Payments' totals, payable and held back (ours, issue 52).
export const pendingTotalsNothingDue = 'Nothing is due for these filters.';
export const pendingTotalsNotLoaded = 'The totals of these filters could not be loaded.';

// Lists and grids offline (ours): a page, search, sort or filter never loaded while online.
export const notLoadedOffline = 'Not available offline: these filters were not loaded while online.';
export const backToLoadedFilters = 'Back to the last loaded filters';

/** Ours: a report screen visited again while the code sent before still works sends none (section 2: once, until it expires). */
export const otpStillValid = (until: string): string => `The code sent before works until ${until}: no new code was sent. Resend code if it did not arrive.`;

/** 'Please check your {medium} inbox for the {type} OTP' (section 8). */
export const otpPrompt = (medium: string, type: string): string =>
  `Please check your ${medium} inbox for the ${type} OTP`;
