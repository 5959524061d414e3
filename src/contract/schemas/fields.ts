// The building blocks every schema is made of (SPEC.md section 5): patterns, text fields with
// their limits, ids, dates and flags, each with the specification's message.
import { z } from 'zod';
import { EMAIL_TOP_LEVEL_MAX_LETTERS, EMAIL_TOP_LEVEL_MIN_LETTERS, LANGUAGE_CODE_MAX_LENGTH, LANGUAGE_CODE_MIN_LENGTH, MSISDN_MAX_DIGITS, MSISDN_MIN_DIGITS, OTP_LENGTH, OTP_MEDIA, OTP_TYPES, PASSWORD_MIN_LENGTH, SECURE_OTP_LENGTH, REQUEST_DATE_MAX, REQUEST_DATE_MIN, TEXT_MAX, type TextField, PASSWORD_SPECIAL_CHARACTERS, MAX_ID } from '../constants';
import { fromRequestDate, toRequestDate } from '../dates';
import * as messages from '../messages';
import { requestDateOutOfRange, tooLong } from '../messages';

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

const trimmed = z.string().trim();
/** An ISO code as an optional field takes it: upper-cased, '' when empty, else two letters. */
export const isoCodeOrEmpty = z.string({ error: messages.isoCodeInvalid }).trim().toUpperCase()
  .refine((code) => code === '' || ISO_CODE_PATTERN.test(code), { error: messages.isoCodeInvalid });
/** A string whose absence, wrong type or emptiness all read `message`. */
export const text = (message: string) => z.string({ error: message });

/** The longest value of a text field, with the message that names it (TEXT_MAX). */
export const atMost = (field: TextField, label: string) => [TEXT_MAX[field], { error: tooLong(label, TEXT_MAX[field]) }] as const;
/** True when a value is too long for its field: its pattern is not tried (nor reported) then. */
export const overLimit = (value: string, field: TextField) => value.length > TEXT_MAX[field];

/** A required text field: absent, wrong type or empty reads `message`; too long names the field. */
export const required = (message: string, field: TextField, label: string) => text(message).trim().min(1, { error: message }).max(...atMost(field, label));

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

/** The row's updated_at as the client last read it (ISO 8601); a newer stored one answers 409. */
export const updatedAt = z.string({ error: messages.updatedAtInvalid }).max(TEXT_MAX.timestamp, { error: messages.updatedAtInvalid }).optional();

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

export const languageCode = trimmed
  .min(LANGUAGE_CODE_MIN_LENGTH, { error: messages.languageCodeLength })
  .max(LANGUAGE_CODE_MAX_LENGTH, { error: messages.languageCodeLength });

/** A country's two-letter campaign (ISO) code in a query or grid body, upper-cased. */
export const countryCodeParam = (field: string) =>
  z.string().trim().regex(/^[A-Za-z]{2}$/, { error: `${field} must be a two-letter country code` }).toUpperCase();
/** A true/false flag as a query string carries it ('true', 'False'). */
export const queryFlag = (field: string) =>
  z.enum(['true', 'false', 'True', 'False'], { error: `${field} must be true or false` }).transform((flag) => flag.toLowerCase() === 'true');

/** Ids as a query sends them: '3,7,12'. */
export const idList = (field: string) =>
  z.string().trim().regex(/^\d{1,10}(,\d{1,10}){0,499}$/, { error: `${field} must be ids separated by commas, e.g. 3,7,12` })
    .transform((list) => list.split(',').map(Number))
    .refine((ids) => ids.every((one) => one >= 1 && one <= MAX_ID), { error: `${field} must be ids separated by commas, e.g. 3,7,12` });

/** Money as the wire carries it: a decimal string with at most two decimals ('12.50'), never a float. */
export const moneyAmount = z
  .string({ error: messages.compensationValueInvalid })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: messages.compensationValueInvalid })
  .describe('A decimal string with at most two decimals, e.g. "12.50"');

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
export const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

export const endNotBeforeStartDate = (q: { start_date: string; end_date: string }) => !q.start_date || !q.end_date || q.end_date >= q.start_date;
export const endBeforeStart = { path: ['end_date'], error: messages.endBeforeStartDate };
