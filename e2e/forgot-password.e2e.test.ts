import { describe, expect, inject, it } from 'vitest';
import { createUser, getTokens } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';
import { codeIn, inboxMessages, waitForMail } from './src/mail';

/**
 * "Forgot password?" end to end: the code goes through the real mail path (cognito-local, the
 * CustomMessage trigger, SMTP, the inbox), the new password signs in and the old one no longer does.
 */
describe('forgot password', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  it('emails a reset code, sets the new password with it, and signs in with that one only', async () => {
    const user = await createUser(stack, { password: 'old-secret1' });
    const page = await openPage();
    await page.goto(new URL('/auth', stack.url).toString());
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    const since = new Date().toISOString();
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    const codeField = page.getByLabel('Reset code', { exact: true });
    await codeField.waitFor({ timeout: 20_000 });

    const mail = await waitForMail(stack, user.email, {
      subject: /reset your khelaghor password/i,
      after: since,
    });
    expect(mail.from).toContain('no-reply@khelaghor.local');
    expect(mail.html).toContain('Reset your password');
    expect(mail.text).toMatch(/Didn't ask\? Ignore this email/);
    await codeField.fill(codeIn(mail));
    await page.getByLabel('New password', { exact: true }).fill('new-secret2');
    await screenshot(page, 'forgot-password-reset');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();

    // Back on the Login tab with the email filled in.
    const email = page.getByRole('tabpanel').getByLabel('Email');
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor({ timeout: 20_000 });
    expect(await email.inputValue()).toBe(user.email);

    await expect(getTokens(stack, user.email, 'old-secret1')).rejects.toThrow();
    await signIn(page, stack, user.email, 'new-secret2');
    expect(new URL(page.url()).pathname.startsWith('/auth')).toBe(false);
    await page.context().close();
  });

  it('answers an unknown email as it answers a known one, and sends nothing', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    const page = await openPage();
    await page.goto(new URL('/auth', stack.url).toString());
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await page.getByLabel('Reset code', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await inboxMessages(stack, nobody)).toEqual([]);
    await page.context().close();
  });
});
