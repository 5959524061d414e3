// Validation rules of SPEC.md section 5 as zod schemas, each with the specification's message.
// The console's forms and the server's routes parse with these same schemas.
import { z } from 'zod';
import {
  AGENT_MSISDN_MORE_THAN_DIGITS,
  EMAIL_TOP_LEVEL_MAX_LETTERS,
  EMAIL_TOP_LEVEL_MIN_LETTERS,
  LANGUAGE_CODE_MAX_LENGTH,
  LANGUAGE_CODE_MIN_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  MSISDN_MAX_DIGITS,
  MSISDN_MIN_DIGITS,
  OTP_LENGTH,
  OTP_MEDIA,
  OTP_TYPES,
  PASSWORD_MIN_LENGTH,
  SECURE_OTP_LENGTH,
  UPLOAD_MAX_BYTES,
  SECURE_UPLOAD_EXTENSION,
  GRID_PAGE_SIZES,
  DEFAULT_GRID_PAGE_SIZE,
  SERVICE_PAGE_SIZE_MAX,
  GRID_EXPORT_CSV,
  REQUEST_DATE_MAX,
  REQUEST_DATE_MIN,
  TEXT_MAX,
  type TextField,
  MAX_AGENT_COUNT,
  PASSWORD_SPECIAL_CHARACTERS,
  MAX_ID,
} from './constants';
import { fromRequestDate, toRequestDate } from './dates';
import { ROLE_TYPE_ID, STATUS_TYPE_ID, STATUS_TYPES, type StatusTypeName } from './roles';
import { AUDIT_ENTITY_KEYS } from './auditEntities';
import * as messages from './messages';
import { requestDateOutOfRange, tooLong } from './messages';

// ---- rules as patterns and small pure functions ------------------------------------------

/** An email whose top-level part is 2 to 10 letters. */
export const EMAIL_PATTERN = new RegExp(
  `^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{${EMAIL_TOP_LEVEL_MIN_LETTERS},${EMAIL_TOP_LEVEL_MAX_LETTERS}}$`,
);
const escapeForClass = (chars: string) => chars.replace(/[-\\\]^]/g, '\\$&');
/** Lower case, upper case, a digit and one of PASSWORD_SPECIAL_CHARACTERS; at least 8 characters. */
export const PASSWORD_STRENGTH_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${escapeForClass(PASSWORD_SPECIAL_CHARACTERS)}]).{${PASSWORD_MIN_LENGTH},}$`,
);
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** A secure report's download code: SECURE_OTP_LENGTH characters, letters or digits, any case. */
export const SECURE_OTP_PATTERN = new RegExp(`^[A-Za-z0-9]{${SECURE_OTP_LENGTH}}$`);
export const MSISDN_PATTERN = new RegExp(`^\\d{${MSISDN_MIN_DIGITS},${MSISDN_MAX_DIGITS}}$`);

/** Event keys keep only letters, digits, underscore and hyphen. */
export const sanitizeEventKey = (key: string): string => key.replace(/[^A-Za-z0-9_-]/g, '');
/** Dialing codes keep only digits and dots. */
export const sanitizeDialingCode = (code: string): string => code.replace(/[^\d.]/g, '');
/** A country's ISO 3166-1 alpha-2 code, upper-cased: the campaign code campaigns and whitelists carry ('GH'). */
export const ISO_CODE_PATTERN = /^[A-Z]{2}$/;
/** An ISO code as it is typed in the country form: letters only, upper-cased. */
export const sanitizeIsoCode = (code: string): string => code.replace(/[^A-Za-z]/g, '').toUpperCase();

// ---- building blocks -----------------------------------------------------------------------

const trimmed = z.string().trim();
/** An ISO code as an optional field takes it: upper-cased, '' when empty, else two letters. */
const isoCodeOrEmpty = z.string({ error: messages.isoCodeInvalid }).trim().toUpperCase()
  .refine((code) => code === '' || ISO_CODE_PATTERN.test(code), { error: messages.isoCodeInvalid });
/** A string whose absence, wrong type or emptiness all read `message`. */
const text = (message: string) => z.string({ error: message });

/** The longest value of a text field, with the message that names it (TEXT_MAX). */
const atMost = (field: TextField, label: string) => [TEXT_MAX[field], { error: tooLong(label, TEXT_MAX[field]) }] as const;
/** True when a value is too long for its field: its pattern is not tried (nor reported) then. */
const overLimit = (value: string, field: TextField) => value.length > TEXT_MAX[field];

/** A required text field: absent, wrong type or empty reads `message`; too long names the field. */
const required = (message: string, field: TextField, label: string) => text(message).trim().min(1, { error: message }).max(...atMost(field, label));

// An empty value reports only its 'required' message (section 5); the pattern check skips it.
export const email = required(messages.emailRequired, 'email', 'Email address').refine(
  (value) => value === '' || overLimit(value, 'email') || EMAIL_PATTERN.test(value),
  { error: messages.emailInvalid },
);
export const strongPassword = text(messages.passwordRequired)
  .min(1, { error: messages.passwordRequired })
  .max(...atMost('password', 'Password'))
  .refine((value) => value === '' || overLimit(value, 'password') || PASSWORD_STRENGTH_PATTERN.test(value), { error: messages.passwordStrength });
export const otp = text(messages.otpRequired).regex(OTP_PATTERN, { error: messages.otpRequired });
export const otpType = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(OTP_TYPES, { error: `otp_type must be one of ${OTP_TYPES.join(', ')}` }),
);
export const otpMedium = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(OTP_MEDIA, { error: `medium must be one of ${OTP_MEDIA.join(', ')}` }),
);
/** Optional msisdn of the admin user form: empty, or 8 to 20 digits. */
export const optionalMsisdn = z
  .string({ error: messages.msisdnMustStartWithZero })
  .trim()
  // The pattern holds it to 20 digits, with the specification's message.
  .refine((value) => value === '' || MSISDN_PATTERN.test(value), { error: messages.msisdnMustStartWithZero });

// ---- forms and requests --------------------------------------------------------------------

/** Login form: the password is 'valid' at 4 characters; its strength is not checked here. */
export const loginForm = z.object({
  email,
  password: text(messages.passwordRequired).min(LOGIN_PASSWORD_MIN_LENGTH, { error: messages.passwordRequired }).max(...atMost('password', 'Password')),
});

export const otpForm = z.object({ otp });
export const secureOtpForm = z.object({
  otp: text(messages.secureOtpRequired).trim().regex(SECURE_OTP_PATTERN, { error: messages.secureOtpRequired }),
});

export const resetPasswordForm = z.object({ otp, new_password: strongPassword });

/** POST /api/v1/otp/send/ */
const username = required(messages.usernameRequired, 'username', 'Username');
/** A password sent to be checked, not chosen: any length up to the limit. */
const givenPassword = text(messages.passwordRequired).max(...atMost('password', 'Password'));

export const otpSendRequest = z.object({
  username,
  password: givenPassword.optional(),
  otp_type: otpType,
  medium: otpMedium.default('EMAIL'),
  resend: z.boolean().optional().default(false),
});

/** POST /api/v1/otp/verify/ */
export const otpVerifyRequest = z.object({
  username,
  otp_type: otpType,
  otp,
});

/** POST api/v1/auth/login/jwt/; `login_token` (ours) is the code request's, spares the password a second hash. */
export const loginRequest = z.object({
  username,
  password: givenPassword.min(1, { error: messages.passwordRequired }),
  otp_type: otpType.default('LOGIN'),
  otp,
  login_token: z.string().max(TEXT_MAX.token).optional(),
});

/** POST api/v1/auth/token/refresh/ and POST api/v1/auth/logout/ */
export const refreshRequest = z.object({
  refresh: text('refresh is required').min(1, { error: 'refresh is required' }).max(...atMost('token', 'refresh')),
});

/** POST api/v1/auth/reset-password/ */
export const resetPasswordRequest = z.object({
  username,
  otp,
  new_password: strongPassword,
});

/** The row's updated_at as the client last read it (ISO 8601); a newer stored one answers 409. */
const updatedAt = z.string({ error: messages.updatedAtInvalid }).max(TEXT_MAX.timestamp, { error: messages.updatedAtInvalid }).optional();

/**
 * The id type (issue 31): every id a request carries, in a body, a query, a path or a form, is a
 * whole number from 1 to MAX_ID (PostgreSQL's integer), so no route can hand the database a number
 * its column cannot hold. `anId` is a JSON body's number; `storableId` also reads a query's, a
 * path's or a form's text. An id in range that names no row stays 'not found'.
 */
export const anId = (error?: string) => {
  // A number out of range is named by its field ('campaign_id must be an id'); a value of the wrong
  // type keeps the line that says what the field takes.
  const outOfRange = { error: error ?? ((issue: { path?: PropertyKey[] }) => `${issue.path?.findLast((key) => typeof key === 'string') ?? 'id'} must be an id`) };
  return z.number(error === undefined ? undefined : { error }).int(outOfRange).min(1, outOfRange).max(MAX_ID, outOfRange);
};
export const storableId = (field: string, error = `${field} must be an id`) =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error });

const agencyId = anId();
/**
 * The agencies an admin user is linked to: agency ids, or the user's own `linked_agencies` as
 * GET /admin/admins gives them ({id, agency_name, linked}), where a link marked `linked: false` is
 * left out. Either way the form reads the ids.
 */
const linkedAgencies = z
  .array(
    z.union([agencyId, z.looseObject({ id: agencyId, linked: z.boolean().optional() })], {
      error: 'linked_agencies must hold agency ids or agencies as GET /admin/admins gives them ({id, agency_name, linked})',
    }),
    { error: messages.agencyLinkRequired },
  )
  .transform((links) => [...new Set(links.flatMap((link) => (typeof link === 'number' ? [link] : link.linked === false ? [] : [link.id])))])
  .refine((ids) => ids.length > 0, { error: messages.agencyLinkRequired })
  .describe('Agency ids, or {id, agency_name, linked} objects as GET /admin/admins gives them (linked: false drops one)');

/** Admin user form (legacy POST or PUT /admin/register). Password: required to add, optional to edit. */
export const adminUserForm = z
  .object({
    id: anId().optional(),
    updated_at: updatedAt,
    email,
    firstname: required(messages.firstnameRequired, 'personName', 'First name'),
    lastname: required(messages.lastnameRequired, 'personName', 'Last name'),
    password: text(messages.passwordStrength).max(...atMost('password', 'Password')).optional().default(''),
    msisdn: optionalMsisdn.optional().default(''),
    // Ours: the country of the mobile number, whose dialling code a national number (0...) is stored
    // with; '' for none, left out to keep the stored one. Without either, the server gives a national
    // number the first linked agency's country (issue 30: section 7's body has no country_code).
    country_code: isoCodeOrEmpty.optional()
      .describe("Ours, optional: the mobile number's country as its ISO code ('GH'), '' for none, left out to keep the stored one; a national number (0...) with none takes the first linked agency's country"),
    linked_agencies: linkedAgencies,
    // Left out: off for a Super Admin's form, the stored value for anyone else's (who may not change it).
    is_super: z.boolean().optional(),
    secure_page: z.boolean().optional(),
    unblacklist: z.boolean().optional(),
  })
  .superRefine((form, ctx) => {
    const adding = form.id === undefined;
    if (form.password === '') {
      if (adding) ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordRequired });
    } else if (!overLimit(form.password, 'password') && !PASSWORD_STRENGTH_PATTERN.test(form.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordStrength });
    }
  });

/**
 * Whitelist entry: msisdn 8 to 20 digits; without a campaign the country is the one given, as
 * GET /admin/countries gives it: its ISO code ('GH'), its dialling code ('233' or '+233') or its id.
 */
export const whitelistForm = z.object({
  id: anId().optional(),
  updated_at: updatedAt,
  msisdn: text(messages.msisdnRequired).trim().regex(MSISDN_PATTERN, { error: messages.msisdnRequired }),
  country: z
    .union([anId(), required(messages.countryRequired, 'countryName', 'Country')], {
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.countryRequired : 'country must be an ISO code, a dialling code or a country id'),
    })
    .describe("The country's ISO code ('GH'), dialling code ('233') or id, as GET /admin/countries gives them; a campaign decides it instead"),
  campaign_id: anId().nullish(),
});

/** Event type: the key is stripped of other characters, then required. */
export const eventTypeForm = z.object({
  id: anId().optional(),
  updated_at: updatedAt,
  event: text(messages.eventKeyRequired)
    .max(...atMost('eventKey', 'Event key'))
    .transform(sanitizeEventKey)
    .pipe(text(messages.eventKeyRequired).min(1, { error: messages.eventKeyRequired })),
  pretty: required(messages.prettyNameRequired, 'prettyName', 'Pretty name'),
});

export const paymentRunForm = z.object({
  reference: required(messages.accountingReferenceRequired, 'prettyName', 'Accounting reference'),
});

/**
 * Country form; `languages` is a list here, a comma string on the legacy wire. `iso_code` (ours)
 * is required: without it a country can be neither a campaign's nor a whitelist entry's.
 */
export const countryForm = z.object({
  id: anId().optional(),
  updated_at: updatedAt,
  country: required(messages.countryNameRequired, 'countryName', 'Country name'),
  // Taken as sent, upper-cased: 'G1' or 'GHA' is refused, not cut down to a code nobody typed.
  iso_code: text(messages.isoCodeRequired)
    .trim()
    .min(1, { error: messages.isoCodeRequired })
    .toUpperCase()
    .refine((value) => value === '' || ISO_CODE_PATTERN.test(value), { error: messages.isoCodeInvalid }),
  code: text(messages.dialingCodeRequired)
    .transform(sanitizeDialingCode)
    .pipe(text(messages.dialingCodeRequired).min(1, { error: messages.dialingCodeRequired }).max(...atMost('dialingCode', 'Dialing Code'))),
  sms_from: required(messages.smsFromRequired, 'smsFrom', 'SMS From'),
  sms_cid: z.string({ error: tooLong('SMS CID', TEXT_MAX.smsCid) }).trim().max(...atMost('smsCid', 'SMS CID')).optional().default(''),
  languages: z
    .array(text(messages.languageRequired).min(1, { error: messages.languageRequired }).max(LANGUAGE_CODE_MAX_LENGTH, { error: messages.languageCodeLength }), {
      error: messages.languageRequired,
    })
    .min(1, { error: messages.languageRequired })
    .max(50, { error: messages.languageRequired }),
});

export const languageCode = trimmed
  .min(LANGUAGE_CODE_MIN_LENGTH, { error: messages.languageCodeLength })
  .max(LANGUAGE_CODE_MAX_LENGTH, { error: messages.languageCodeLength });

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


// ---- turning a zod failure into the API's field lines ----------------------------------------

export type FieldErrors = Record<string, string[]>;

const EXPECTED: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object',
};
const kindOf = (value: unknown): string =>
  Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'text' : typeof value === 'boolean' ? 'true or false' : `a ${typeof value}`;

/**
 * A value of the wrong type that was sent (parsed with `reportInput`): the line names the field and
 * what it takes, never 'is required' (an absent or null value keeps the field's own message).
 */
function wrongTypeLine(issue: z.core.$ZodIssue, field: string): string | undefined {
  if (issue.code !== 'invalid_type' || !('input' in issue) || issue.input === undefined || issue.input === null) return undefined;
  // A number that is not whole, or a coerced field that could not be read as one, is of the right
  // kind: the field's own message says what it takes ('campaign must be an id').
  if (typeof issue.input === 'number' && (issue.expected === 'number' || issue.expected === 'int')) return undefined;
  return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
}

/** `{field: [line, ...]}` from a zod error: the shape of the API's `errors` member. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    // A bad record key (a language code of country_sms) reads 'Invalid key in record': the key's
    // own rule says what is wrong.
    const inner = issue.code === 'invalid_key' ? issue.issues[0] : undefined;
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (result[field] ??= []).push(wrongTypeLine(issue, field) ?? inner?.message ?? issue.message);
  }
  return result;
}

/** Every line of every field, in order, joined as the error toast shows them (section 8). */
export const joinFieldErrors = (errors: FieldErrors): string => Object.values(errors).flat().join('\n');

// ---- the legacy admin backend's reference data (issue 4) -------------------------------------

/** A legacy list's page_size: one of `sizes` (0 means all rows), the default when absent. */
export const legacyPageSize = (sizes: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((size) => sizes.includes(size), { error: `page_size must be one of ${sizes.join(', ')}` })
    .default(DEFAULT_GRID_PAGE_SIZE);

/** List queries of the legacy admin backend: page_size 0 means all rows; orderby '-field' is descending. */
export const listQuery = z.object({
  page_size: legacyPageSize(GRID_PAGE_SIZES),
  current_page: z.coerce.number().int().positive({ error: 'current_page must be 1 or more' }).default(1),
  search: z.string({ error: tooLong('search', TEXT_MAX.search) }).trim().max(...atMost('search', 'search')).default(''),
  orderby: z
    .string()
    .trim()
    .regex(/^-?[a-z_]{0,40}$/, { error: 'orderby must be a field name, with - in front for descending' })
    .default(''),
});

/**
 * List queries of the service and new user backends (Django REST style): 1-based page, page_size
 * up to SERVICE_PAGE_SIZE_MAX, search, ordering 'field' or '-field'.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().positive({ error: 'page must be 1 or more' }).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { error: `page_size must be between 1 and ${SERVICE_PAGE_SIZE_MAX}` })
    .max(SERVICE_PAGE_SIZE_MAX, { error: `page_size must be between 1 and ${SERVICE_PAGE_SIZE_MAX}` })
    .default(DEFAULT_GRID_PAGE_SIZE),
  search: listQuery.shape.search,
  ordering: z
    .string()
    .trim()
    .regex(/^-?[a-z_]{0,40}$/, { error: 'ordering must be a field name, with - in front for descending' })
    .default(''),
});

/** A country's two-letter campaign (ISO) code in a query or grid body, upper-cased. */
const countryCodeParam = (field: string) =>
  z.string().trim().regex(/^[A-Za-z]{2}$/, { error: `${field} must be a two-letter country code` }).toUpperCase();
/** A true/false flag as a query string carries it ('true', 'False'). */
const queryFlag = (field: string) =>
  z.enum(['true', 'false', 'True', 'False'], { error: `${field} must be true or false` }).transform((flag) => flag.toLowerCase() === 'true');

/**
 * GET /service/agencies/: a page of the agencies the caller sees, filtered by their country's
 * dialling code or ISO code (`code`) and by a part of their name; `active_flag=false` gives the
 * inactive ones (the list's 'Inactive' link), `ordering=-updated_at` the recently modified.
 */
export const agencyQuery = pageQuery.extend({
  country_dialing_code: z.string().trim().regex(/^\+?[\d.]{1,8}$/, { error: 'country_dialing_code must be a dialling code, e.g. 233' }).optional(),
  code: countryCodeParam('code').optional(),
  name: z.string().trim().max(...atMost('search', 'name')).optional(),
  active_flag: queryFlag('active_flag').optional(),
});

/** Ids as a query sends them: '3,7,12'. */
const idList = (field: string) =>
  z.string().trim().regex(/^\d{1,10}(,\d{1,10}){0,499}$/, { error: `${field} must be ids separated by commas, e.g. 3,7,12` })
    .transform((list) => list.split(',').map(Number))
    .refine((ids) => ids.every((one) => one >= 1 && one <= MAX_ID), { error: `${field} must be ids separated by commas, e.g. 3,7,12` });

/**
 * GET /service/campaigns/: a page of the campaigns the caller sees, narrowed to an agency, to
 * agencies or to campaign ids, to a country's campaign code, or to the active or inactive ones.
 */
export const campaignQuery = pageQuery.extend({
  agency_id: storableId('agency_id').optional(),
  agency_ids: idList('agency_ids').optional(),
  ids: idList('ids').optional(),
  country_code: countryCodeParam('country_code').optional(),
  active_flag: queryFlag('active_flag').optional(),
});

/** The lists of a campaign's parts: ?campaign= (every campaign the caller sees without it). */
export const campaignPartQuery = pageQuery.extend({ campaign: storableId('campaign').optional() });

/** POST /service/campaign-languages/: a language code of 2 to 5 characters, for a campaign. */
export const campaignLanguageForm = z.object({
  language_code: z.string({ error: messages.languageCodeLength }).pipe(languageCode),
  campaign: storableId('campaign'),
});

/** Who changed it: the server records the signed-in caller, whatever this says. */
const updatedBy = z.string({ error: 'updated_by must be text' }).max(TEXT_MAX.email, { error: 'updated_by must be text' }).optional()
  .describe('Ignored: the server records the signed-in caller');

/**
 * PUT /service/campaigns/{id}/: the name and, for a Super Admin, the active flag. The budget and
 * the campaign type's settings are read-only (SPEC.md section 9): no call writes them.
 */
export const campaignForm = z.object({
  name: required(messages.campaignNameRequired, 'campaignName', 'Campaign name'),
  active_flag: z.boolean({ error: 'active_flag must be true or false' }).optional(),
  updated_by: updatedBy,
  updated_at: updatedAt,
});

/** PUT /service/campaign-versions/{id}/: the max agent count of a campaign's version. */
export const campaignVersionForm = z.object({
  max_agent_count: z
    .number({ error: messages.maxAgentCountInvalid })
    .int({ error: messages.maxAgentCountInvalid })
    .min(0, { error: messages.maxAgentCountInvalid })
    .max(MAX_AGENT_COUNT, { error: messages.maxAgentCountInvalid }),
  campaign: storableId('campaign'),
  updated_by: updatedBy,
});

/** Money as the wire carries it: a decimal string with at most two decimals ('12.50'), never a float. */
export const moneyAmount = z
  .string({ error: messages.compensationValueInvalid })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: messages.compensationValueInvalid })
  .describe('A decimal string with at most two decimals, e.g. "12.50"');

/** The compensation an event earns in a campaign version (POST and PUT .../compensation-earning-event-configs/). */
export const compensationForm = z.object({
  compensation_earning_event_value: moneyAmount,
  compensation_earning_event_day: z
    .number({ error: messages.compensationDayInvalid })
    .int({ error: messages.compensationDayInvalid })
    .min(0, { error: messages.compensationDayInvalid })
    .max(3650, { error: messages.compensationDayInvalid }),
  campaign: storableId('campaign'),
  campaign_version: storableId('campaign_version'),
  event_type: storableId('event_type'),
  remuneration_type: storableId('remuneration_type'),
});

/** GET .../compensation-earning-event-configs/?campaign_version= */
export const compensationQuery = pageQuery.extend({ campaign_version: storableId('campaign_version').optional() });

/** GET /service/agency-campaign-type-configs/?agency= */
export const agencyConfigQuery = pageQuery.extend({ agency: storableId('agency').optional() });

// ---- secure reports (issue 16) ----------------------------------------------------------------


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

/** A path's numeric id (`/service/agencies/{id}/`). */
export const idParams = z.object({ id: storableId('id') });

/**
 * A DD-MMM-YYYY date of a grid body, read as an ISO date, between REQUEST_DATE_MIN and
 * REQUEST_DATE_MAX (a year 0 or 9999 would run past what the database's dates hold).
 */
export const requestDate = (emptyMessage: string, label: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .transform((value, ctx) => {
      const iso = fromRequestDate(value);
      if (iso === null) ctx.addIssue({ code: 'custom', message: messages.requestDateInvalid });
      else if (iso < REQUEST_DATE_MIN || iso > REQUEST_DATE_MAX) {
        ctx.addIssue({ code: 'custom', message: requestDateOutOfRange(label, toRequestDate(REQUEST_DATE_MIN), toRequestDate(REQUEST_DATE_MAX)) });
      }
      return iso ?? '';
    });

/** Ids of a filter as a grid body or a report sends them: one id, a list, or '3,7,12'; read as a list. */
export const filterIds = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((part) => (part.trim() === '' ? part : Number(part))) : typeof value === 'number' ? [value] : value),
    z.array(anId(`${field} must be an id or a list of ids`), {
      error: `${field} must be an id or a list of ids`,
    }).max(500, { error: `${field} takes at most 500 ids` }),
  );
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/**
 * Pending Payments' rows by what a payment run would make of them (ours, issue 52): those with
 * something it pays, or with something it holds back (a row partly held back is both).
 */
export const HOLDS_FILTER_VALUES = ['payable', 'held_back'] as const;
export type HoldsFilter = (typeof HOLDS_FILTER_VALUES)[number];

/**
 * The one report filter model (SPEC.md sections 5 and 7): what every report grid and every queued
 * report is filtered by. A date range (DD-MMM-YYYY, read as ISO dates), an agency, campaigns, a
 * country and a search; 'Include Blacklisted' and BQ (agents with fraud events), both a Super
 * Admin's only; gifting (gifters' rows instead of agents'), enabled (active agents only) and paid
 * (paid or due); the audit trail's admin (a user id) and entity; Pending Payments' holds
 * (HOLDS_FILTER_VALUES); the money grids' currency (an amount of Stats opens its currency's rows).
 * A grid offers the filters its declaration names (grids.ts).
 */
export const reportFilterFields = z.object({
  start_date: requestDate(messages.startDateRequired, 'Start Date'),
  end_date: requestDate(messages.endDateRequired, 'End Date'),
  agency: storableId('agency').optional(),
  campaign: filterIds('campaign').optional(),
  country: countryCodeParam('country').optional(),
  search: z.string({ error: tooLong('search', TEXT_MAX.search) }).trim().max(...atMost('search', 'search')).default(''),
  blacklisted: flag('blacklisted').default(false),
  bq: flag('bq').default(false),
  gifting: flag('gifting').default(false),
  enabled: flag('enabled').default(false),
  paid: flag('paid').optional(),
  admin: storableId('admin').optional(),
  entity: z.enum(AUDIT_ENTITY_KEYS, { error: messages.auditEntityUnknown }).optional(),
  holds: z.enum(HOLDS_FILTER_VALUES, { error: messages.holdsFilterInvalid }).optional(),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, { error: 'currency must be a three-letter currency code' }).toUpperCase().optional(),
});
export const endNotBeforeStartDate = (q: { start_date: string; end_date: string }) => !q.start_date || !q.end_date || q.end_date >= q.start_date;
export const endBeforeStart = { path: ['end_date'], error: messages.endBeforeStartDate };
export const reportFilter = reportFilterFields.refine(endNotBeforeStartDate, endBeforeStart);
export type ReportFilter = z.output<typeof reportFilter>;

/** A grid's keyset cursor: the page it leads to and where that page starts (opaque to the console). */
const gridCursor = z.string().max(2000, { error: 'cursor is not one this grid gave' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'cursor is not one this grid gave' });

/**
 * The body of the legacy grid calls (SPEC.md section 7, 'Grid calls'): the report filter, paging
 * and sort as the lists take them, and export 'csv' for the whole result as a file. `cursor` (ours)
 * is the answer's `next` or `previous`: with it, the neighbouring page is read from where the last
 * one ended instead of skipping every row before it.
 */
export const gridQuery = reportFilterFields
  .extend({
    page_size: listQuery.shape.page_size,
    current_page: listQuery.shape.current_page,
    orderby: listQuery.shape.orderby,
    export: z.literal(GRID_EXPORT_CSV, { error: `export must be "${GRID_EXPORT_CSV}"` }).optional(),
    cursor: gridCursor.optional(),
  })
  .refine(endNotBeforeStartDate, endBeforeStart);
export type GridBody = z.output<typeof gridQuery>;

/**
 * The body of a grid of one record's rows (a payment run's lines, POST /admin/payment_run_detail?id=):
 * the grid body with its dates optional and ignored, since the rows are the record's whatever their dates.
 */
export const recordGridQuery = z.object({
  ...gridQuery.shape,
  start_date: reportFilterFields.shape.start_date.optional(),
  end_date: reportFilterFields.shape.end_date.optional(),
});


/**
 * POST /admin/country: the legacy wire sends the languages as a comma string, an id null for a
 * new country, and no ISO code (section 7): `iso_code` is ours and optional here, the server tells
 * it from the country's name when it is left out or empty (issue 30). The console's form
 * (countryForm) asks for it still.
 */
export const countryRequest = z.preprocess(
  (body) =>
    body && typeof body === 'object' && typeof (body as { languages?: unknown }).languages === 'string'
      ? {
          ...body,
          languages: ((body as { languages: string }).languages)
            .split(',')
            .map((code) => code.trim())
            .filter(Boolean),
        }
      : body,
  countryForm.extend({
    // Section 7 lists an id with every save: null is a new country, as a left-out one is.
    id: countryForm.shape.id.nullable().transform((id) => id ?? undefined),
    iso_code: isoCodeOrEmpty
      .transform((code) => code || undefined)
      .optional()
      .describe("Ours, optional: the country's ISO 3166-1 alpha-2 code ('GH'), in any case; left out or empty, told from the country's name"),
  }),
);

/** A URL prefix of an SMS link: empty (the default welcome link is used) or an http(s) URL. */
export const urlPrefix = z
  .string({ error: messages.urlPrefixInvalid })
  .trim()
  .max(...atMost('urlPrefix', 'A URL prefix'))
  .refine((value) => value === '' || overLimit(value, 'urlPrefix') || /^https?:\/\/[^\s]+$/i.test(value), { error: messages.urlPrefixInvalid });

/** POST /admin/country_sms: one URL prefix per language of the country; a new language code is 2 to 5 characters. */
export const countrySmsRequest = z.object({
  id: anId('id is required'),
  updated_at: updatedAt,
  code: z.string().max(...atMost('dialingCode', 'Dialing Code')).optional(),
  urls: z.record(languageCode, urlPrefix),
});

// ---- agents on the new user backend (issue 13) ---------------------------------------------

/** An agent's msisdn as an admin types it: the national number, starting with 0, more than 8 digits. */
export const agentMsisdn = text(messages.msisdnMustStartWithZero)
  .trim()
  .max(...atMost('msisdn', 'Mobile Number'))
  .regex(/^\d*$/, { error: messages.msisdnMustStartWithZero })
  .refine((value) => value.startsWith('0'), { error: messages.msisdnMustStartWithZero })
  .refine((value) => value.length > AGENT_MSISDN_MORE_THAN_DIGITS, { error: messages.agentMsisdnTooShort });

/** A role's start or end date as requests carry it (DD-MMM-YYYY), read as an ISO date. */
const roleDate = (message: string, label: string) => requestDate(message, label);
const endNotBeforeStart = <T extends { role_start_date?: string; role_end_date?: string }>(form: T) =>
  !form.role_start_date || !form.role_end_date || form.role_end_date >= form.role_start_date;

/**
 * Add agent (SPEC.md section 5), the body of POST api/v1/agents/ (ours: the user, its role and its
 * role campaign in one transaction). Every field is required; the msisdn is national (0...), and
 * the server stores it in international form with the agency's country dialing code.
 */
export const addAgentForm = z
  .object({
    first_name: required(messages.firstNameRequired, 'personName', 'First name'),
    last_name: required(messages.lastnameRequired, 'personName', 'Last name'),
    username,
    password: strongPassword,
    msisdn: agentMsisdn,
    agency_id: anId(messages.agencyNotSelected),
    campaign_id: anId(messages.campaignNotSelected),
    role_start_date: roleDate(messages.startDateNotSelected, 'Start date'),
    role_end_date: roleDate(messages.endDateNotSelected, 'End date'),
    language_code: languageCode.optional().describe("The agent's language; the country's own when left out"),
  })
  .refine(endNotBeforeStart, { path: ['role_end_date'], error: messages.endBeforeStart });

/** An agent's msisdn is valid for a status change: digits only, more than 8 of them (national or international). */
export const isValidAgentMsisdn = (msisdn: string): boolean =>
  new RegExp(`^\\d{${AGENT_MSISDN_MORE_THAN_DIGITS + 1},${TEXT_MAX.msisdn + TEXT_MAX.dialingCode}}$`).test(msisdn);

/**
 * Edit agent (section 5), the body of PATCH api/v1/agents/{id}/ (ours, one transaction): first
 * name, second name and msisdn must not be empty; the status, agency and campaign are optional.
 * A status change counts only with a valid msisdn (agentEditProblem).
 */
export const editAgentForm = z.object({
  first_name: required(messages.firstNameRequired, 'personName', 'First name'),
  last_name: required(messages.secondNameRequired, 'personName', 'Second name'),
  msisdn: text(messages.msisdnRequired).trim().min(1, { error: messages.msisdnRequired })
    .max(TEXT_MAX.msisdn + TEXT_MAX.dialingCode, { error: tooLong('Mobile Number', TEXT_MAX.msisdn + TEXT_MAX.dialingCode) }),
  status_type: storableId('status_type').optional(),
  agency_id: storableId('agency_id').optional(),
  campaign: storableId('campaign').optional(),
  updated_at: updatedAt,
});

/** What an agent edit changes, and what it needs, before it is sent and again on the server. */
export function agentEditProblem(
  before: { msisdn: string | null; status_type_id: number },
  form: { msisdn: string; status_type?: number },
): FieldErrors | null {
  const msisdnChanged = form.msisdn !== (before.msisdn ?? '');
  if (msisdnChanged && !isValidAgentMsisdn(form.msisdn)) return { msisdn: [messages.agentMsisdnInvalid] };
  const statusChanged = form.status_type !== undefined && form.status_type !== before.status_type_id;
  if (statusChanged && !isValidAgentMsisdn(form.msisdn)) return { status_type: [messages.statusNeedsValidMsisdn] };
  return null;
}

/** A comma list of status names as the query carries them ('Active,Suspended'), any case. */
const statusNames = z
  .string()
  .trim()
  .transform((list, ctx) => {
    const names = list.split(',').map((name) => name.trim()).filter(Boolean);
    const known = names.map((name) => STATUS_TYPES.find((status) => status.toLowerCase() === name.toLowerCase()));
    if (names.length === 0 || known.some((status) => status === undefined)) {
      ctx.addIssue({ code: 'custom', message: `status_types must be status names separated by commas: ${STATUS_TYPES.join(', ')}` });
    }
    return known.filter((status): status is StatusTypeName => status !== undefined);
  });

/**
 * GET api/v1/user-role-campaigns/: field users' role campaigns (role_type_id 2, agents, or 5,
 * gifters), narrowed to campaigns, an agency, statuses; searched by name, username or msisdn.
 * Blacklisted agents only with `blacklisted=true` and `bq` (agents with fraud events) are a
 * Super Admin's only.
 */
export const agentQuery = pageQuery.extend({
  role_type_id: storableId('role_type_id')
    .refine((id) => id === ROLE_TYPE_ID.Agent || id === ROLE_TYPE_ID.Gifter, { error: `role_type_id must be ${ROLE_TYPE_ID.Agent} (Agent) or ${ROLE_TYPE_ID.Gifter} (Gifter)` })
    .default(ROLE_TYPE_ID.Agent),
  campaign_ids: idList('campaign_ids').optional(),
  agency_id: storableId('agency_id').optional(),
  status_types: statusNames.optional(),
  blacklisted: queryFlag('blacklisted').optional(),
  bq: queryFlag('bq').optional(),
});

/** GET api/v1/users/?msisdn=: the international form, or the national one (0...) with the country's ISO code. */
export const userQuery = pageQuery.extend({
  msisdn: z.string().trim().regex(/^\d{1,30}$/, { error: 'msisdn must be digits' }).optional(),
  country_code: countryCodeParam('country_code').optional(),
});

/** POST api/v1/users/ (SPEC.md section 7): the user's names and credentials nested under `user`. */
export const newUserRequest = z.object({
  user: z.object(
    {
      password: strongPassword,
      username,
      first_name: required(messages.firstNameRequired, 'personName', 'First name'),
      last_name: required(messages.lastnameRequired, 'personName', 'Last name'),
    },
    { error: 'user must hold password, username, first_name and last_name' },
  ),
  country_code: countryCodeParam('country_code'),
  language_code: languageCode.optional(),
  msisdn: agentMsisdn,
  added_by: z.number().int().optional().describe('Ignored: the server records the signed-in caller'),
});

/** PATCH api/v1/users/{id}/: the msisdn and the names (each optional). */
export const userPatchRequest = z.object({
  msisdn: editAgentForm.shape.msisdn.optional(),
  user: z
    .object({ first_name: editAgentForm.shape.first_name.optional(), last_name: editAgentForm.shape.last_name.optional() }, { error: 'user must be an object' })
    .optional(),
  updated_at: updatedAt,
});

/** POST api/v1/user-roles/: a role of a user in an agency, Active (status 1) unless said otherwise. */
export const userRoleRequest = z
  .object({
    agency_id: storableId('agency_id'),
    role_start_date: roleDate(messages.startDateNotSelected, 'Start date'),
    role_end_date: roleDate(messages.endDateNotSelected, 'End date'),
    role_type: storableId('role_type'),
    user: storableId('user'),
    status_type: storableId('status_type').default(STATUS_TYPE_ID.Active),
  })
  .refine(endNotBeforeStart, { path: ['role_end_date'], error: messages.endBeforeStart });

/** PATCH api/v1/user-roles/{id}/: the agency and the status; ours: the end date, to end a role. */
export const userRolePatchRequest = z.object({
  agency_id: storableId('agency_id').optional(),
  status_type: storableId('status_type').optional(),
  role_end_date: roleDate(messages.endDateNotSelected, 'End date').optional(),
  updated_at: updatedAt,
});

/** GET api/v1/user-roles/?user_ids=1,2,3 */
export const userRoleQuery = pageQuery.extend({ user_ids: idList('user_ids') });

/** POST api/v1/user-role-campaigns/: a role's campaign. */
export const userRoleCampaignRequest = z.object({ campaign: storableId('campaign'), user_role: storableId('user_role') });

/** PATCH api/v1/user-role-campaigns/{id}/: moves the role campaign to another campaign of the role's agency. */
export const userRoleCampaignPatchRequest = z.object({ campaign: storableId('campaign'), updated_at: updatedAt });

/** GET /service/invites/?agent_id=: an agent's invites, newest first. */
export const inviteQuery = pageQuery.extend({ agent_id: storableId('agent_id') });
