// The Super Admin's reference data forms and their requests (SPEC.md section 5): admin users,
// whitelists, event types, payment runs, countries and their SMS links.
import { z } from 'zod';
import { LANGUAGE_CODE_MAX_LENGTH, TEXT_MAX } from '../constants';
import * as messages from '../messages';
import { tooLong } from '../messages';
import { anId, atMost, email, ISO_CODE_PATTERN, isoCodeOrEmpty, languageCode, MSISDN_PATTERN, optionalMsisdn, overLimit, PASSWORD_STRENGTH_PATTERN, required, sanitizeDialingCode, sanitizeEventKey, text, updatedAt } from './fields';

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
