import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { adminUserForm, countryForm, countryRequest, eventTypeForm, paymentRunForm, whitelistForm } from './schemas/adminForms';
import { addAgentForm, agentEditProblem, agentQuery, isValidAgentMsisdn, editAgentForm } from './schemas/agents';
import { fieldErrors, joinFieldErrors } from './schemas/fieldErrors';
import { EMAIL_PATTERN, MSISDN_PATTERN, OTP_PATTERN, PASSWORD_STRENGTH_PATTERN, anId, idParams, storableId, email, languageCode, otp, sanitizeDialingCode, sanitizeEventKey, sanitizeIsoCode, strongPassword } from './schemas/fields';
import { gridQuery, reportFilter } from './schemas/gridQuery';
import { legacySecureUploadSize, secureUploadForm } from './schemas/secureReports';
import { loginForm, otpForm, resetPasswordForm, secureOtpForm } from './schemas/signIn';
import type { FieldErrors } from './schemas/fieldErrors';
import {
  EMAIL_TOP_LEVEL_MAX_LETTERS,
  EMAIL_TOP_LEVEL_MIN_LETTERS,
  LANGUAGE_CODE_MAX_LENGTH,
  LANGUAGE_CODE_MIN_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  MAX_ID,
  MSISDN_MAX_DIGITS,
  MSISDN_MIN_DIGITS,
  OTP_BLOCKED_KEYS,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  SECURE_OTP_LENGTH,
  SECURE_UPLOAD_EXTENSION,
  TEXT_MAX,
  UPLOAD_MAX_BYTES,
} from './constants';
import * as messages from './messages';
import { tooLong } from './messages';

// ---- helpers --------------------------------------------------------------------------------

type Schema = z.ZodType;

/** Every issue message of a failed parse, in order; [] when the value parses. */
function issueMessages(schema: Schema, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The messages of one field of a failed object parse; [] when the field has none. */
function fieldMessages(schema: Schema, value: unknown, field: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return fieldErrors(result.error)[field] ?? [];
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

const digits = (n: number, first = '0') => (first + '123456789'.repeat(3)).slice(0, n);
const letters = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.slice(0, n);

// ---- the spec's words, letter for letter ----------------------------------------------------

describe('messages of SPEC.md section 5 are the literal spec strings', () => {
  it.each([
    ['emailRequired', 'Email address is required'],
    ['emailInvalid', 'Please enter a valid email address'],
    ['passwordRequired', 'Password is required'],
    [
      'passwordStrength',
      'Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case',
    ],
    ['validationFailed', 'validation failed'],
    ['otpRequired', '4 digit OTP is required'],
    ['firstnameRequired', 'Firstname is required'],
    ['msisdnMustStartWithZero', 'Mobile Number must start with a zero'],
    ['msisdnRequired', 'Mobile Number is required'],
    ['accountingReferenceRequired', 'An accounting reference number is required'],
    ['countryNameRequired', 'Country name is required'],
    ['dialingCodeRequired', 'An International Dialing Code is required'],
    ['smsFromRequired', 'SMS from is required'],
    ['startDateRequired', 'Start Date cannot be empty.'],
    ['endDateRequired', 'End Date cannot be empty.'],
    ['agencyRequired', 'Agency cannot be empty.'],
    ['campaignRequired', 'Campaign cannot be empty.'],
    ['reportMayTakeLonger', 'The report generation might take longer than usual.'],
    ['onlyCsvAllowed', 'Only CSV files are allowed.'],
    ['fileTooLarge', 'File size exceeds the maximum allowed limit.'],
    ['agencyAndCampaignRequired', 'Please select both an agency and a campaign.'],
    ['duplicateAgentMsisdn', 'A DTT user with that msisdn already exists!'],
  ] as const)('messages.%s', (key, text) => {
    expect(messages[key]).toBe(text);
  });
});

describe('constants of SPEC.md sections 5 and 9', () => {
  it.each([
    ['OTP_LENGTH', OTP_LENGTH, 4],
    ['SECURE_OTP_LENGTH', SECURE_OTP_LENGTH, 4],
    ['PASSWORD_MIN_LENGTH', PASSWORD_MIN_LENGTH, 8],
    ['LOGIN_PASSWORD_MIN_LENGTH', LOGIN_PASSWORD_MIN_LENGTH, 4],
    ['MSISDN_MIN_DIGITS', MSISDN_MIN_DIGITS, 8],
    ['MSISDN_MAX_DIGITS', MSISDN_MAX_DIGITS, 20],
    ['LANGUAGE_CODE_MIN_LENGTH', LANGUAGE_CODE_MIN_LENGTH, 2],
    ['LANGUAGE_CODE_MAX_LENGTH', LANGUAGE_CODE_MAX_LENGTH, 5],
    ['EMAIL_TOP_LEVEL_MIN_LETTERS', EMAIL_TOP_LEVEL_MIN_LETTERS, 2],
    ['EMAIL_TOP_LEVEL_MAX_LETTERS', EMAIL_TOP_LEVEL_MAX_LETTERS, 10],
    ['UPLOAD_MAX_BYTES', UPLOAD_MAX_BYTES, 20_971_520],
    ['SECURE_UPLOAD_EXTENSION', SECURE_UPLOAD_EXTENSION, '.csv'],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('OTP_BLOCKED_KEYS is exactly e E + - . ,', () => {
    expect([...OTP_BLOCKED_KEYS]).toEqual(['e', 'E', '+', '-', '.', ',']);
  });

  it('PASSWORD_SPECIAL_CHARACTERS is the list - + _ ! @ # $ % ^ & * . , ?', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('- + _ ! @ # $ % ^ & * . , ?'.split(' ').join(''));
  });
});

// ---- email ----------------------------------------------------------------------------------

describe('email (login and admin user form)', () => {
  it.each([
    ['a@example.c', 'top-level part of 1 letter'],
    [`a@example.${letters(11)}`, 'top-level part of 11 letters'],
    ['junk', 'junk'],
    ['no-at-sign.example.com', 'no @'],
    ['a@', 'nothing after @'],
    ['@example.com', 'nothing before @'],
    ['a@example', 'no top-level part'],
    ['a@example.c0m', 'digit in the top-level part'],
    ['a b@example.com', 'space inside'],
  ])('%s is invalid (%s)', (value) => {
    expect(issueMessages(email, value)).toEqual([messages.emailInvalid]);
    expect(messages.emailInvalid).toBe('Please enter a valid email address');
  });

  it.each([
    ['a@example.co', 'top-level part of 2 letters'],
    [`a@example.${letters(10)}`, 'top-level part of 10 letters'],
    ['first.last+tag@mail.example.com', 'dots, plus and subdomain'],
    ['  admin@example.org  ', 'surrounding spaces are trimmed'],
  ])('%s is valid (%s)', (value) => {
    expect(issueMessages(email, value)).toEqual([]);
    expect(EMAIL_PATTERN.test(value.trim())).toBe(true);
  });

  it('trims the value', () => {
    expect(parsed(email, '  admin@example.org ')).toBe('admin@example.org');
  });

  it.each(['', '   '])('empty (%j) gives only "Email address is required"', (value) => {
    expect(issueMessages(email, value)).toEqual([messages.emailRequired]);
    expect(messages.emailRequired).toBe('Email address is required');
  });
});

// ---- login form -----------------------------------------------------------------------------

describe('loginForm', () => {
  const valid = { email: 'admin@example.com', password: 'abcd' };

  it.each([
    ['', false],
    ['a', false],
    ['abc', false],
    ['abcd', true],
    ['abcdefghij', true],
  ])('password %j valid: %s', (password, ok) => {
    const errors = fieldMessages(loginForm, { ...valid, password }, 'password');
    expect(errors).toEqual(ok ? [] : [messages.passwordRequired]);
    expect(messages.passwordRequired).toBe('Password is required');
  });

  it('password strength is not checked on the login form', () => {
    expect(loginForm.safeParse({ ...valid, password: 'aaaa' }).success).toBe(true);
  });

  it.each([
    ['', messages.emailRequired],
    ['not-an-email', messages.emailInvalid],
    ['a@example.c', messages.emailInvalid],
  ])('email %j -> %s', (value, message) => {
    expect(fieldMessages(loginForm, { ...valid, email: value }, 'email')).toEqual([message]);
  });

  it('both valid parses', () => {
    expect(parsed(loginForm, valid)).toEqual(valid);
  });
});

// ---- password strength ----------------------------------------------------------------------

describe('strongPassword and PASSWORD_STRENGTH_PATTERN', () => {
  it.each([
    ['abcdef1!', 'no upper case'],
    ['ABCDEF1!', 'no lower case'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no special character'],
    ['Abcde1!', '7 characters'],
    ['Abcdef1~', "special character outside the list ('~')"],
    ['Abcdef1 ', 'space as the only special character'],
    ['Abcd ef1', 'space inside as the only special character'],
    ['Abcdef1=', "special character outside the list ('=')"],
    ['Abcdef1/', "special character outside the list ('/')"],
    ['        ', 'spaces only'],
  ])('%j is rejected (%s) with the strength message', (value) => {
    expect(issueMessages(strongPassword, value)).toEqual([messages.passwordStrength]);
    expect(PASSWORD_STRENGTH_PATTERN.test(value)).toBe(false);
  });

  it.each('- + _ ! @ # $ % ^ & * . , ?'.split(' '))('special character %j is accepted', (special) => {
    const value = `Abcdef1${special}`;
    expect(value).toHaveLength(8);
    expect(PASSWORD_STRENGTH_PATTERN.test(value)).toBe(true);
    expect(issueMessages(strongPassword, value)).toEqual([]);
    // Anywhere in the password, not only at the end.
    expect(PASSWORD_STRENGTH_PATTERN.test(`${special}Abcdef1`)).toBe(true);
  });

  it.each([
    ['Abcdef1!', '8 characters'],
    ['Abcdefgh12345!?', 'long'],
    ['1!aA1!aA', 'mixed order'],
  ])('%j is accepted (%s)', (value) => {
    expect(issueMessages(strongPassword, value)).toEqual([]);
  });

  it('empty gives only "Password is required"', () => {
    expect(issueMessages(strongPassword, '')).toEqual([messages.passwordRequired]);
  });

  it('the strength message is the literal spec string', () => {
    expect(messages.passwordStrength).toBe(
      'Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case',
    );
  });
});

// ---- OTP ------------------------------------------------------------------------------------

describe('the id type (anId, storableId)', () => {
  it('takes a whole number from 1 to MAX_ID, PostgreSQL integer, and nothing past it', () => {
    expect(MAX_ID).toBe(2_147_483_647);
    for (const good of [1, 42, MAX_ID]) {
      expect(anId().safeParse(good).success).toBe(true);
      expect(storableId('agency_id').safeParse(String(good)).data).toBe(good);
    }
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER, Number.NaN]) {
      expect(anId().safeParse(bad).success, String(bad)).toBe(false);
      const refused = storableId('agency_id').safeParse(String(bad));
      expect(refused.error?.issues[0]?.message, String(bad)).toBe('agency_id must be an id');
    }
    expect(anId(messages.agencyNotSelected).safeParse(MAX_ID + 1).error?.issues[0]?.message).toBe(messages.agencyNotSelected);
  });

  it("a path's id past the largest is told apart (the server answers it 'not found')", () => {
    expect(idParams.safeParse({ id: String(MAX_ID + 1) }).error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
    expect(idParams.safeParse({ id: '-1' }).error?.issues.map((issue) => issue.code)).toEqual(['too_small']);
  });
});

describe('otp', () => {
  it.each(['1234', '0000', '9876'])('%j is valid', (value) => {
    expect(issueMessages(otp, value)).toEqual([]);
    expect(OTP_PATTERN.test(value)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['123', '3 digits'],
    ['12345', '5 digits'],
    ['12a4', 'a letter'],
    [' 1234', 'leading space'],
    ['1234 ', 'trailing space'],
  ])('%j is rejected (%s)', (value) => {
    expect(issueMessages(otp, value)).toEqual([messages.otpRequired]);
    expect(messages.otpRequired).toBe('4 digit OTP is required');
  });

  const blocked = OTP_BLOCKED_KEYS.flatMap((key) => [
    [key, `${key}123`],
    [key, `12${key}4`],
    [key, `123${key}`],
  ]);
  it.each(blocked)('blocked character %j inside %j is rejected', (_key, value) => {
    expect(value).toHaveLength(4);
    expect(issueMessages(otp, value)).toEqual([messages.otpRequired]);
  });

  it('a number is not a string OTP', () => {
    expect(otpForm.safeParse({ otp: 1234 }).success).toBe(false);
  });

  it('otpForm and resetPasswordForm use the same message', () => {
    expect(fieldMessages(otpForm, { otp: '123' }, 'otp')).toEqual([messages.otpRequired]);
    expect(fieldMessages(resetPasswordForm, { otp: '12e4', new_password: 'Abcdef1!' }, 'otp')).toEqual([
      messages.otpRequired,
    ]);
  });
});

describe('secureOtpForm (4 characters)', () => {
  it.each([
    ['1234', true],
    ['ab12', true],
    ['AB2Z', true],
    ['ab!c', false],
    ['123', false],
    ['12345', false],
    ['', false],
  ])('%j valid: %s', (value, ok) => {
    expect(issueMessages(secureOtpForm, { otp: value })).toEqual(ok ? [] : [messages.secureOtpRequired]);
  });
});

describe('resetPasswordForm', () => {
  it.each([
    [{ otp: '1234', new_password: 'Abcdef1!' }, {}],
    [{ otp: '1234', new_password: '' }, { new_password: [messages.passwordRequired] }],
    [{ otp: '1234', new_password: 'abcdefg1!' }, { new_password: [messages.passwordStrength] }],
    [{ otp: '', new_password: 'Abcdef1!' }, { otp: [messages.otpRequired] }],
  ])('%j -> %j', (value, expected) => {
    const result = resetPasswordForm.safeParse(value);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual(expected);
  });
});

// ---- admin user form ------------------------------------------------------------------------

describe('adminUserForm', () => {
  const adding = {
    email: 'user@example.com',
    firstname: 'Ama',
    lastname: 'Mensah',
    password: 'Abcdef1!',
    linked_agencies: [1],
  };
  const editing = { ...adding, id: 7, password: undefined };

  it.each([
    [digits(7), false],
    [digits(8), true],
    [digits(20), true],
    [digits(21), false],
    ['', true],
    ['12345678', true],
    ['0241234567', true],
    ['024123456a', false],
    ['+233241234', false],
  ])('msisdn %j valid: %s', (msisdn, ok) => {
    expect(fieldMessages(adminUserForm, { ...adding, msisdn }, 'msisdn')).toEqual(
      ok ? [] : [messages.msisdnMustStartWithZero],
    );
    expect(messages.msisdnMustStartWithZero).toBe('Mobile Number must start with a zero');
  });

  it('msisdn may be left out and defaults to empty', () => {
    expect(parsed(adminUserForm, adding).msisdn).toBe('');
  });

  // Issue 17: a national number is stored with its country's dialling code. Issue 30: one sent
  // without a country takes the stored one, or the first linked agency's (the server's rule).
  it.each([
    ['a national number with its country', { msisdn: '0241234567', country_code: 'gh' }, []],
    ['a national number with no country (the first linked agency\'s is used)', { msisdn: '0241234567', country_code: '' }, []],
    ['a national number, the country left out (the stored one is used)', { msisdn: '0241234567' }, []],
    ['an international number with no country', { msisdn: '233241234567', country_code: '' }, []],
    ['no number, no country', { msisdn: '', country_code: '' }, []],
    ['a country that is no ISO code', { msisdn: '', country_code: 'GHA' }, [messages.isoCodeInvalid]],
  ])('%s: country_code %j', (_case, mobile, expected) => {
    expect(fieldMessages(adminUserForm, { ...adding, ...mobile }, 'country_code')).toEqual(expected);
  });

  it('reads the country code upper-cased', () => {
    expect(parsed(adminUserForm, { ...adding, msisdn: '0241234567', country_code: ' gh ' }).country_code).toBe('GH');
  });

  it.each([
    ['adding, no password', { ...adding, password: undefined }, [messages.passwordRequired]],
    ['adding, empty password', { ...adding, password: '' }, [messages.passwordRequired]],
    ['adding, weak password', { ...adding, password: 'abcdefgh' }, [messages.passwordStrength]],
    ['adding, strong password', adding, []],
    ['editing, no password', editing, []],
    ['editing, empty password', { ...editing, password: '' }, []],
    ['editing, weak password', { ...editing, password: 'Abcdefg1' }, [messages.passwordStrength]],
    ['editing, 7-character password', { ...editing, password: 'Abcde1!' }, [messages.passwordStrength]],
    ['editing, strong password', { ...editing, password: 'Abcdef1!' }, []],
  ])('%s -> %j', (_case, value, expected) => {
    expect(fieldMessages(adminUserForm, value, 'password')).toEqual(expected);
  });

  it.each([
    ['firstname', { firstname: '' }, messages.firstnameRequired],
    ['firstname', { firstname: '   ' }, messages.firstnameRequired],
    ['lastname', { lastname: '' }, messages.lastnameRequired],
    ['email', { email: '' }, messages.emailRequired],
    ['email', { email: 'user@example' }, messages.emailInvalid],
    ['linked_agencies', { linked_agencies: [] }, messages.agencyLinkRequired],
  ])('%s %j -> %s', (field, patch, message) => {
    expect(fieldMessages(adminUserForm, { ...adding, ...patch }, field)).toEqual([message]);
  });

  it('"Firstname is required" is the literal spec string', () => {
    expect(messages.firstnameRequired).toBe('Firstname is required');
  });

  it('a valid form parses with the flags left out as left out (the server decides: off, or kept)', () => {
    expect(parsed(adminUserForm, adding)).toEqual({ ...adding, msisdn: '' });
  });

  it('reports every failing field at once', () => {
    const result = adminUserForm.safeParse({ email: '', firstname: '', lastname: '', linked_agencies: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: [messages.emailRequired],
      firstname: [messages.firstnameRequired],
      lastname: [messages.lastnameRequired],
      linked_agencies: [messages.agencyLinkRequired],
      password: [messages.passwordRequired],
    });
  });
});

// ---- whitelist ------------------------------------------------------------------------------

describe('whitelistForm', () => {
  const valid = { msisdn: '0241234567', country: '233' };

  it.each([
    [digits(7), false],
    [digits(8), true],
    [digits(20), true],
    [digits(21), false],
    ['', false],
    ['02412345a7', false],
  ])('msisdn %j valid: %s', (msisdn, ok) => {
    expect(fieldMessages(whitelistForm, { ...valid, msisdn }, 'msisdn')).toEqual(ok ? [] : [messages.msisdnRequired]);
    expect(messages.msisdnRequired).toBe('Mobile Number is required');
    expect(MSISDN_PATTERN.test(msisdn)).toBe(ok);
  });

  it.each([
    ['absent', valid],
    ['null', { ...valid, campaign_id: null }],
    ['a campaign id', { ...valid, campaign_id: 12 }],
  ])('campaign is optional (%s)', (_case, value) => {
    expect(whitelistForm.safeParse(value).success).toBe(true);
  });
});

// ---- event types ----------------------------------------------------------------------------

describe('eventTypeForm and sanitizeEventKey', () => {
  it.each([
    ['my key!*', 'mykey'],
    ['first_deposit', 'first_deposit'],
    ['sign-up', 'sign-up'],
    ['Top Up 2', 'TopUp2'],
    ['é-ü_ß', '-_'],
    ['!!!', ''],
  ])('sanitizeEventKey(%j) = %j', (input, output) => {
    expect(sanitizeEventKey(input)).toBe(output);
  });

  it("'my key!*' becomes 'mykey'", () => {
    expect(parsed(eventTypeForm, { event: 'my key!*', pretty: 'My Key' })).toEqual({ event: 'mykey', pretty: 'My Key' });
  });

  it.each(['!!!', '', '   '])('event %j fails with the event key message', (event) => {
    expect(fieldMessages(eventTypeForm, { event, pretty: 'Pretty' }, 'event')).toEqual([messages.eventKeyRequired]);
  });

  it.each(['', '   '])('pretty name %j is required', (pretty) => {
    expect(fieldMessages(eventTypeForm, { event: 'key', pretty }, 'pretty')).toEqual([messages.prettyNameRequired]);
  });
});

// ---- payment run ----------------------------------------------------------------------------

describe('paymentRunForm', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['ACC-2024-001', true],
  ])('reference %j valid: %s', (reference, ok) => {
    expect(issueMessages(paymentRunForm, { reference })).toEqual(ok ? [] : [messages.accountingReferenceRequired]);
    expect(messages.accountingReferenceRequired).toBe('An accounting reference number is required');
  });
});

// ---- countries ------------------------------------------------------------------------------

describe('countryForm, sanitizeDialingCode and sanitizeIsoCode', () => {
  const valid = { country: 'Ghana', iso_code: 'GH', code: '233', sms_from: 'Referral', languages: ['en'] };

  it.each([
    ['+233 ', '233'],
    ['1.868', '1.868'],
    ['+1.868', '1.868'],
    ['(242)', '242'],
    ['2-2-5', '225'],
    ['abc', ''],
  ])('sanitizeDialingCode(%j) = %j', (input, output) => {
    expect(sanitizeDialingCode(input)).toBe(output);
  });

  it.each([
    ['+233 ', '233'],
    ['1.868', '1.868'],
  ])('code %j is stored as %j', (code, stored) => {
    expect(parsed(countryForm, { ...valid, code }).code).toBe(stored);
  });

  it.each([
    ['code', { code: '' }, messages.dialingCodeRequired],
    ['code', { code: '+ ' }, messages.dialingCodeRequired],
    ['country', { country: '' }, messages.countryNameRequired],
    ['sms_from', { sms_from: '' }, messages.smsFromRequired],
    ['languages', { languages: [] }, messages.languageRequired],
  ])('%s %j -> %s', (field, patch, message) => {
    expect(fieldMessages(countryForm, { ...valid, ...patch }, field)).toEqual([message]);
  });

  it.each([
    ['dialingCodeRequired', 'An International Dialing Code is required'],
    ['countryNameRequired', 'Country name is required'],
    ['smsFromRequired', 'SMS from is required'],
  ] as const)('messages.%s is the spec string', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it.each([
    ['gh', 'GH'],
    [' Gh ', 'GH'],
    ['GH', 'GH'],
  ])('ISO code %j is stored as %j', (iso_code, stored) => {
    expect(parsed(countryForm, { ...valid, iso_code }).iso_code).toBe(stored);
  });

  it.each([
    [undefined, messages.isoCodeRequired],
    ['', messages.isoCodeRequired],
    ['  ', messages.isoCodeRequired],
    ['G', messages.isoCodeInvalid],
    ['GHA', messages.isoCodeInvalid],
    ['G1', messages.isoCodeInvalid],
    ['G-', messages.isoCodeInvalid],
    ['Ü1', messages.isoCodeInvalid],
  ])('ISO code %j -> %s', (iso_code, message) => {
    expect(fieldMessages(countryForm, { ...valid, iso_code }, 'iso_code')).toEqual([message]);
  });

  it.each([
    ['gh', 'GH'],
    ['1g-h9', 'GH'],
    ['Côte', 'CTE'],
    ['42', ''],
  ])('sanitizeIsoCode(%j) = %j', (input, output) => {
    expect(sanitizeIsoCode(input)).toBe(output);
  });

  it('SMS CID is optional', () => {
    expect(parsed(countryForm, valid).sms_cid).toBe('');
    expect(parsed(countryForm, { ...valid, sms_cid: 'CID1' }).sms_cid).toBe('CID1');
  });
});

// Issue 30: the wire takes section 7's body, without our ISO code, with an id null for a new country.
describe('countryRequest', () => {
  const section7 = { country: 'Zambia', id: null, code: '260', sms_cid: '', sms_from: 'REFERZM', languages: 'en, fr' };

  it("takes section 7's body as written: no ISO code, id null for a new country, languages as a comma string", () => {
    const body = parsed(countryRequest, section7);
    expect(body).toEqual({ country: 'Zambia', code: '260', sms_cid: '', sms_from: 'REFERZM', languages: ['en', 'fr'] });
    expect(body.iso_code).toBeUndefined();
    expect(body.id).toBeUndefined();
    expect(parsed(countryRequest, { ...section7, id: 7 }).id).toBe(7);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['  ', undefined],
    [' zm ', 'ZM'],
  ])('ISO code %j is read as %j (left out: the server tells it from the name)', (iso_code, read) => {
    expect(parsed(countryRequest, { ...section7, iso_code }).iso_code).toBe(read);
  });

  it.each([['ZMB'], ['Z1'], ['Z']])('ISO code %j sent is still refused when it is no two letters', (iso_code) => {
    expect(fieldMessages(countryRequest, { ...section7, iso_code }, 'iso_code')).toEqual([messages.isoCodeInvalid]);
  });
});

// ---- language code --------------------------------------------------------------------------

describe('languageCode', () => {
  it.each([
    ['', false],
    ['e', false],
    ['en', true],
    ['en-GB', true],
    ['abcde', true],
    ['abcdef', false],
  ])('%j valid: %s', (value, ok) => {
    expect(issueMessages(languageCode, value)).toEqual(ok ? [] : [messages.languageCodeLength]);
  });
});

// ---- report filters (schema) ----------------------------------------------------------------

describe('reportFilter (the one filter model of every grid and report)', () => {
  const base = { start_date: '01-Oct-2026', end_date: '31-Oct-2026' };

  it('each missing date has its exact message', () => {
    const result = reportFilter.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ start_date: ['Start Date cannot be empty.'], end_date: ['End Date cannot be empty.'] });
  });

  it('reads an agency, campaigns as one id, a list or a comma string, and the flags', () => {
    expect(reportFilter.parse({ ...base, agency: 3, campaign: 7 })).toMatchObject({ agency: 3, campaign: [7], blacklisted: false, bq: false, gifting: false, enabled: false });
    expect(reportFilter.parse({ ...base, campaign: [7, 9] }).campaign).toEqual([7, 9]);
    expect(reportFilter.parse({ ...base, campaign: '7,9' }).campaign).toEqual([7, 9]);
    expect(reportFilter.parse({ ...base, paid: false }).paid).toBe(false);
  });

  it.each([
    [{ campaign: 'x' }, 'campaign.0', 'campaign must be an id or a list of ids'],
    [{ campaign: true }, 'campaign', 'campaign must be an id or a list of ids'],
    [{ campaign: [1, -2] }, 'campaign.1', 'campaign must be an id or a list of ids'],
    [{ agency: 0 }, 'agency', 'agency must be an id'],
    [{ gifting: 'yes' }, 'gifting', 'gifting must be true or false'],
    [{ country: 'Ghana' }, 'country', 'country must be a two-letter country code'],
  ])('refuses %j on %s', (patch, field, message) => {
    expect(fieldMessages(reportFilter, { ...base, ...patch }, field)).toEqual([message]);
  });
});

// ---- secure upload --------------------------------------------------------------------------

describe('secureUploadForm', () => {
  const valid = { agency_id: 1, campaign_id: 2, file_name: 'report.csv', file_size: 1024 };

  it.each([
    ['report.csv', true],
    ['REPORT.CSV', true],
    ['report.Csv', true],
    ['report.xlsx', false],
    ['report.csv.exe', false],
    ['report', false],
    ['csv', false],
  ])('file name %j accepted: %s', (file_name, ok) => {
    expect(fieldMessages(secureUploadForm, { ...valid, file_name }, 'file_name')).toEqual(
      ok ? [] : [messages.onlyCsvAllowed],
    );
  });

  it('asks for a file when none is chosen', () => {
    expect(fieldMessages(secureUploadForm, { ...valid, file_name: '' }, 'file_name')).toEqual([messages.secureFileRequired]);
  });

  it.each([
    [0, true],
    [20_971_520, true],
    [20_971_521, false],
  ])('file size %d accepted: %s', (file_size, ok) => {
    expect(fieldMessages(secureUploadForm, { ...valid, file_size }, 'file_size')).toEqual(
      ok ? [] : [messages.fileTooLarge],
    );
    expect(issueMessages(legacySecureUploadSize, file_size)).toEqual(ok ? [] : [messages.fileTooLarge]);
  });

  it.each([
    ['agency_id', { agency_id: undefined }],
    ['campaign_id', { campaign_id: undefined }],
    ['agency_id', { agency_id: null }],
  ])('missing %s -> "Please select both an agency and a campaign."', (field, patch) => {
    expect(fieldMessages(secureUploadForm, { ...valid, ...patch }, field)).toEqual([
      'Please select both an agency and a campaign.',
    ]);
  });

  it('spec strings', () => {
    expect(messages.onlyCsvAllowed).toBe('Only CSV files are allowed.');
    expect(messages.fileTooLarge).toBe('File size exceeds the maximum allowed limit.');
    expect(messages.agencyAndCampaignRequired).toBe('Please select both an agency and a campaign.');
  });
});

// ---- agents ---------------------------------------------------------------------------------

describe('addAgentForm', () => {
  const valid = {
    first_name: 'Kofi',
    last_name: 'Boateng',
    username: 'kofi',
    password: 'Secret#2026',
    msisdn: '024123456',
    agency_id: 1,
    campaign_id: 2,
    role_start_date: '01-Jan-2024',
    role_end_date: '31-Dec-2024',
  };

  it.each([
    ['0' + '12345678', [], '0 + 8 digits (9 digits)'],
    ['0241234567', [], '10 digits starting with 0'],
    ['01234567', [messages.agentMsisdnTooShort], '8 digits starting with 0'],
    ['123456789', [messages.msisdnMustStartWithZero], '9 digits not starting with 0'],
    ['02412a4567', [messages.msisdnMustStartWithZero], 'a letter'],
    ['', [messages.msisdnMustStartWithZero, messages.agentMsisdnTooShort], 'empty'],
  ])('msisdn %j -> %j (%s)', (msisdn, expected) => {
    expect(fieldMessages(addAgentForm, { ...valid, msisdn }, 'msisdn')).toEqual(expected);
  });

  it.each([
    ['first_name', { first_name: '' }],
    ['last_name', { last_name: '' }],
    ['username', { username: '' }],
    ['password', { password: '' }],
    ['agency_id', { agency_id: undefined }],
    ['campaign_id', { campaign_id: undefined }],
    ['role_start_date', { role_start_date: '' }],
    ['role_end_date', { role_end_date: '' }],
  ])('%s is required', (field, patch) => {
    expect(fieldMessages(addAgentForm, { ...valid, ...patch }, field)).toHaveLength(1);
  });

  it.each([
    ['an empty end date reports only that it is required', { role_end_date: '' }, [messages.endDateNotSelected]],
    ['an empty start date reports only that it is required', { role_start_date: '' }, []],
    ['an end date before the start date', { role_end_date: '31-Dec-2023' }, [messages.endBeforeStart]],
    ['an end date on the start date', { role_end_date: '01-Jan-2024' }, []],
    ['an ISO date instead of DD-MMM-YYYY', { role_end_date: '2024-12-31' }, [messages.requestDateInvalid]],
  ])('role_end_date: %s', (_case, patch, expected) => {
    expect(fieldMessages(addAgentForm, { ...valid, ...patch }, 'role_end_date')).toEqual(expected);
  });

  it('the password must pass the strength rule', () => {
    expect(fieldMessages(addAgentForm, { ...valid, password: 'secret' }, 'password')).toEqual([messages.passwordStrength]);
  });

  it('a valid agent parses, its dates read as ISO dates', () => {
    expect(parsed(addAgentForm, valid)).toEqual({ ...valid, role_start_date: '2024-01-01', role_end_date: '2024-12-31' });
  });
});

describe('editAgentForm', () => {
  const valid = { first_name: 'Kofi', last_name: 'Boateng', msisdn: '0241234567' };
  it.each([
    ['first_name', { first_name: '' }],
    ['last_name', { last_name: ' ' }],
    ['msisdn', { msisdn: '' }],
  ])('%s must not be empty', (field, patch) => {
    expect(fieldMessages(editAgentForm, { ...valid, ...patch }, field)).toHaveLength(1);
  });
  it('a valid edit parses', () => {
    expect(editAgentForm.safeParse(valid).success).toBe(true);
  });
});

describe('agentEditProblem and isValidAgentMsisdn', () => {
  const before = { msisdn: '233241234567', status_type_id: 1 };
  it.each([
    ['0241234567', true], ['233241234567', true], ['24123456', false], ['0241 234567', false], ['12ab45678', false], ['', false],
  ])('isValidAgentMsisdn(%j) is %s', (msisdn, valid) => {
    expect(isValidAgentMsisdn(msisdn)).toBe(valid);
  });
  it('an unchanged msisdn is never refused, even if old data holds a bad one', () => {
    expect(agentEditProblem({ msisdn: '123', status_type_id: 1 }, { msisdn: '123' })).toBeNull();
  });
  it('a changed msisdn must be valid', () => {
    expect(agentEditProblem(before, { msisdn: '0241' })).toEqual({ msisdn: [messages.agentMsisdnInvalid] });
  });
  it('a status change counts only with a valid msisdn', () => {
    expect(agentEditProblem({ msisdn: '123', status_type_id: 1 }, { msisdn: '123', status_type: 4 })).toEqual({ status_type: [messages.statusNeedsValidMsisdn] });
    expect(agentEditProblem(before, { msisdn: before.msisdn, status_type: 4 })).toBeNull();
    expect(agentEditProblem({ msisdn: '123', status_type_id: 1 }, { msisdn: '123', status_type: 1 })).toBeNull();
  });
});

describe('agentQuery', () => {
  it('reads status names in any case and ids as lists', () => {
    expect(parsed(agentQuery, { status_types: 'active, SUSPENDED', campaign_ids: '3,7', blacklisted: 'False' })).toMatchObject({
      role_type_id: 2, status_types: ['Active', 'Suspended'], campaign_ids: [3, 7], blacklisted: false,
    });
  });
  it.each([
    ['status_types', { status_types: 'Happy' }],
    ['role_type_id', { role_type_id: '1' }],
    ['campaign_ids', { campaign_ids: 'three' }],
  ])('refuses a bad %s', (field, query) => {
    expect(fieldMessages(agentQuery, query, field)).toHaveLength(1);
  });
});

// ---- fieldErrors / joinFieldErrors ----------------------------------------------------------

describe('fieldErrors and joinFieldErrors', () => {
  it('groups messages by field, in issue order', () => {
    const result = countryForm.safeParse({ country: '', iso_code: 'GH', code: '', sms_from: '', languages: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors).toEqual({
      country: [messages.countryNameRequired],
      code: [messages.dialingCodeRequired],
      sms_from: [messages.smsFromRequired],
      languages: [messages.languageRequired],
    });
    expect(joinFieldErrors(errors)).toBe(
      [messages.countryNameRequired, messages.dialingCodeRequired, messages.smsFromRequired, messages.languageRequired].join(
        '\n',
      ),
    );
  });

  it('several messages of one field stay together', () => {
    const result = addAgentForm.safeParse({ msisdn: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error).msisdn).toEqual([messages.msisdnMustStartWithZero, messages.agentMsisdnTooShort]);
  });

  it('a top-level issue is filed under "_"', () => {
    const result = otp.safeParse('12');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ _: [messages.otpRequired] });
  });

  it('nested paths are joined with dots', () => {
    const result = adminUserForm.safeParse({
      email: 'a@example.com',
      firstname: 'A',
      lastname: 'B',
      password: 'Abcdef1!',
      linked_agencies: [1, -2],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrors(result.error))).toEqual(['linked_agencies.1']);
  });

  it.each([
    [{}, ''],
    [{ a: ['one'] }, 'one'],
    [{ a: ['one', 'two'], b: ['three'] }, 'one\ntwo\nthree'],
    [{ a: [], b: ['three'] }, 'three'],
  ] as Array<[FieldErrors, string]>)('joinFieldErrors(%j) = %j', (errors, text) => {
    expect(joinFieldErrors(errors)).toBe(text);
  });
});

describe('fieldErrors of a record with a bad key', () => {
  it('reads the key rule, under the key', async () => {
    const { countrySmsRequest } = await import('./schemas/adminForms');
    const { fieldErrors } = await import('./schemas/fieldErrors');
    const result = countrySmsRequest.safeParse({ id: 1, urls: { english: '' } });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ 'urls.english': [messages.languageCodeLength] });
  });
});

describe('grid query (the body of the grid calls)', () => {
  const base = { start_date: '01-Oct-2026', end_date: '31-Oct-2026' };

  it('reads DD-MMM-YYYY dates as ISO dates, with the list defaults', () => {
    expect(gridQuery.parse(base)).toMatchObject({
      start_date: '2026-10-01', end_date: '2026-10-31', page_size: 20, current_page: 1, search: '', orderby: '', blacklisted: false,
    });
  });

  it.each([
    [{ ...base, start_date: '' }, 'start_date', messages.startDateRequired],
    [{ end_date: '31-Oct-2026' }, 'start_date', messages.startDateRequired],
    [{ ...base, end_date: '' }, 'end_date', messages.endDateRequired],
    [{ ...base, start_date: '2026-10-01' }, 'start_date', messages.requestDateInvalid],
    [{ ...base, end_date: '31-Sep-2026' }, 'end_date', messages.requestDateInvalid],
    [{ ...base, start_date: '01-Nov-2026' }, 'end_date', messages.endBeforeStartDate],
    [{ ...base, export: 'xlsx' }, 'export', 'export must be "csv"'],
    [{ ...base, blacklisted: 'yes' }, 'blacklisted', 'blacklisted must be true or false'],
    [{ ...base, campaign: -1 }, 'campaign.0', 'campaign must be an id or a list of ids'],
    [{ ...base, page_size: 7 }, 'page_size', 'page_size must be one of 20, 50, 100, 0'],
    [{ ...base, cursor: 'a b' }, 'cursor', 'cursor is not one this grid gave'],
  ])('refuses %j on %s', (body, field, message) => {
    const result = gridQuery.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error as z.ZodError)[field]).toContain(message);
  });
});

describe('text limits and report date bounds (issue 10)', () => {
  it.each([
    [eventTypeForm, { event: 'k'.repeat(TEXT_MAX.eventKey + 1), pretty: 'P' }, 'event', tooLong('Event key', TEXT_MAX.eventKey)],
    [eventTypeForm, { event: 'key', pretty: 'p'.repeat(TEXT_MAX.prettyName + 1) }, 'pretty', tooLong('Pretty name', TEXT_MAX.prettyName)],
    [loginForm, { email: `${'a'.repeat(TEXT_MAX.email)}@example.org`, password: 'secret' }, 'email', tooLong('Email address', TEXT_MAX.email)],
    [whitelistForm, { msisdn: '0241234567', country: 'c'.repeat(TEXT_MAX.countryName + 1) }, 'country', tooLong('Country', TEXT_MAX.countryName)],
  ])('a value one past its limit names the field and says only that', (schema, value, field, message) => {
    expect(fieldMessages(schema as Schema, value, field)).toEqual([message]);
  });

  it('a value at its limit is taken', () => {
    expect(fieldMessages(eventTypeForm, { event: 'k'.repeat(TEXT_MAX.eventKey), pretty: 'P' }, 'event')).toEqual([]);
  });

  it.each([
    ['01-Jan-2000', '31-Dec-2099', true],
    ['31-Dec-1999', '01-Jan-2026', false],
    ['01-Jan-2026', '01-Jan-2100', false],
    ['01-Jan-0000', '01-Jan-2026', false],
  ])('grid dates %s to %s taken: %s', (start_date, end_date, ok) => {
    const result = gridQuery.safeParse({ start_date, end_date });
    expect(result.success).toBe(ok);
    if (!result.success) {
      expect(result.error.issues.map((issue) => issue.message)).toContainEqual(expect.stringMatching(/^(Start|End) Date must be between 01-Jan-2000 and 31-Dec-2099\.$/));
    }
  });
});

describe('fieldErrors: a value of the wrong type is named, never called required', () => {
  const errorsOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { reportInput: true });
    return result.success ? {} : fieldErrors(result.error);
  };

  it.each([
    ['text sent as a number', whitelistForm, { msisdn: 24412345678, country: 'GH' }, 'msisdn', 'msisdn must be text, not a number'],
    ['a list sent as text', adminUserForm, { email: 'a@b.co', firstname: 'A', lastname: 'B', password: 'Strong#Pass1', linked_agencies: 'all' }, 'linked_agencies', 'linked_agencies must be a list, not text'],
    ['an id sent as text', whitelistForm, { msisdn: '0244123456', country: 'GH', campaign_id: '12' }, 'campaign_id', 'campaign_id must be a number, not text'],
  ])('%s', (_case, schema, value, field, line) => {
    expect(errorsOf(schema, value)[field]).toEqual([line]);
  });

  it('an absent or null value keeps the field’s own message', () => {
    expect(errorsOf(whitelistForm, { country: 'GH' }).msisdn).toEqual([messages.msisdnRequired]);
    expect(errorsOf(whitelistForm, { msisdn: null, country: 'GH' }).msisdn).toEqual([messages.msisdnRequired]);
  });

  it('takes an admin’s links as ids or as the entity gives them, dropping those not linked', () => {
    const form = { email: 'a@b.co', firstname: 'A', lastname: 'B', password: 'Strong#Pass1' };
    const links = [{ id: 3, agency_name: 'Three', linked: true }, { id: 4, agency_name: 'Four', linked: false }, 5];
    expect(adminUserForm.parse({ ...form, linked_agencies: links }).linked_agencies).toEqual([3, 5]);
  });

  it('takes a whitelist country as an ISO code, a dialling code or an id', () => {
    for (const country of ['GH', '233', '+233', 7]) expect(whitelistForm.parse({ msisdn: '0244123456', country }).country).toBe(country);
  });
});
