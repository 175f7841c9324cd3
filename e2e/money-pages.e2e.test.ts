/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatTaka } from '@khelaghor/contract/taka';
import { callRoute, uniqueEmail } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signUp, payTopupAtSandbox } from './src/flows';

/**
 * The money pages at 360×640: the shop's receiving accounts on the TrxID page, a checkout
 * short of balance that goes to Add Money and comes back to the same order, the gateway's cancel,
 * an unpaid order's 'Complete payment', an anonymous /payment and the masked code on one line.
 */
const PHONE = { width: 360, height: 640 };

describe('money pages', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  type Variant = { id: string; name: string; stock: number; price: number };
  let product: { id: string; name: string };
  let variant: Variant;
  let variantName: string;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const products = (catalog.body?.products ?? []) as Array<{
      id: string;
      name: string;
      account_fields?: string;
      variants: Variant[];
    }>;
    // A game that asks for a Player UID only, with plenty of codes.
    const found = products.find(
      (p) => (p.account_fields ?? 'player_uid') === 'player_uid' && p.variants.some((v) => v.stock >= 10),
    )!;
    product = found;
    variant = found.variants.find((v) => v.stock >= 10)!;
    variantName = variant.name;
  });

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  /**
   * The checkout the product page hands /payment (its PaymentState), started the way the payment
   * page keeps it (sessionStorage), so these money checks do not hang on the product page's own
   * steps (they change with the product's kind). The server prices the order from the table.
   */
  const fillOrder = async (page: Page, uid: string, method: 'Wallet' | 'bKash') => {
    const state = {
      product: product.name,
      productId: product.id,
      variant: variant.name,
      variantId: variant.id,
      price: formatTaka(variant.price),
      amount: variant.price,
      playerUID: uid,
      playerName: '',
      whatsappNumber: '',
      paymentMethod: method === 'Wallet' ? 'wallet' : 'bkash',
    };
    await page.evaluate((s) => sessionStorage.setItem('khelaghor.checkout.v1', JSON.stringify(s)), state);
    await page.goto(`${stack.url}/payment`);
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  };
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('an anonymous visitor on /payment goes to /auth', async () => {
    const page = await openPage(PHONE);
    await page.goto(`${stack.url}/payment`);
    await page.waitForURL('**/auth');
    await toast(page, 'Please login to continue').waitFor();
    await page.context().close();
  });

  it('TrxID page, short balance round trip, cancel, Complete payment and the masked code', async () => {
    const page = await openPage(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await signUp(page, stack, {
      fullName: 'Rahim Uddin',
      email: uniqueEmail('money'),
      password: 'secret123',
    });

    // The TrxID page shows where to send money, with working copy buttons.
    await page.goto(`${stack.url}/add-money`);
    await page
      .locator('label')
      .filter({ hasText: /^bKash$/ })
      .click();
    await page.getByRole('button', { name: 'I sent money (TrxID)' }).click();
    await page.getByText('bKash (Personal)').waitFor();
    await page.getByText('01712345678').waitFor();
    await page.getByRole('button', { name: 'Copy number 01712345678' }).click();
    await toast(page, 'Copied!').waitFor();
    expect(await clipboard(page)).toBe('01712345678');
    await page
      .locator('label')
      .filter({ hasText: /^Bank Transfer$/ })
      .click();
    await page.getByText('Dutch-Bangla Bank').waitFor();
    expect(await page.getByText('Khelaghor Ltd, Gulshan branch').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Copy number 1051100012345' }).click();
    await expect.poll(() => clipboard(page)).toBe('1051100012345');
    await screenshot(page, 'money-trxid-360x640');

    // A wallet checkout with no balance: Pay is disabled, Add Money carries the way back.
    await fillOrder(page, '1234567890', 'Wallet');
    const pay = page.getByRole('button', { name: /^Pay ৳/ });
    expect(await pay.isDisabled()).toBe(true);
    await page.getByText('(not enough: add money first)').waitFor();
    // A reload keeps the checkout (sessionStorage), still short.
    await page.reload();
    await page.getByText('(not enough: add money first)').waitFor();
    expect(await page.getByRole('button', { name: /^Pay ৳/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add Money' }).click();
    await page.waitForURL('**/add-money?amount=*&return=%2Fpayment');
    await page.getByRole('link', { name: 'Back to checkout' }).waitFor();
    await payTopupAtSandbox(page, stack);
    await page.getByRole('link', { name: /^Back to checkout/ }).click();
    await page.waitForURL('**/payment');
    await page.getByText('1234567890').first().waitFor();
    await page.getByText(variantName).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Pay ৳/ }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // The masked code stays on one line at 360 px, and still reads as the mask.
    const code = page.getByTestId('voucher-code');
    const box = (await code.boundingBox())!;
    const lineHeight = await code.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 2);
    const masked = await code.innerText();
    await page.getByRole('button', { name: 'Reveal code' }).click();
    const full = await code.innerText();
    if (full.length > 8)
      expect(masked).toBe(`${full.slice(0, 4)}${'*'.repeat(full.length - 8)}${full.slice(-4)}`);
    await screenshot(page, 'money-success-360x640');
    await page.goto(`${stack.url}/my-codes`);
    const listed = page.getByTestId('voucher-code').first();
    await listed.waitFor();
    expect((await listed.boundingBox())!.height).toBeLessThan(lineHeight * 2);

    // Cancelling at the gateway: 'You cancelled the payment', no bank tips, Try Again = same checkout.
    await fillOrder(page, '5555555555', 'bKash');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment-failed?**');
    await page.getByRole('heading', { name: 'You cancelled the payment' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Bank Declined' }).count()).toBe(0);
    expect(await page.getByText('Payment processing failed').count()).toBe(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL('**/payment');
    await page.getByText('5555555555').first().waitFor();

    // An unpaid gateway order: 'Complete payment' to its checkout, no receipt yet.
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    const gatewayUrl = page.url();
    // Its id from My Orders' list (the newest order is the unpaid one just placed).
    const ordersRes = page.waitForResponse(
      (r) => r.url().includes('/api/orders') && r.request().method() === 'GET',
    );
    await page.goto(`${stack.url}/my-orders`);
    const orders = (await (await ordersRes).json()) as { items: Array<{ id: string; status: string }> };
    const orderId = orders.items.find((o) => o.status === 'pending')!.id;
    await page.goto(`${stack.url}/payment-success?order_id=${orderId}`);
    const complete = page.getByRole('link', { name: 'Complete payment' });
    await complete.waitFor();
    expect(await page.getByRole('button', { name: 'Download Receipt' }).count()).toBe(0);
    await complete.click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    expect(new URL(page.url()).origin).toBe(new URL(gatewayUrl).origin);
    await page.context().close();
  });
});
