// Rows the caller may not change open read-only (issue 17): the demo Agency Admin, on Users, finds a
// user holding a right they lack (Unblacklist, given by the Super Admin) marked 'view only'; it
// opens with its values as facts and the server's reason, with no field, no password and no Save.
// A user within their reach still opens as its form. Screenshots at 1440x900 and 820x1180.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { openScreen, openSignedIn, screenshot, useBrowser } from '../support/browser';
import { backend } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const AGENCY = 'agency@demo.test';
const FLAGGED = 'e2e.unblacklister@example.org';

/** The Users table's row holding `text`. */
const userRow = (page: Page, text: string): Locator => page.getByRole('table', { name: 'Users' }).locator('tbody tr', { hasText: text });

describe('read-only rows in the browser', { timeout: 180_000 }, () => {
  const b = useBrowser();
  const { server, tokens } = useSignedInServer(backend, ['super']);

  beforeAll(async () => {
    // A user of the Agency Admin's own agency, holding a right the Agency Admin lacks.
    const agencyAdmin = await server.get<{ data: AdminUser[] }>(`/admin/admins?search=${AGENCY}`, tokens.super);
    const agency = agencyAdmin.body.data[0]?.linked_agencies[0]?.id;
    const added = await server.post('/admin/register', {
      email: FLAGGED, firstname: 'Yaw', lastname: 'Darko', password: 'Unblack#2026', msisdn: '0244123456', country_code: 'GH',
      linked_agencies: [agency], unblacklist: true,
    }, tokens.super);
    expect(added.status).toBe(201);
  });

  it('an Agency Admin opens a user beyond their reach read-only, told why; one within it as its form', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, AGENCY);
    await openScreen(page, 'Users', '/users', 'Users');

    const row = userRow(page, FLAGGED);
    await row.waitFor();
    // The mark says why when pointed at.
    const mark = row.getByTitle(messages.adminOutOfReach);
    await mark.waitFor();
    expect((await mark.innerText()).trim()).toBe('view only');
    // Only the rows the Agency Admin may not change carry the mark.
    expect(await userRow(page, AGENCY).getByText('view only').count()).toBe(0);
    await screenshot(page, 'readonly-users-1440', { withoutToasts: true });

    await row.click();
    const dialog = page.getByRole('dialog', { name: 'View user' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('status').filter({ hasText: messages.adminOutOfReach }).waitFor();
    const facts = (await dialog.locator('dl > div').allInnerTexts()).map((pair) => pair.replace(/\s+/g, ' ').trim());
    expect(facts).toEqual([`Email ${FLAGGED}`, 'First name Yaw', 'Last name Darko', 'Linked agencies Gold Coast Field Partners']);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    expect(await dialog.getByLabel('Password').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(page, 'readonly-user-1440');
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, 'readonly-user-820');

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Their own row is theirs to change: the form, with Save.
    await userRow(page, AGENCY).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.waitFor({ state: 'visible' });
    await edit.getByRole('button', { name: 'Save' }).waitFor();
  });
});
