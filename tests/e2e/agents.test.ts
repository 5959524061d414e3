// Agents and self-registration in the browser (issue 13): a Super Admin finds an agent, adds one
// (the international msisdn shown before saving), edits it and reads an agent's invite history;
// an Agency Admin sees only their agencies' agents and no Super Admin filters; /register creates
// an account that cannot log in yet (SPEC.md sections 2, 4 to 6 and 8). One server for the file.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPage } from '../../src/contract/api';
import type { AgentRoleCampaign, Campaign, Invite } from '../../src/contract/entities';
import type { Page as ApiPage } from '../../src/contract/api';
import * as messages from '../../src/contract/messages';
import { openScreen, openSignedIn, screenshot, submitLogin, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';
import { allPages } from '../support/service';

const SUPER = 'super@demo.test';
const AGENCY = 'agency@demo.test';
const AGENTS = '/api/v1/user-role-campaigns/?role_type_id=2';

const agentsTable = (page: Page): Locator => page.getByRole('table', { name: 'Agents' });
const rowsOf = (table: Locator): Locator => table.locator('tbody tr');
const dialog = (page: Page): Locator => page.getByRole('dialog');

/** Opens Agents from the side menu and waits for its first row. */
async function openAgents(page: Page): Promise<void> {
  await openScreen(page, 'Agents', '/agents');
  await rowsOf(agentsTable(page)).first().waitFor();
}

/** Types a search and waits until every row holds `expected`. */
async function search(page: Page, text: string, expected: string): Promise<void> {
  await page.getByLabel('Search Agents').fill(text);
  await expect.poll(async () => {
    const rows = await rowsOf(agentsTable(page)).allInnerTexts();
    return rows.length > 0 && rows.every((row) => row.includes(expected));
  }, { timeout: WAIT_MS }).toBe(true);
}

describe('agents in the browser', { timeout: 240_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let superToken: string;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100' });
    superToken = await accessToken(server, SUPER);
  });
  afterAll(async () => server?.stop());

  it('a Super Admin finds an agent, adds one, edits it and reads an invite history', async () => {
    const { page } = b;
    const agents = await allPages<AgentRoleCampaign>(server, `${AGENTS}&status_types=Active&page_size=100`, superToken);
    // The agent with the most invites among the first page, for the invite history.
    const invited = await Promise.all(agents.slice(0, 30).map(async (agent) => ({
      agent, count: (await server.get<ApiPage<Invite>>(`/service/invites/?agent_id=${agent.user_role.user.id}&page_size=10`, superToken)).body.count,
    })));
    const busiest = invited.sort((a, b) => b.count - a.count)[0] as { agent: AgentRoleCampaign; count: number };
    const campaign = (await server.get<ApiPage<Campaign>>('/service/campaigns/?page_size=1&ordering=name', superToken)).body.results[0] as Campaign;
    const username = `kwame.${Date.now().toString(36)}`;

    await openSignedIn(page, server, SUPER);
    await openAgents(page);
    expect((await agentsTable(page).locator('thead th').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Name', 'Username', 'Mobile Number', 'Agency', 'Campaign', 'Status', 'Start date', 'End date', 'Actions',
    ]);
    // Dates as dd-MMM-yyyy, statuses by name.
    expect(await rowsOf(agentsTable(page)).first().innerText()).toMatch(/\d{2}-[A-Z][a-z]{2}-\d{4}/);
    await page.getByRole('checkbox', { name: 'Include Blacklisted' }).waitFor();
    await screenshot(page, 'agents', { withoutToasts: true });

    // Find: by last name.
    await search(page, busiest.agent.user_role.user.last_name, busiest.agent.user_role.user.last_name);

    // Invite history: the first 10, newest first.
    await rowsOf(agentsTable(page)).filter({ hasText: busiest.agent.user_role.user.username }).first()
      .getByRole('button', { name: /^Invites of / }).click();
    const history = dialog(page);
    await history.getByText(`Invite history of ${busiest.agent.user_role.user.first_name} ${busiest.agent.user_role.user.last_name}`).waitFor();
    await expect.poll(() => history.locator('tbody tr').count(), { timeout: WAIT_MS }).toBe(Math.min(10, busiest.count));
    await screenshot(page, 'agent-invites', { withoutToasts: true });
    await page.keyboard.press('Escape');

    // Add: every field, the international msisdn shown before saving.
    await page.getByRole('button', { name: 'Add agent' }).click();
    const add = dialog(page);
    await add.getByLabel('First name', { exact: true }).fill('Kwame');
    await add.getByLabel('Last name', { exact: true }).fill('Boateng');
    await add.getByLabel('Username', { exact: true }).fill(username);
    await add.getByLabel('Password', { exact: true }).fill('Field#Agent7');
    await add.getByLabel('Mobile Number', { exact: true }).fill('0249876501');
    await add.getByLabel('Agency', { exact: true }).selectOption(String(campaign.extra_data.agency.id));
    await add.getByLabel('Campaign', { exact: true }).selectOption(String(campaign.id));
    await add.getByLabel('Start date', { exact: true }).fill('2026-11-01');
    await add.getByLabel('End date', { exact: true }).fill('2027-10-31');
    // As it will be stored, and as the list shows it: international, the country code without +.
    await add.getByText(/^Will be saved as \d+$/).waitFor();
    await screenshot(page, 'agent-add', { withoutToasts: true });
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, messages.agentAdded).waitFor();

    const saved = (await server.get<AgentPage>(`${AGENTS}&search=${username}`, superToken)).body.results;
    expect(saved).toHaveLength(1);
    const added = saved[0] as AgentRoleCampaign;
    expect(added.user_role).toMatchObject({ status_type: { name: 'Active' }, role_start_date: '2026-11-01', role_end_date: '2027-10-31' });

    // Edit: Save only once something changed; a new first name and status.
    await search(page, username, username);
    await rowsOf(agentsTable(page)).first().getByRole('button', { name: /^Edit / }).click();
    const edit = dialog(page);
    const save = edit.getByRole('button', { name: 'Save', exact: true });
    await edit.getByLabel('First name', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await edit.getByLabel('First name', { exact: true }).fill('Kwabena');
    await edit.getByLabel('Status', { exact: true }).selectOption({ label: 'Suspended' });
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'agent-edit', { withoutToasts: true });
    await save.click();
    await toast(page, messages.agentUpdated).waitFor();
    await expect.poll(async () => rowsOf(agentsTable(page)).first().innerText(), { timeout: WAIT_MS }).toMatch(/Kwabena Boateng[\s\S]*Suspended/);
    const edited = (await server.get<AgentPage>(`${AGENTS}&search=${username}`, superToken)).body.results[0];
    expect(edited?.user_role).toMatchObject({ status_type: { name: 'Suspended' }, user: { first_name: 'Kwabena', last_name: 'Boateng' } });
  });

  it('an Agency Admin sees only the agents of their agencies, and no Super Admin filters', async () => {
    const { page } = b;
    const agencyToken = await accessToken(server, AGENCY);
    const theirs = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, agencyToken);
    const agencyNames = new Set(theirs.map((agent) => agent.agency_name));
    await openSignedIn(page, server, AGENCY);
    await openAgents(page);
    await page.getByRole('group', { name: 'Filter agents' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Include Blacklisted' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'BQ' }).count()).toBe(0);
    const shownAgencies = await agentsTable(page).locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(shownAgencies.length).toBeGreaterThan(0);
    expect(shownAgencies.every((name) => agencyNames.has(name.trim()))).toBe(true);
    await page.getByText(`· ${theirs.length.toLocaleString('en')} rows`, { exact: false }).waitFor();
    const everyone = (await server.get<AgentPage>(`${AGENTS}&page_size=1`, superToken)).body.count;
    expect(theirs.length).toBeLessThan(everyone);
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, 'agents-agency-admin-tablet', { withoutToasts: true });
  });

  it('/register creates an account that cannot log in until a Super Admin links it', async () => {
    const { page } = b;
    const email = `new.admin.${Date.now().toString(36)}@example.org`;
    await page.goto(`${server.url}/register`);
    await page.getByText(messages.noRoleCampaigns, { exact: false }).first().waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('First name', { exact: true }).fill('Efua');
    await page.getByLabel('Last name', { exact: true }).fill('Sarpong');
    await page.getByLabel('Password', { exact: true }).fill('Admin#Pass2026');
    const agencies = page.getByRole('group', { name: 'Linked agencies' }).getByRole('checkbox');
    await agencies.first().waitFor();
    await agencies.first().locator('xpath=ancestor::label[1]').click();
    await screenshot(page, 'register', { withoutToasts: true });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('status').getByText(`Your account ${email} has been created.`, { exact: false }).waitFor();
    await screenshot(page, 'register-done', { withoutToasts: true });

    await submitLogin(page, server, email, 'Admin#Pass2026');
    await toast(page, messages.noRoleCampaigns).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
