// Reference data of the demo: languages, currencies, countries with their SMS settings and link
// prefixes, event types and the campaign, compensation and remuneration types. Fixed lists, so
// the rows (and their ids) are the same on every fresh database.
import type { Database } from '../client';
import {
  campaignTypes, compensationTypes, countries, countryLanguages, currencies, eventTypes, languages, remunerationTypes,
} from '../schema';
import { toInternationalMsisdn } from '../../../contract/msisdn';
import type { Random } from './random';
import { DAY_MS } from './units';

// ---- the catalogue ----------------------------------------------------------------------------

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'sw', name: 'Swahili' },
  { code: 'ha', name: 'Hausa' },
  { code: 'yo', name: 'Yoruba' },
  { code: 'pcm', name: 'Nigerian Pidgin' },
  { code: 'lg', name: 'Luganda' },
  { code: 'ln', name: 'Lingala' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ts', name: 'Xitsonga' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const CURRENCIES = [
  { code: 'GHS', name: 'Ghanaian Cedi', minorUnits: 2 },
  { code: 'NGN', name: 'Nigerian Naira', minorUnits: 2 },
  { code: 'KES', name: 'Kenyan Shilling', minorUnits: 2 },
  { code: 'XAF', name: 'Central African CFA Franc', minorUnits: 0 },
  { code: 'XOF', name: 'West African CFA Franc', minorUnits: 0 },
  { code: 'UGX', name: 'Ugandan Shilling', minorUnits: 0 },
  { code: 'TZS', name: 'Tanzanian Shilling', minorUnits: 2 },
  { code: 'MZN', name: 'Mozambican Metical', minorUnits: 2 },
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

/** First and last names the generated people of a region draw from. */
export interface NamePool {
  first: readonly string[];
  last: readonly string[];
}
const GHANAIAN: NamePool = {
  first: ['Kwame', 'Ama', 'Kofi', 'Abena', 'Yaw', 'Akosua', 'Kwabena', 'Efua', 'Kojo', 'Adwoa', 'Nana', 'Esi'],
  last: ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Appiah', 'Agyeman', 'Darko', 'Ofori', 'Amoah', 'Quaye', 'Tetteh'],
};
const NIGERIAN: NamePool = {
  first: ['Chinedu', 'Ngozi', 'Emeka', 'Aisha', 'Tunde', 'Funmilayo', 'Ibrahim', 'Chiamaka', 'Segun', 'Halima', 'Obinna', 'Yetunde'],
  last: ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Abubakar', 'Nwosu', 'Balogun', 'Okeke', 'Danjuma', 'Ojo', 'Umar'],
};
const EAST_AFRICAN: NamePool = {
  first: ['Wanjiru', 'Otieno', 'Achieng', 'Kamau', 'Njeri', 'Mutua', 'Nakato', 'Okello', 'Amani', 'Zawadi', 'Baraka', 'Neema'],
  last: ['Mwangi', 'Odhiambo', 'Wambui', 'Kiprop', 'Chege', 'Nabirye', 'Ssempala', 'Mugisha', 'Massawe', 'Kimaro', 'Achola', 'Mushi'],
};
const FRANCOPHONE: NamePool = {
  first: ['Jean-Paul', 'Aminata', 'Serge', 'Clarisse', 'Yannick', 'Mariam', 'Hervé', 'Fatou', 'Arsène', 'Brigitte', 'Koffi', 'Awa'],
  last: ['Mbemba', 'Kouassi', 'Nkoulou', 'Traoré', 'Ngoma', 'Bamba', 'Fotso', 'Koné', 'Makosso', 'Yao', 'Tchamba', 'Diallo'],
};
const LUSOPHONE: NamePool = {
  first: ['João', 'Ana', 'Armando', 'Lurdes', 'Carlos', 'Graça', 'Ernesto', 'Celeste', 'Fernando', 'Rosa', 'Alberto', 'Teresa'],
  last: ['Machava', 'Cossa', 'Sitoe', 'Nhantumbo', 'Bila', 'Langa', 'Mabunda', 'Tembe', 'Cumbe', 'Muianga', 'Macuácua', 'Zandamela'],
};

export interface CountrySeed {
  iso: string;
  name: string;
  dialingCode: string;
  currency: CurrencyCode;
  smsFrom: string;
  smsCid: string;
  /** The country's languages, each with its SMS link prefix ('' means the default welcome link). */
  languages: ReadonlyArray<{ code: LanguageCode; urlPrefix: string }>;
  defaultLanguage: LanguageCode;
  /** National numbers: '0', one of the prefixes, then `subscriberDigits` digits. */
  phone: { prefixes: readonly string[]; subscriberDigits: number };
  /** Compensation values are written in GHS-sized units and multiplied by this for the currency. */
  payScale: number;
  names: NamePool;
}

const prefix = (iso: string, language: string) => `https://r.example.org/${iso.toLowerCase()}/${language}/`;

export const COUNTRIES: readonly CountrySeed[] = [
  {
    iso: 'GH', name: 'Ghana', dialingCode: '233', currency: 'GHS', smsFrom: 'REFER', smsCid: 'RefGH',
    languages: [{ code: 'en', urlPrefix: prefix('GH', 'en') }], defaultLanguage: 'en',
    phone: { prefixes: ['24', '54', '55', '59', '20', '50', '27', '57'], subscriberDigits: 7 }, payScale: 1, names: GHANAIAN,
  },
  {
    iso: 'NG', name: 'Nigeria', dialingCode: '234', currency: 'NGN', smsFrom: 'REFERNG', smsCid: 'RefNG',
    languages: [
      { code: 'en', urlPrefix: prefix('NG', 'en') }, { code: 'ha', urlPrefix: prefix('NG', 'ha') },
      { code: 'yo', urlPrefix: '' }, { code: 'pcm', urlPrefix: '' },
    ],
    defaultLanguage: 'en',
    phone: { prefixes: ['803', '806', '813', '816', '703', '706', '805', '807'], subscriberDigits: 7 }, payScale: 100, names: NIGERIAN,
  },
  {
    iso: 'KE', name: 'Kenya', dialingCode: '254', currency: 'KES', smsFrom: 'REFERKE', smsCid: 'RefKE',
    languages: [{ code: 'en', urlPrefix: prefix('KE', 'en') }, { code: 'sw', urlPrefix: prefix('KE', 'sw') }], defaultLanguage: 'en',
    phone: { prefixes: ['70', '71', '72', '79', '11', '74'], subscriberDigits: 7 }, payScale: 15, names: EAST_AFRICAN,
  },
  {
    iso: 'CM', name: 'Cameroon', dialingCode: '237', currency: 'XAF', smsFrom: 'REFERCM', smsCid: '',
    languages: [{ code: 'fr', urlPrefix: prefix('CM', 'fr') }, { code: 'en', urlPrefix: '' }], defaultLanguage: 'fr',
    phone: { prefixes: ['67', '65', '69', '68', '66'], subscriberDigits: 7 }, payScale: 80, names: FRANCOPHONE,
  },
  {
    iso: 'UG', name: 'Uganda', dialingCode: '256', currency: 'UGX', smsFrom: 'REFERUG', smsCid: 'RefUG',
    languages: [{ code: 'en', urlPrefix: prefix('UG', 'en') }, { code: 'lg', urlPrefix: '' }], defaultLanguage: 'en',
    phone: { prefixes: ['77', '78', '70', '75', '76'], subscriberDigits: 7 }, payScale: 450, names: EAST_AFRICAN,
  },
  {
    // National numbers of 242 and 225 keep their leading 0 after the dialing code (SPEC.md section 9).
    iso: 'CG', name: 'Republic of the Congo', dialingCode: '242', currency: 'XAF', smsFrom: 'REFERCG', smsCid: '',
    languages: [{ code: 'fr', urlPrefix: prefix('CG', 'fr') }, { code: 'ln', urlPrefix: '' }], defaultLanguage: 'fr',
    phone: { prefixes: ['6', '5'], subscriberDigits: 7 }, payScale: 80, names: FRANCOPHONE,
  },
  {
    iso: 'CI', name: "Côte d'Ivoire", dialingCode: '225', currency: 'XOF', smsFrom: 'REFERCI', smsCid: 'RefCI',
    languages: [{ code: 'fr', urlPrefix: prefix('CI', 'fr') }], defaultLanguage: 'fr',
    phone: { prefixes: ['7', '5', '1'], subscriberDigits: 8 }, payScale: 80, names: FRANCOPHONE,
  },
  {
    iso: 'TZ', name: 'Tanzania', dialingCode: '255', currency: 'TZS', smsFrom: 'REFERTZ', smsCid: 'RefTZ',
    languages: [{ code: 'sw', urlPrefix: prefix('TZ', 'sw') }, { code: 'en', urlPrefix: '' }], defaultLanguage: 'sw',
    phone: { prefixes: ['75', '76', '65', '71', '68', '74'], subscriberDigits: 7 }, payScale: 300, names: EAST_AFRICAN,
  },
  {
    iso: 'MZ', name: 'Mozambique', dialingCode: '258', currency: 'MZN', smsFrom: 'REFERMZ', smsCid: '',
    languages: [{ code: 'pt', urlPrefix: prefix('MZ', 'pt') }, { code: 'ts', urlPrefix: '' }], defaultLanguage: 'pt',
    phone: { prefixes: ['84', '85', '82', '86', '87'], subscriberDigits: 7 }, payScale: 6, names: LUSOPHONE,
  },
];

export type EventKind = 'agent' | 'retention';
export interface EventTypeSeed {
  key: string;
  prettyName: string;
  /** Agent events are earned by agents; retention events by gifters. */
  kind: EventKind;
  /** Compensation per event in GHS-sized minor units (scaled by the country's payScale); 0: tracked, unpaid. */
  basePay: number;
  earningDay: number;
  /** How common the event is relative to the others. */
  frequency: number;
}

export const EVENT_TYPES: readonly EventTypeSeed[] = [
  { key: 'sim_activation', prettyName: 'SIM Activation', kind: 'agent', basePay: 200, earningDay: 0, frequency: 40 },
  { key: 'kyc_registration', prettyName: 'KYC Registration', kind: 'agent', basePay: 100, earningDay: 0, frequency: 25 },
  { key: 'first_recharge', prettyName: 'First Recharge', kind: 'agent', basePay: 150, earningDay: 7, frequency: 20 },
  { key: 'data_bundle_purchase', prettyName: 'Data Bundle Purchase', kind: 'agent', basePay: 75, earningDay: 14, frequency: 12 },
  { key: 'port_in', prettyName: 'Number Port-In', kind: 'agent', basePay: 300, earningDay: 30, frequency: 4 },
  { key: 'app_download', prettyName: 'App Download', kind: 'agent', basePay: 0, earningDay: 0, frequency: 15 },
  { key: 'mobile_money_registration', prettyName: 'Mobile Money Registration', kind: 'agent', basePay: 250, earningDay: 0, frequency: 30 },
  { key: 'mobile_money_first_transaction', prettyName: 'Mobile Money First Transaction', kind: 'agent', basePay: 125, earningDay: 7, frequency: 15 },
  { key: 'device_sale', prettyName: 'Smartphone Sale', kind: 'agent', basePay: 500, earningDay: 0, frequency: 10 },
  { key: 'gift_airtime', prettyName: 'Airtime Gift', kind: 'retention', basePay: 50, earningDay: 0, frequency: 30 },
  { key: 'giftee_recharge', prettyName: 'Giftee Recharge', kind: 'retention', basePay: 100, earningDay: 7, frequency: 20 },
  { key: 'giftee_data_bundle', prettyName: 'Giftee Data Bundle', kind: 'retention', basePay: 80, earningDay: 14, frequency: 10 },
  // Configured on no campaign: an event type the console can list and attach without any data.
  { key: 'customer_survey', prettyName: 'Customer Survey Completed', kind: 'agent', basePay: 25, earningDay: 0, frequency: 0 },
];

export const COMPENSATION_TYPES = ['Pay Per Event', 'Sales Commission', 'Retention Bonus'] as const;
export const REMUNERATION_TYPES = ['Mobile Money Transfer', 'Airtime Credit', 'Bank Transfer'] as const;

export interface CampaignTypeSeed {
  name: string;
  compensationType: (typeof COMPENSATION_TYPES)[number];
  /** The event types every version of a campaign of this type compensates. */
  eventKeys: readonly string[];
  /** Campaign names are this label plus a country tag, e.g. 'SIM Drive GH-01'. */
  label: string;
}

export const CAMPAIGN_TYPES: readonly CampaignTypeSeed[] = [
  {
    name: 'Customer Acquisition', compensationType: 'Pay Per Event', label: 'SIM Drive',
    eventKeys: ['sim_activation', 'kyc_registration', 'first_recharge', 'data_bundle_purchase', 'port_in', 'app_download'],
  },
  {
    name: 'Mobile Money Onboarding', compensationType: 'Pay Per Event', label: 'MoMo Boost',
    eventKeys: ['mobile_money_registration', 'mobile_money_first_transaction', 'kyc_registration', 'app_download'],
  },
  {
    name: 'Customer Retention', compensationType: 'Retention Bonus', label: 'Gift & Stay',
    eventKeys: ['first_recharge', 'gift_airtime', 'giftee_recharge', 'giftee_data_bundle'],
  },
  {
    name: 'Device Sales', compensationType: 'Sales Commission', label: 'Smartphone Upgrade',
    eventKeys: ['device_sale', 'sim_activation', 'first_recharge'],
  },
];
/** Gifters join campaigns of this type: it is the one with retention events to earn. */
export const RETENTION_CAMPAIGN_TYPE = 'Customer Retention';

/**
 * A random msisdn of the country in international form: a national number ('0' + operator prefix +
 * subscriber digits) converted the way the console converts what an admin types.
 */
export function randomMsisdn(country: CountrySeed, random: Random): string {
  const national = `0${random.pick(country.phone.prefixes)}${random.digits(country.phone.subscriberDigits)}`;
  return toInternationalMsisdn(national, country.dialingCode);
}

// ---- inserting it -----------------------------------------------------------------------------

export interface SeededCountry extends CountrySeed {
  id: number;
  currencyId: number;
}
export interface SeededEventType extends EventTypeSeed {
  id: number;
}
export interface SeededCampaignType extends CampaignTypeSeed {
  id: number;
}
export interface ReferenceData {
  countries: SeededCountry[];
  countryByIso: Map<string, SeededCountry>;
  eventTypeByKey: Map<string, SeededEventType>;
  campaignTypes: SeededCampaignType[];
  remunerationTypeIds: number[];
}

/** Finds a row the seed just inserted; a miss is a bug in the catalogue, so it throws. */
export function required<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: unknown ${what} '${String(key)}'`);
  return value;
}

export async function seedReferenceData(db: Database, anchorMs: number): Promise<ReferenceData> {
  const updatedAt = new Date(anchorMs - 400 * DAY_MS);
  await db.insert(languages).values(LANGUAGES.map((l) => ({ code: l.code, name: l.name })));

  const currencyRows = await db
    .insert(currencies)
    .values(CURRENCIES.map((c) => ({ code: c.code, name: c.name, minorUnits: c.minorUnits })))
    .returning({ id: currencies.id, code: currencies.code });
  const currencyId = new Map(currencyRows.map((row) => [row.code, row.id]));

  const countryRows = await db
    .insert(countries)
    .values(
      COUNTRIES.map((c) => ({
        isoCode: c.iso, name: c.name, dialingCode: c.dialingCode, smsCid: c.smsCid, smsFrom: c.smsFrom,
        defaultLanguage: c.defaultLanguage, currencyId: required(currencyId, c.currency, 'currency'), updatedAt,
      })),
    )
    .returning({ id: countries.id, iso: countries.isoCode });
  const countryId = new Map(countryRows.map((row) => [row.iso, row.id]));
  const seededCountries = COUNTRIES.map((c) => ({
    ...c, id: required(countryId, c.iso, 'country'), currencyId: required(currencyId, c.currency, 'currency'),
  }));
  await db.insert(countryLanguages).values(
    seededCountries.flatMap((c) => c.languages.map((l) => ({ countryId: c.id, languageCode: l.code, urlPrefix: l.urlPrefix }))),
  );

  const eventTypeRows = await db
    .insert(eventTypes)
    .values(EVENT_TYPES.map((e) => ({ name: e.key, prettyName: e.prettyName, updatedAt })))
    .returning({ id: eventTypes.id, key: eventTypes.name });
  const eventTypeId = new Map(eventTypeRows.map((row) => [row.key, row.id]));

  const compensationRows = await db
    .insert(compensationTypes)
    .values(COMPENSATION_TYPES.map((name) => ({ name })))
    .returning({ id: compensationTypes.id, name: compensationTypes.name });
  const compensationTypeId = new Map(compensationRows.map((row) => [row.name, row.id]));

  const remunerationRows = await db
    .insert(remunerationTypes)
    .values(REMUNERATION_TYPES.map((name) => ({ name })))
    .returning({ id: remunerationTypes.id, name: remunerationTypes.name });
  const remunerationTypeId = new Map(remunerationRows.map((row) => [row.name, row.id]));

  const campaignTypeRows = await db
    .insert(campaignTypes)
    .values(
      CAMPAIGN_TYPES.map((t) => ({
        name: t.name, compensationTypeId: required(compensationTypeId, t.compensationType, 'compensation type'),
      })),
    )
    .returning({ id: campaignTypes.id, name: campaignTypes.name });
  const campaignTypeId = new Map(campaignTypeRows.map((row) => [row.name, row.id]));

  return {
    countries: seededCountries,
    countryByIso: new Map(seededCountries.map((c) => [c.iso, c])),
    eventTypeByKey: new Map(EVENT_TYPES.map((e) => [e.key, { ...e, id: required(eventTypeId, e.key, 'event type') }])),
    campaignTypes: CAMPAIGN_TYPES.map((t) => ({ ...t, id: required(campaignTypeId, t.name, 'campaign type') })),
    remunerationTypeIds: REMUNERATION_TYPES.map((name) => required(remunerationTypeId, name, 'remuneration type')),
  };
}

/** Logs what the stage wrote. */
export const describeReference = (ref: ReferenceData): string =>
  `${ref.countries.length} countries, ${LANGUAGES.length} languages, ${CURRENCIES.length} currencies, ` +
  `${ref.eventTypeByKey.size} event types, ${ref.campaignTypes.length} campaign types`;
