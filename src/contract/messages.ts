// The product's words: SPEC.md sections 5 and 8, verbatim where the specification gives them.
// Messages the specification leaves open are written in the same voice and marked as ours.

export const messages = {
  // Section 5: validation
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordStrength:
    'Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case',
  validationFailed: 'validation failed',
  otpRequired: '4 digit OTP is required',
  firstnameRequired: 'Firstname is required',
  msisdnMustStartWithZero: 'Mobile Number must start with a zero',
  msisdnRequired: 'Mobile Number is required',
  accountingReferenceRequired: 'An accounting reference number is required',
  countryNameRequired: 'Country name is required',
  dialingCodeRequired: 'An International Dialing Code is required',
  smsFromRequired: 'SMS from is required',
  startDateRequired: 'Start Date cannot be empty.',
  endDateRequired: 'End Date cannot be empty.',
  agencyRequired: 'Agency cannot be empty.',
  campaignRequired: 'Campaign cannot be empty.',
  reportMayTakeLonger: 'The report generation might take longer than usual.',
  onlyCsvAllowed: 'Only CSV files are allowed.',
  fileTooLarge: 'File size exceeds the maximum allowed limit.',
  agencyAndCampaignRequired: 'Please select both an agency and a campaign.',
  duplicateAgentMsisdn: 'A DTT user with that msisdn already exists!',

  // Section 5, messages the specification leaves open (ours)
  lastnameRequired: 'Lastname is required',
  agencyLinkRequired: 'At least one agency must be linked',
  eventKeyRequired: 'Event key is required',
  prettyNameRequired: 'Pretty name is required',
  languageRequired: 'At least one language must be ticked',
  languageCodeLength: 'Language code must be 2 to 5 characters',
  secureOtpRequired: '4 character OTP is required',
  usernameRequired: 'Username is required',
  firstNameRequired: 'First name is required',
  countryRequired: 'Country is required',
  agencyNotSelected: 'Agency is required',
  campaignNotSelected: 'Campaign is required',
  startDateNotSelected: 'Start date is required',
  endDateNotSelected: 'End date is required',
  agentMsisdnTooShort: 'Mobile Number must be longer than 8 digits',
  secondNameRequired: 'Second name is required',
  endBeforeStart: 'End date cannot be before the start date',
  agentMsisdnInvalid: 'Mobile Number must be digits only, more than 8 of them.',
  statusNeedsValidMsisdn: 'A status change needs a valid Mobile Number: digits only, more than 8 of them.',
  urlPrefixInvalid: 'A URL prefix must start with http:// or https://, or be left empty for the default welcome link',
  isoCodeRequired: 'ISO code is required',
  isoCodeInvalid: 'ISO code must be two letters (ISO 3166-1), e.g. GH for Ghana',

  // Refusals of the legacy admin backend (ours)
  superOnlyFlags: 'Only a Super Admin can set the Super Admin, Unblacklist and Secure Page Access flags.',
  superOnlyMsisdn: 'Only a Super Admin can set or change the mobile number of an admin user.',
  countryAgenciesOnly: 'You can link users only to the country agencies.',
  superOnlyChange: 'Only a Super Admin can change this.',
  duplicateEmail: 'An admin user with this email address already exists.',
  duplicateMsisdn: 'A user with this mobile number already exists.',
  duplicateWhitelist: 'This mobile number is already whitelisted for that campaign and country.',
  duplicateCampaignLanguage: 'This campaign already has this language.',
  duplicateCampaignName: 'This agency already has a campaign with this name.',
  campaignNameRequired: 'Campaign name is required',
  superOnlyCampaignActive: 'Only a Super Admin can activate or deactivate a campaign.',
  maxAgentCountInvalid: 'Max agent count must be a whole number from 0 to 1,000,000.',
  versionOfAnotherCampaign: 'This version belongs to another campaign.',
  compensationValueInvalid: 'Value must be an amount with at most two decimals, e.g. 12.50.',
  compensationDayInvalid: 'Day must be a whole number from 0 to 3650.',
  remunerationTypeNotFound: 'There is no such remuneration type.',
  duplicateCompensation: 'This campaign version already pays for this event type.',
  compensationHasPayments: 'Payments were made for this event type in this campaign: the compensation is kept for their history.',
  campaignLanguageNotFound: 'Cannot find this campaign language.',
  duplicateUsername: 'A user with this username already exists.',
  agentNotFound: 'This agent does not exist, or is outside the agencies and campaigns you manage.',
  userNotFound: 'This user does not exist, or is outside the agencies and campaigns you manage.',
  userRoleNotFound: 'This role does not exist, or is outside the agencies and campaigns you manage.',
  agencyOutOfScope: 'This agency is outside the agencies you manage.',
  campaignOfAnotherAgency: 'This campaign does not belong to the chosen agency.',
  statusTypeNotFound: 'There is no such status.',
  roleTypeNotFound: 'There is no such role type.',
  superOnlyAdminRoles: 'Only a Super Admin can give or change admin roles.',
  superOnlyAgentFilters: 'Only a Super Admin may include blacklisted agents or use the BQ filter.',
  superOnlyBlacklist: 'Only a Super Admin can blacklist an agent or lift a blacklisting.',
  roleCampaignsStayWithAgency: 'This role has campaigns of its agency: move the agent and its campaign together (Edit agent).',
  duplicateRoleCampaign: 'This role already has this campaign.',
  adminUserNotFound: 'This admin user does not exist, or is outside the agencies you manage.',
  campaignOutOfScope: 'This campaign does not exist, or is outside the campaigns you manage.',
  unknownCountry: 'There is no country with this code.',
  ambiguousDiallingCode: 'Several countries share this dialling code: send the country’s ISO code or id.',
  countryOutOfScope: 'This country is outside the agencies you manage.',
  whitelistNotFound: 'This whitelist entry does not exist, or is outside the campaigns you manage.',
  eventTypeNotFound: 'This event type does not exist.',
  countryNotFound: 'This country does not exist.',
  idRequired: 'id is required',
  recordChanged: 'This record was changed by someone else since you opened it. Check the current values and save again.',
  updatedAtInvalid: 'updated_at must be the date and time the list sent (ISO 8601).',

  // Replayed writes (Idempotency-Key, ours)
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',

  // Section 8: outcomes
  loginFailed: 'Unable to login user',
  noRoleCampaigns: 'Admin does not have User Role Campaign assigned',
  otpSent: 'OTP sent',
  defaultToast: 'An error occurred while fetching data!',
  downloadStarted: 'Download started',
  downloadComplete: 'Download complete',
  agentUpdated: 'Agent has been successfully updated!',
  agentAdded: 'Agent has been successfully added!',
  paymentRunCreated: 'New Payment Run Created',
  paymentRunEmpty: 'Payment Run was Empty',
  paymentRunQueued: 'New Payment Run Queued',
  campaignVersionNotFound: 'Cannot find campaign version',
  campaignEventConfigNotFound: 'Cannot find campaign event config',
  campaignTypeConfigNotFound: 'Cannot find campaign type config',
  campaignDetailsUnavailable: 'Cannot retrieve campaign details',
  agencyNotFound: 'Cannot find agency',
  agencyTypeConfigNotFound: 'Cannot find agency type config',
  agencyCampaignNotFound: 'Cannot find Campaign',
  agencyDetailsUnavailable: 'Cannot retrieve agency details',
  secureReportRequestingOtp: 'Requesting OTP',
  secureReportEnterOtp: 'Enter the OTP sent to your device',
  // Secure reports (ours)
  secureAccessRequired: 'Your account does not have Secure Page access. A Super Admin can grant it.',
  secureShareSuperOnly: 'Only a Super Admin can share a file with several agencies.',
  secureReportNotFound: 'Cannot find this secure report.',
  secureFileEmpty: 'The file is empty.',
  secureFileNotText: 'This file is not a CSV file: its content is not text. Only CSV files are allowed.',
  secureNeedsConnection: 'Secure reports need a connection: they are never kept on this device.',
  secureCodeSent: 'A 4 character OTP was sent to your email. It works for this report only, once, for 5 minutes.',
  secureFileRequired: 'Choose a file to upload.',
  secureLegacyFileTypes: 'Only CSV, PDF and Excel (.xlsx) files can be shared.',
  secureAgencyOutOfReach: 'That agency is not one you can share a file with. Choose an agency from the list.',
  secureCampaignOutOfReach: 'That campaign is not one you can share a file with. Choose a campaign from the list.',
  secureCampaignNotOfAgency: 'That campaign does not belong to the chosen agency. Choose the campaign again.',
  secureLedgerSuperOnly: "Only a Super Admin can read a secure report's download ledger.",
  requestingResetOtp: 'Requesting reset OTP',
  resetOtpPrompt: 'Please check your email inbox for the Password Reset OTP',
  resetOtpSent: 'Password reset OTP sent',
  passwordResetSuccess: 'Password reset successfully. You may now login',
  noEventTypes: 'No event types available',
  notLoggedIn: 'Not logged in',
  accessTokenMissing: 'User is not logged in or access token is missing.',

  // Sign-in refusals the specification leaves open (ours; each starts with the section 8 words)
  agentCannotLogin: 'Unable to login user: Agent and Gifter accounts cannot use the console.',
  roleNotValid:
    'Unable to login user: your role has ended or is not active (InActive, Suspended or Fraud Blocked). Ask a Super Admin to renew it.',
  otpExpiredOrUsed: 'This OTP has expired or was already used. Request a new one.',
  otpWrong: 'The OTP is not correct. Check the code and try again.',
  otpTooManyTries: 'Too many wrong tries for this OTP. Request a new one.',
  otpNoMobileNumber: 'This account has no mobile number. Choose EMAIL to receive the OTP.',
  sessionExpired: 'Your session has ended. Please log in again.',
  refreshTokenInvalid: 'This session is no longer valid. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  internalError: 'Something went wrong on the server. Please try again; if it persists, contact support.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  // Report grids and downloads (ours)
  requestDateInvalid: 'Dates are sent as DD-MMM-YYYY, for example 01-Nov-2026.',
  endBeforeStartDate: 'End Date cannot be before Start Date.',
  includeBlacklistedSuperOnly: 'Only a Super Admin may include blacklisted rows.',
  bqSuperOnly: 'Only a Super Admin may use the BQ filter.',
  gridCursorInvalid: 'cursor is not one this grid gave: send the next or previous value of its answer, or leave it out.',
  makePaymentRunComing: 'Make Payment Run is coming with payment runs.',

  // Lists and grids offline (ours): a page, search, sort or filter never loaded while online.
  notLoadedOffline: 'Not available offline: these filters were not loaded while online.',
  backToLoadedFilters: 'Back to the last loaded filters',

  // Admin users beyond the caller's reach (ours)
  adminOutOfReach:
    'This admin user holds roles or rights beyond the agencies and campaigns you manage. Only a Super Admin can change this user.',
  superOnlyCredentials:
    'Only a Super Admin can change the email address or password of an admin user. To change your own password, use Forgot password on the login page.',

  // Requests the server refuses whole (ours)
  jsonTooDeep: 'The request is nested too deeply. Send the form as the console does.',
} as const;

export type MessageKey = keyof typeof messages;

/** 'Please check your {medium} inbox for the {type} OTP' (section 8). */
export const otpPrompt = (medium: string, type: string): string =>
  `Please check your ${medium} inbox for the ${type} OTP`;

/** Report filter warning: 'Please note: ... The report generation might take longer than usual.' */
export const reportWarning = (what: string): string => `Please note: ${what}. ${messages.reportMayTakeLonger}`;

/** A file whose content is another type than its name says (ours): `found` as file-type names it (e.g. 'a PNG image'). */
export const uploadContentMismatch = (extension: string, found: string): string =>
  `This file is not what its name says: its name ends in ${extension} but its content is ${found}.`;

/** An event type key that is taken. */
export const duplicateEventKey = (key: string): string => `An event type with the key "${key}" already exists.`;

/** A country name taken, whatever its case (ours): `name` as the country holding it spells it. */
export const duplicateCountryName = (name: string): string => `A country named "${name}" already exists.`;

/** An ISO code another country has (ours). */
export const duplicateIsoCode = (code: string, country: string): string => `The ISO code ${code} is already ${country}'s.`;

/** An ISO code that campaigns, whitelist entries, users or payment runs carry (ours): changing it would cut them off their country. */
export const isoCodeInUse = (code: string): string =>
  `The ISO code ${code} cannot change: campaigns, whitelist entries, users or payment runs of this country carry it.`;

/** Linked agencies that do not exist. */
export const unknownAgencies = (ids: readonly number[]): string =>
  `There is no agency with the id ${ids.join(', ')}. Choose the agencies from the list.`;

/** Country languages that are not in the languages table. */
export const unknownLanguages = (codes: readonly string[]): string =>
  `There is no language with the code ${codes.join(', ')}. Choose the languages from the list.`;

/** A list sorted by a field it does not offer (`parameter`: orderby on the legacy backend, ordering on the others). */
export const unknownSortField = (field: string, allowed: readonly string[], parameter = 'orderby'): string =>
  allowed.length === 0
    ? `${parameter}: this list keeps one order and cannot be sorted by "${field}".`
    : `${parameter}: "${field}" is not a field of this list; use one of ${allowed.join(', ')}, with - in front for descending.`;

/** A filter of the report filter model that a grid does not offer, sent with a value (ours). */
export const filterNotOffered = (filter: string, grid: string): string => `${grid} has no ${filter} filter; leave it out.`;

/** 'All rows' asked of a grid holding more than a page may (ours). */
export const gridTooLargeForPage = (count: number): string =>
  `These filters match ${count.toLocaleString('en-US')} rows, more than one page shows. Narrow the filters, choose a page size, or download the CSV.`;

/** A text value longer than its field takes (ours): 'First name must be at most 100 characters.' */
export const tooLong = (label: string, max: number): string => `${label} must be at most ${max} characters.`;

/** A report date outside the years a request may name (ours), in the words of 'Start Date cannot be empty.' */
export const requestDateOutOfRange = (label: string, min: string, max: string): string =>
  `${label} must be between ${min} and ${max}.`;

/** Too many sends for one account or address; `minutes` is the wait left. */
export const otpSendLimitReached = (minutes: number): string =>
  `Too many OTPs requested. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before asking for another.`;

/** The account's daily budget of wrong codes is spent; `until` is when the window passes (ISO). */
export const otpAccountLocked = (until: string): string =>
  `Too many wrong OTPs for this account. OTPs are refused until ${until}.`;
