// Signing in, as a person does it in the browser: the login page, every demo account's outcome
// through the real outbox, the OTP page (blocked characters, resend) and the password reset.
// One server for the file; the reset runs last because it changes campaign@demo.test's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '../../src/contract/messages';
import {
  PASSWORD, codeCount, headerUser, nextCode, pathOf, screenshot, sideMenuOf, signIn, submitLogin, toast, useBrowser,
  waitForPath, WAIT_MS,
} from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// SPEC.md section 1, literally: the header's title and the about menu's version label.
const PRODUCT_TITLE = 'Referral Campaign Admin';
const VERSION_LABEL = 'Version 1.1.35';

describe('sign-in in the browser', { timeout: 90_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    // Generous send budgets: the budgets themselves are the API tests' business.
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '1000' });
  });
  afterAll(async () => server?.stop());

  it('shows the login page: product title, Not logged in, and the version in the About menu', async () => {
    const { page } = b;
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.locator('.console-header', { hasText: PRODUCT_TITLE }).waitFor();
    expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
    expect(await page.title()).toBe(PRODUCT_TITLE);
    // Log In stays disabled until both fields are valid.
    expect(await page.getByRole('button', { name: 'Log In' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'About' }).click();
    const about = page.getByRole('menu', { name: 'About' });
    await about.getByText(VERSION_LABEL).waitFor();
    expect(await about.innerText()).toContain(PRODUCT_TITLE);
    await screenshot(page, 'login');
  });

  for (const username of ['super@demo.test', 'agency@demo.test', 'campaign@demo.test']) {
    it(`lets ${username} in: the shell with the username in the header`, async () => {
      const { page } = b;
      await signIn(page, server, username);
      expect(pathOf(page)).toBe('/');
      expect(await headerUser(page).innerText()).toContain(username);
      expect(await page.locator('.console-header').innerText()).not.toContain(messages.notLoggedIn);
    });
  }

  const refused: Array<[string, string | RegExp]> = [
    ['agent@demo.test', messages.agentCannotLogin],
    ['norole@demo.test', messages.noRoleCampaigns],
    ['expired@demo.test', /^Unable to login user: your role has ended/],
  ];
  for (const [username, message] of refused) {
    it(`refuses ${username} on /login with its message and sends no code`, async () => {
      const { page } = b;
      await submitLogin(page, server, username);
      await toast(page, message).waitFor();
      const shown = await toast(page, message).innerText();
      if (typeof message === 'string') expect(shown).toContain(message);
      else expect(shown).toMatch(/Unable to login user: your role has ended/);
      // Still on the login page, still signed out, and no code went anywhere.
      await sleep(500);
      expect(pathOf(page)).toBe('/login');
      expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
      expect((await server.outbox()).filter((m) => m.to === username)).toEqual([]);
    });
  }

  it("follows each of the login page's links on the first click, straight from the email field", async () => {
    const { page } = b;
    for (const [viewport, links] of [
      [{ width: 1440, height: 900 }, [['Forgot your password? Reset it', '/reset'], ['Countries', '/countries']]],
      [{ width: 820, height: 1180 }, [['Register', '/register']]],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const [name, path] of links) {
        await page.goto(`${server.url}/login`);
        await page.getByLabel('Email').click();
        // One real click: the field loses its focus on the press; had a message appeared then, the
        // link would have moved from under the pointer before the release.
        await page.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, path);
        expect(await page.getByText(messages.emailRequired).count()).toBe(0);
      }
    }
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').click();
    await page.getByLabel('Password').click();
    expect(await page.getByText(messages.emailRequired).count()).toBe(0);
    await screenshot(page, 'login-fields-left-untouched-820');
  });

  it('OTP page: the prompt, blocked characters, Resend sends a new code that then signs in', async () => {
    const { page } = b;
    const username = 'super@demo.test';
    const before = await codeCount(server, username, 'LOGIN');
    await submitLogin(page, server, username);
    await waitForPath(page, '/otp/login');
    await page.getByText('Please check your EMAIL inbox for the LOGIN OTP').waitFor();
    await nextCode(server, username, 'LOGIN', before);

    const field = page.locator('#otp');
    await field.click();
    await field.pressSequentially('eE+-.,');
    expect(await field.inputValue()).toBe('');
    await field.pressSequentially('1e+2');
    expect(await field.inputValue()).toBe('12');
    await field.fill('');

    // Let the toast of the login step go, so the next 'OTP sent' is the resend's.
    await toast(page, messages.otpSent).first().waitFor({ state: 'detached', timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Resend code' }).click();
    await toast(page, messages.otpSent).waitFor();
    const second = await nextCode(server, username, 'LOGIN', before + 1);
    expect((await server.outbox())[0]).toMatchObject({ to: username, otp_type: 'LOGIN', code: second });
    expect(await codeCount(server, username, 'LOGIN')).toBe(before + 2);
    // The newest code is the one that works (a new code closes the earlier one).
    await field.fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await sideMenuOf(page).waitFor();
    expect(await headerUser(page).innerText()).toContain(username);
  });

  it('resets a password at /reset end to end, and the new password then logs in', async () => {
    const { page } = b;
    const username = 'campaign@demo.test';
    const newPassword = 'Fresh#Start2027';
    const before = await codeCount(server, username, 'PASSWORD_RESET');
    await page.goto(`${server.url}/reset`);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.locator('#reset-email').fill(username);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await toast(page, messages.resetOtpSent).waitFor();
    await page.getByText(messages.resetOtpPrompt).waitFor();
    const code = await nextCode(server, username, 'PASSWORD_RESET', before);

    await page.locator('#otp').fill(code);
    const password = page.locator('#new-password');
    await password.fill('weakpass');
    await password.blur();
    await page.getByText(messages.passwordStrength).waitFor();
    // Submitting a weak password is refused in the page: 'validation failed' in a popup.
    await page.getByRole('button', { name: 'Reset password' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText(messages.validationFailed).waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });

    await password.fill(newPassword);
    await expect.poll(() => page.getByText(messages.passwordStrength).count()).toBe(0);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, messages.passwordResetSuccess).waitFor();
    await waitForPath(page, '/login');
    await screenshot(page, 'reset-done');

    // The old password no longer opens a session; the new one does.
    await submitLogin(page, server, username, PASSWORD);
    await toast(page, /^Unable to login user/).waitFor();
    expect(pathOf(page)).toBe('/login');
    await signIn(page, server, username, newPassword);
    expect(await headerUser(page).innerText()).toContain(username);
  });
});
