// A country's ISO code from its name (issue 30): POST /admin/country as SPEC.md section 7 sends it
// carries no ISO code, and campaigns, whitelists and users need one. The names are
// i18n-iso-countries' English ones and their aliases ('Ivory Coast'), read through the package's
// plain entry with the English locale alone: its Node entry loads some 80 locales nobody here reads.
// The server's only (the console never imports it), and stored like the form's: alpha-2, upper case.
import { getNames, registerLocale } from 'i18n-iso-countries/index.js';
// Node imports JSON only with this attribute (the server build inlines it anyway).
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { countryNameShared, countryNameUnknown } from '../../../contract/messages';
import { Invalid } from '../errors';

registerLocale(english);

/**
 * Names people use that the package lacks, by the code they name. 'Congo' alone stays both
 * countries' (CD and CG): a guess would store a code that cannot change once campaigns carry it.
 */
const ALIASES: Record<string, readonly string[]> = {
  CD: ['DRC', 'DR Congo', 'Congo-Kinshasa', 'Democratic Republic of Congo'],
  CG: ['Congo-Brazzaville', 'Republic of Congo'],
  CV: ['Cabo Verde'],
  SZ: ['Swaziland', 'Kingdom of Eswatini'],
};

/**
 * A name as it is compared: case, accents, apostrophes, hyphens and spacing set aside, and a
 * leading 'the' ('The Gambia' is 'Gambia'; "Cote d Ivoire" is "Côte d'Ivoire").
 */
export const foldedCountryName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');

const codesByName = new Map<string, string[]>();
const names = getNames('en', { select: 'all' });
for (const code of new Set([...Object.keys(names), ...Object.keys(ALIASES)])) {
  for (const name of [...(names[code] ?? []), ...(ALIASES[code] ?? [])]) {
    const folded = foldedCountryName(name);
    const codes = codesByName.get(folded) ?? [];
    if (!codes.includes(code)) codesByName.set(folded, [...codes, code]);
  }
}

/**
 * The ISO 3166-1 alpha-2 codes of the countries a name fits, sorted: one for a country, none for a
 * name no country has, several for a name countries share ('Congo'). A name in ISO's own
 * 'Tanzania, United Republic of' order reads as 'United Republic of Tanzania'.
 */
export function isoCodesOfCountryName(name: string): string[] {
  const [before, after, ...more] = name.split(',');
  const readings = [name, ...(after !== undefined && more.length === 0 ? [`${after} ${before}`] : [])];
  const codes = readings.flatMap((reading) => codesByName.get(foldedCountryName(reading)) ?? []);
  return [...new Set(codes)].sort();
}

/**
 * The ISO code a country is saved with: the one sent, else the one it has (an edit keeps it, even
 * renamed), else the one its name tells. 400 on iso_code when the name tells none or several.
 */
export function isoCodeToSave(form: { country: string; iso_code?: string }, stored: string | null): string {
  if (form.iso_code) return form.iso_code;
  if (stored) return stored;
  const codes = isoCodesOfCountryName(form.country);
  if (codes.length === 1 && codes[0]) return codes[0];
  const message = codes.length === 0 ? countryNameUnknown(form.country) : countryNameShared(form.country, codes);
  throw new Invalid(message, { iso_code: [message] });
}
