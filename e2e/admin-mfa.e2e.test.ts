import { describe, expect, inject, it } from 'vitest';
import { freshTotpCode, hasTotp } from '../local/src/admin-mfa';
import { callRoute, createUser, getTokens } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';

/**
 * The local stack, like AWS, wants admins to have an authenticator app (ADMIN_MFA=required).
 * A new admin without one signs in with the password, opens the dashboard, gets the enrol screen,
 * adds the app (the code computed from the setup key shown), is signed out as every session from
 * before the app is, and signs in again with the app's code to reach the dashboard.
 */
describe('admin MFA', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  it('the demo admin is enrolled: its tokens need the code, and the API lets it in', async () => {
    expect(stack.admin.totpSecret).toBeTruthy();
    expect(await hasTotp(stack.cognitoUrl, stack.userPoolId, stack.admin.email)).toBe(true);
    const { idToken } = await getTokens(stack, stack.admin.email, stack.admin.password);
    expect((await callRoute(stack, 'adminStats', { token: idToken })).status).toBe(200);
  });

  it('a new admin without an app gets the enrol screen, enrols, signs in again with the code, reaches the dashboard', async () => {
    const admin = await createUser(stack, { fullName: 'Nadia New-Admin', admin: true });
    // The API refuses the admin routes until the app is set up, saying how.
    const refused = await callRoute(stack, 'adminStats', { token: admin.tokens.idToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'mfa_required' } });

    const page = await openPage();
    await signIn(page, stack, admin.email, admin.password); // no app yet: the password alone
    await page.goto(new URL('/admin', stack.url).toString());
    await page.getByText('Set up two-step sign-in').waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByTestId('totp-uri').getAttribute('href')).toContain(`secret=${secret}`);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await screenshot(page, 'admin-mfa-enrol');

    await page.getByLabel('Code from the app').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    // Every session begun before the app ends here (on AWS Cognito signs them all out): this one
    // is signed out and sent to sign in again, now with the app's code.
    await page.waitForURL((url) => url.pathname.startsWith('/auth'));
    await screenshot(page, 'admin-mfa-enrolled');
    await page.context().close();

    // The tokens from before the app no longer open admin routes, and the next sign-in asks for the code.
    const old = await callRoute(stack, 'adminStats', { token: admin.tokens.idToken });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: { reason: 'admin_sign_in_again' } });
    await expect(getTokens(stack, admin.email, admin.password, '')).rejects.toThrow(/authenticator app/);
    const again = await openPage();
    await signIn(again, stack, admin.email, admin.password, secret);
    await again.goto(new URL('/admin', stack.url).toString());
    await again.getByRole('heading', { name: 'Overview' }).waitFor();
    await again.getByTestId('status-count-completed').waitFor();
    await again.context().close();
  });
});
