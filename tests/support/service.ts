// What the service-backend API tests share: reading a paged call to its end, the campaigns an
// Agency Admin does and does not see, and waiting for a queued report.
import { expect } from 'vitest';
import type { Page } from '../../src/contract/api';
import type { Campaign } from '../../src/contract/entities';
import type { TestServer } from './server';

/** Every row of a paged call, following its `next` links to the end. */
export async function allPages<T>(server: TestServer, path: string, token: string): Promise<T[]> {
  const rows: T[] = [];
  let next: string | null = path;
  while (next) {
    const url: URL = new URL(next, server.url);
    const answer = await server.get<Page<T>>(`${url.pathname}${url.search}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows.push(...answer.body.results);
    next = answer.body.next;
  }
  return rows;
}

/** The Agency Admin's first campaign, and a campaign of another agency (as the Super Admin sees it). */
export async function ownAndForeignCampaign(server: TestServer, superToken: string, agencyToken: string): Promise<{ mine: Campaign; foreign: Campaign }> {
  const all = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', superToken);
  const theirs = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', agencyToken);
  const foreign = all.find((campaign) => !theirs.some((own) => own.id === campaign.id));
  if (!theirs[0] || !foreign) throw new Error('the demo data has no campaign of the Agency Admin, or none of another agency');
  return { mine: theirs[0], foreign };
}

/** The report once its status is Finished (or whatever it reads after 30 s, for the failure message). */
export async function finished<R extends { status: string }>(read: () => Promise<R | undefined>): Promise<R | undefined> {
  const until = Date.now() + 30_000;
  let report = await read();
  while (report?.status !== 'Finished' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    report = await read();
  }
  return report;
}
