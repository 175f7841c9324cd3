/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callRoute, uniqueEmail } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { dismissAnnouncement, fillOrder as fillOrderFlow, signUp, payTopupAtSandbox } from './src/flows';
import { waitForMail } from './src/mail';

/**
 * The customer storefront in Chromium, one browser and one signed-in page for the money flows:
 * add money through the sandbox gateway, buy with the wallet, find the code in My Codes; buy
 * through the sandbox; cancel at the sandbox. Plus UID errors, 404 and 360×640 screenshots.
 */
const PHONE = { width: 360, height: 640 };

describe('storefront', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let product: {
    id: string;
    name: string;
    variants: Array<{ id: string; name: string; stock: number; price: number }>;
  };
  let variantName: string;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const products = (catalog.body?.products ?? []) as Array<typeof product & { category: string | null }>;
    // A product with plenty of codes, so gateway and wallet purchases never run it dry.
    product = products.find((p) => p.variants.some((v) => v.stock >= 10))!;
    expect(product, 'the seed should have a product with stock').toBeTruthy();
    variantName = product.variants.find((v) => v.stock >= 10)!.name;
  });

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

  const fillOrder = (page: Page, uid: string, method: 'Wallet' | 'bKash') =>
    fillOrderFlow(page, stack, { productId: product.id, variantName, uid, method });

  it('home and product page at 360×640 (screenshots), and the 404 page', async () => {
    const page = await openPage(PHONE);
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    const card = page.locator(`#products a[href="/product/${product.id}"]`).first();
    await card.waitFor();
    await screenshot(page, 'storefront-home-360x640');

    await card.click();
    await page.waitForURL(`**/product/${product.id}`);
    await page.getByRole('heading', { name: 'Select Package' }).waitFor();
    await screenshot(page, 'storefront-product-360x640');

    // An unknown path answers 404 (contract/src/spa-edge.ts, as CloudFront does) with the SPA,
    // which shows its 404 page; the SPA's own pages answer 200.
    const notFound = await page.goto(`${stack.url}/no-such-page`);
    expect(notFound?.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    for (const known of ['/my-orders', `/product/${product.id}`, '/faq'])
      expect((await fetch(`${stack.url}${known}`)).status, known).toBe(200);
    expect((await fetch(`${stack.url}/orders`)).status).toBe(404);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.context().close();
  });

  it('checks the Player UID with the shop texts and forgets a check when the UID changes', async () => {
    const page = await openPage(PHONE);
    await page.goto(`${stack.url}/product/${product.id}`);
    const uid = page.getByLabel('Player UID *');
    const verify = page.getByRole('button', { name: 'Verify' });
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });

    await verify.click();
    await toast(page, 'Please enter Player UID').waitFor();
    await uid.fill('1234');
    await verify.click();
    await toast(page, 'Invalid UID').waitFor();
    expect(await toast(page, 'Invalid UID').innerText()).toContain(
      'Please enter a valid game Player UID (8-12 digits)',
    );
    expect(await proceed.isDisabled()).toBe(true);

    await uid.fill('123456789');
    await verify.click();
    await page.getByTestId('player-verified').waitFor();
    expect(await proceed.isEnabled()).toBe(true);
    await uid.fill('1234567890');
    expect(await page.getByTestId('player-verified').count()).toBe(0);
    expect(await proceed.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('signs up, adds money through the sandbox, buys with the wallet, copies the code in My Codes, buys through the sandbox and cancels one', async () => {
    const page = await openPage(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const email = uniqueEmail('shopper');
    await signUp(page, stack, { fullName: 'Karim Ahmed', email, password: 'secret123' });

    // Add money: the gateway sandbox, back to the success page, wallet credited.
    await page.goto(`${stack.url}/add-money`);
    await page.getByRole('button', { name: '৳500' }).click();
    await payTopupAtSandbox(page, stack);
    await page.getByText('Balance: ৳500.00').waitFor();

    // Buy with the wallet: delivered at once, the code on the success page.
    await fillOrder(page, '1234567890', 'Wallet');
    await page.getByRole('button', { name: /^Pay ৳/ }).dblclick();
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const masked = await page.getByTestId('voucher-code').innerText();
    await page.getByRole('button', { name: 'Reveal code' }).click();
    const code = await page.getByTestId('voucher-code').innerText();
    expect(code.length).toBeGreaterThan(0);
    if (code.length > 8)
      expect(masked).toBe(`${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`);

    // The receipt with that code, and the top-up's notice, are in the stack's inbox (the notifier
    // reads the table's change stream): opened in the inbox page as a person would.
    await waitForMail(stack, email, { subject: /^Money added to your wallet: ৳500\.00$/ });
    const receipt = await waitForMail(stack, email, { subject: /^Your code for / });
    expect(receipt.text).toContain(`Code: ${code}`);
    const inbox = await openPage(PHONE);
    await inbox.goto(`${stack.inboxUrl}/?to=${encodeURIComponent(email)}`);
    await inbox.getByText(receipt.subject).click();
    await inbox.getByText(`Code: ${code}`).waitFor();
    await inbox.close();

    // The double click above made one order only.
    const orders = page.waitForResponse(
      (r) => r.url().includes('/api/orders') && r.request().method() === 'GET',
    );
    await page.goto(`${stack.url}/my-orders`);
    const list = (await (await orders).json()) as { items: unknown[] };
    expect(list.items).toHaveLength(1);

    // My Codes: the same code, masked, revealed and copied.
    await page.goto(`${stack.url}/my-codes`);
    await page.getByTestId('voucher-code').first().waitFor();
    await page.getByRole('button', { name: 'Reveal code' }).first().click();
    expect(await page.getByTestId('voucher-code').first().innerText()).toBe(code);
    await page.getByRole('button', { name: 'Copy code' }).first().click();
    await toast(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Buy through the sandbox gateway: pay, come back, the code is shown.
    await fillOrder(page, '9876543210', 'bKash');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/payment-success?**');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('voucher-code').innerText()).not.toBe('');
    await screenshot(page, 'storefront-gateway-success');

    // Cancel at the sandbox: 'You cancelled the payment' with retry and support, no bank-declined tips.
    await fillOrder(page, '5555555555', 'bKash');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment-failed?**');
    await page.getByRole('heading', { name: 'You cancelled the payment' }).waitFor();
    for (const issue of ['Insufficient Balance', 'Network Error', 'Bank Declined', 'Session Expired']) {
      expect(await page.getByRole('heading', { name: issue }).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Try Again' }).waitFor();

    // Logout from the account menu: a toast, home, and protected pages send to /auth.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out').waitFor();
    expect(await toast(page, 'Logged out').innerText()).toContain('You have been successfully logged out');
    await page.waitForURL(`${stack.url}/`);
    await page.goto(`${stack.url}/my-codes`);
    await page.waitForURL('**/auth');
    await page.context().close();
  });
});
