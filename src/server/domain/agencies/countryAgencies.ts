// The 15 country agencies (SPEC.md section 6): the only agencies a non-super admin may link users
// to. DESIGN.md keeps the list in configuration (config/country-agencies.json), by agency name;
// the ids are looked up when needed, so agencies created after the start count too.
import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { agencies } from '../../db/schema';
import { PROJECT_FILES } from '../../projectFiles';

export const COUNTRY_AGENCIES_FILE = PROJECT_FILES.countryAgencies;
export const COUNTRY_AGENCY_COUNT = 15;

const countryAgenciesSchema = z
  .array(z.object({ name: z.string().trim().min(1), country: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code') }))
  .length(COUNTRY_AGENCY_COUNT)
  .refine((list) => new Set(list.map((a) => a.name)).size === list.length, 'agency names must be unique');
export type CountryAgency = z.infer<typeof countryAgenciesSchema>[number];

/** The configured country agencies; a broken file stops the start with the reason. */
export function readCountryAgencies(file: string = COUNTRY_AGENCIES_FILE): CountryAgency[] {
  const parsed = countryAgenciesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(list)'}: ${issue.message}`);
    throw new Error(`${file} is not a list of ${COUNTRY_AGENCY_COUNT} { name, country }: ${reasons.join('; ')}`);
  }
  return parsed.data;
}

/** The configured list, read once, resolved to agency ids on demand. */
export class CountryAgencies {
  private readonly names: string[];

  constructor(list: readonly CountryAgency[]) {
    this.names = list.map((agency) => agency.name);
  }

  static fromConfig(file?: string): CountryAgencies {
    return new CountryAgencies(readCountryAgencies(file));
  }

  /** Ids of the country agencies that exist in the database (all 15 on the demo data). */
  async ids(db: Database): Promise<number[]> {
    const rows = await db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.name, this.names));
    return rows.map((row) => row.id);
  }
}
