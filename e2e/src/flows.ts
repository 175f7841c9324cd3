import type { Page } from 'playwright-core';
import { freshTotpCode } from '../../local/src/admin-mfa';
import { knownTotpSecret } from './api';
import { screenshot } from './browser';
import { codeIn, waitForMail } from './mail';
import type { StackInfo } from './stack-info';

type Stack = Pick<StackInfo, 'url'> & { admin?: StackInfo['admin'] };

/** Wait until the SPA has left /auth (sign-in done) or fail with a screenshot and the toast text. */
async function leftAuthPage(page: Page, what: string): Promise<void> {
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 20_000 });
  } catch (error) {
    const toast = await page
      .locator('[data-sonner-toast]')
      .allInnerTexts()
      .catch(() => []);
    const shot = await screenshot(page, `${what}-failed-${Date.now()}`, 'failure');
    throw new Error(
      `${what} did not finish (still on /auth; toasts: ${JSON.stringify(toast)}; screenshot ${shot}): ${(error as Error).message}`,
    );
  }
}

/**
 * Sign up through the real /auth page (Sign Up tab), then "Verify your email" with the code read
 * from the stack's mail inbox, as a person would; ends signed in on the page the SPA goes to.
 */
export async function signUp(
  page: Page,
  stack: Stack & Pick<StackInfo, 'inboxUrl'>,
  user: { fullName: string; phone?: string; email: string; password: string },
): Promise<void> {
  const since = new Date().toISOString();
  await page.goto(new URL('/auth', stack.url).toString());
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Full Name').fill(user.fullName);
  if (user.phone) await form.getByLabel('Phone').fill(user.phone);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const codeField = page.getByLabel('Verification code', { exact: true });
  await codeField.waitFor({ timeout: 20_000 });
  const mail = await waitForMail(stack, user.email, { subject: /verification code/i, after: since });
  await codeField.fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify email', exact: true }).click();
  await leftAuthPage(page, 'sign-up');
}

/**
 * Log in through the real /auth page (Login tab). A user with an authenticator app (the demo
 * admin, or `totpSecret` given) gets the SPA's code step and answers it with a computed code.
 */
export async function signIn(
  page: Page,
  stack: Stack,
  email: string,
  password: string,
  totpSecret = knownTotpSecret(stack, email),
): Promise<void> {
  await page.goto(new URL('/auth', stack.url).toString());
  await page.getByRole('tab', { name: 'Login' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  if (totpSecret) {
    const code = page.getByLabel('Authenticator code');
    await code.waitFor({ timeout: 20_000 });
    await code.fill(await freshTotpCode(totpSecret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await leftAuthPage(page, 'sign-in');
}

/**
 * Close the home page's announcement popup if it shows (it opens once /api/site has loaded, and
 * while it is open the rest of the page is hidden from role queries).
 */
export async function dismissAnnouncement(page: Page, waitMs = 3000): Promise<boolean> {
  const dialog = page.getByRole('dialog');
  try {
    await dialog.first().waitFor({ state: 'visible', timeout: waitMs });
  } catch {
    return false;
  }
  await page.keyboard.press('Escape');
  await dialog.first().waitFor({ state: 'hidden', timeout: 5000 });
  return true;
}

/** Product page to /payment: choose the package, type and verify the UID, choose the method. */
export async function fillOrder(
  page: Page,
  stack: Stack,
  order: { productId: string; variantName: string; uid: string; method: 'Wallet' | 'bKash' },
): Promise<void> {
  await page.goto(new URL(`/product/${order.productId}`, stack.url).toString());
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${order.variantName}`) })
    .click();
  await page.getByLabel('Player UID *').fill(order.uid);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('player-verified').waitFor();
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${order.method}`) })
    .click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL('**/payment');
}

/**
 * On Add Money (already open, the amount chosen): pay by bKash at the sandbox checkout and wait
 * for the 'Money Added!' page back in the shop.
 */
export async function payTopupAtSandbox(page: Page, stack: Stack): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: /^bKash$/ })
    .click();
  await page.getByRole('button', { name: 'Add Money', exact: true }).click();
  await page.waitForURL((url) => !url.href.startsWith(stack.url));
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/payment-success?**');
  await page.getByRole('heading', { name: 'Money Added!' }).waitFor();
}
