// Fields refused: SPEC.md section 5 verbatim, and the checks it leaves open in the same voice (ours).

export const emailRequired = 'Email address is required';
export const emailInvalid = 'Please enter a valid email address';
export const passwordRequired = 'Password is required';
export const passwordStrength = 'Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case';
export const validationFailed = 'validation failed';
export const otpRequired = '4 digit OTP is required';
export const firstnameRequired = 'Firstname is required';
export const msisdnMustStartWithZero = 'Mobile Number must start with a zero';
export const msisdnRequired = 'Mobile Number is required';
export const accountingReferenceRequired = 'An accounting reference number is required';
export const countryNameRequired = 'Country name is required';
export const dialingCodeRequired = 'An International Dialing Code is required';
export const smsFromRequired = 'SMS from is required';
export const startDateRequired = 'Start Date cannot be empty.';
export const endDateRequired = 'End Date cannot be empty.';
export const agencyRequired = 'Agency cannot be empty.';
export const campaignRequired = 'Campaign cannot be empty.';
export const reportMayTakeLonger = 'The report generation might take longer than usual.';
export const onlyCsvAllowed = 'Only CSV files are allowed.';
export const fileTooLarge = 'File size exceeds the maximum allowed limit.';
export const agencyAndCampaignRequired = 'Please select both an agency and a campaign.';
export const duplicateAgentMsisdn = 'A DTT user with that msisdn already exists!';

// Section 5, messages the specification leaves open (ours)
export const lastnameRequired = 'Lastname is required';
export const agencyLinkRequired = 'At least one agency must be linked';
export const eventKeyRequired = 'Event key is required';
export const prettyNameRequired = 'Pretty name is required';
export const languageRequired = 'At least one language must be ticked';
export const languageCodeLength = 'Language code must be 2 to 5 characters';
export const secureOtpRequired = '4 character OTP is required';
export const usernameRequired = 'Username is required';
export const firstNameRequired = 'First name is required';
export const countryRequired = 'Country is required';
export const agencyNotSelected = 'Agency is required';
export const campaignNotSelected = 'Campaign is required';
export const startDateNotSelected = 'Start date is required';
export const endDateNotSelected = 'End date is required';
export const agentMsisdnTooShort = 'Mobile Number must be longer than 8 digits';
export const secondNameRequired = 'Second name is required';
export const endBeforeStart = 'End date cannot be before the start date';
export const agentMsisdnInvalid = 'Mobile Number must be digits only, more than 8 of them.';
export const statusNeedsValidMsisdn = 'A status change needs a valid Mobile Number: digits only, more than 8 of them.';
export const urlPrefixInvalid = 'A URL prefix must start with http:// or https://, or be left empty for the default welcome link';
export const isoCodeRequired = 'ISO code is required';
export const isoCodeInvalid = 'ISO code must be two letters (ISO 3166-1), e.g. GH for Ghana';

/** Report filter warning: 'Please note: ... The report generation might take longer than usual.' */
export const reportWarning = (what: string): string => `Please note: ${what}. ${reportMayTakeLonger}`;

/** A text value longer than its field takes (ours): 'First name must be at most 100 characters.' */
export const tooLong = (label: string, max: number): string => `${label} must be at most ${max} characters.`;

/** A report date outside the years a request may name (ours), in the words of 'Start Date cannot be empty.' */
export const requestDateOutOfRange = (label: string, min: string, max: string): string =>
  `${label} must be between ${min} and ${max}.`;
