// Sorting text ignores case and accents (issue 17) against the started server: 'app_download' sits
// beside 'App_Download', not after every capital, and 'Émile' beside 'Emile', in a legacy reference
// list (event types) and a service list (campaigns), both ways. The grids' own rule is in grids.test.ts. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { Campaign, EventType } from '../../src/contract/entities';
import { foldText } from '../../src/contract/text';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { allPages } from '../support/service';

/** Whether the values run in order ignoring case and accents (`descending`: the other way). */
function inOrderIgnoringCase(values: string[], descending = false): boolean {
  const lower = values.map(foldText);
  return lower.every((value, i) => i === 0 || (descending ? (lower[i - 1] as string) >= value : (lower[i - 1] as string) <= value));
}

describe.each(backends)('text sorted ignoring case on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);

  it("event types by key and by pretty name, both ways: 'App_Download' beside 'app_download', 'Zeta' last", async () => {
    // 'app_download' (App Download) is seeded.
    for (const [event, pretty] of [['App_Download', 'app download, again'], ['Zeta', 'zeta']]) {
      expect((await server.post('/admin/event_types', { event, pretty }, tokens.super)).status).toBe(201);
    }
    const sorted = async (orderby: string) =>
      (await server.get<ListPage<EventType>>(`/admin/event_types?page_size=0&orderby=${orderby}`, tokens.super)).body.data;

    const up = (await sorted('name')).map((type) => type.name);
    expect(inOrderIgnoringCase(up)).toBe(true);
    expect(up.indexOf('App_Download') - up.indexOf('app_download')).toBe(1); // equal but for case: by id, the seeded one first
    expect(up.at(-1)).toBe('Zeta');
    const down = (await sorted('-name')).map((type) => type.name);
    expect(inOrderIgnoringCase(down, true)).toBe(true);
    expect(down[0]).toBe('Zeta');
    expect(Math.abs(down.indexOf('App_Download') - down.indexOf('app_download'))).toBe(1);

    const byPretty = (await sorted('pretty_name')).map((type) => type.pretty_name);
    expect(inOrderIgnoringCase(byPretty)).toBe(true);
    expect(byPretty.indexOf('app download, again') - byPretty.indexOf('App Download')).toBe(1);
    expect(byPretty.at(-1)).toBe('zeta');
    expect(inOrderIgnoringCase((await sorted('-pretty_name')).map((type) => type.pretty_name), true)).toBe(true);
  });

  it("event types by pretty name ignore accents: 'Émile' sits between 'Eli' and 'Emma', not after 'Zoe'", async () => {
    for (const [event, pretty] of [['accent_eli', 'Eli'], ['accent_emile', 'Émile'], ['accent_emma', 'Emma'], ['accent_zoe', 'Zoe']]) {
      expect((await server.post('/admin/event_types', { event, pretty }, tokens.super)).status).toBe(201);
    }
    const byPretty = (await server.get<ListPage<EventType>>('/admin/event_types?page_size=0&orderby=pretty_name', tokens.super)).body.data
      .map((type) => type.pretty_name)
      .filter((name) => ['Eli', 'Émile', 'Emma', 'Zoe'].includes(name));
    expect(byPretty).toEqual(['Eli', 'Émile', 'Emma', 'Zoe']);
  });

  it("campaigns by name, both ways: 'aardvark drive' first, 'zulu drive' last", async () => {
    const all = await allPages<Campaign>(server, '/service/campaigns/?page_size=100&ordering=id', tokens.super);
    const renames = [['aardvark drive', all[0]], ['Aardvark Drive', all[1]], ['zulu drive', all[2]]] as const;
    for (const [name, campaign] of renames) {
      const saved = await server.request('PUT', `/service/campaigns/${campaign?.id}/`, { body: { name }, token: tokens.super });
      expect(saved.status).toBe(200);
    }

    const up = (await allPages<Campaign>(server, '/service/campaigns/?page_size=7&ordering=name', tokens.super)).map((campaign) => campaign.name);
    expect(up).toHaveLength(all.length);
    expect(inOrderIgnoringCase(up)).toBe(true);
    expect(up.slice(0, 2)).toEqual(['aardvark drive', 'Aardvark Drive']);
    expect(up.at(-1)).toBe('zulu drive');
    const down = (await allPages<Campaign>(server, '/service/campaigns/?page_size=7&ordering=-name', tokens.super)).map((campaign) => campaign.name);
    expect(down).toHaveLength(all.length);
    expect(inOrderIgnoringCase(down, true)).toBe(true);
    expect(down[0]).toBe('zulu drive');
  });
});
