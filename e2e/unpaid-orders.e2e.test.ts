import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callRoute, uniqueEmail } from './src/api';
import { browserForFile } from './src/browser';
import { fillOrder, signUp } from './src/flows';

/**
 * Unpaid gateway orders in Chromium: a double click on Pay opens one checkout (the
 * order's one invoice, found again from My Orders), a buyer cancels an unpaid order after a
 * confirmation step, and a third unpaid order is refused with a way to the unpaid ones.
 */
const PHONE = { width: 360, height: 640 };

describe('unpaid orders', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let product: { id: string; variants: Array<{ name: string; stock: number }> };

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const found = catalog.body.products.find((p) => p.variants.some((v) => v.stock >= 10));
    if (!found) throw new Error('the seeded catalogue has no variant with 10 codes');
    product = found;
    expect(product, 'the seed should have a product with stock').toBeTruthy();
  });

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  const order = (page: Page, uid: string) =>
    fillOrder(page, stack, {
      productId: product.id,
      variantName: product.variants.find((v) => v.stock >= 10)!.name,
      uid,
      method: 'bKash',
    });
  const leaveForCheckout = (page: Page) => page.waitForURL((url) => !url.href.startsWith(stack.url));

  it('double click opens one checkout; My Orders finds it again, cancels it, and a third unpaid order is refused', async () => {
    const page = await openPage(PHONE);
    await signUp(page, stack, {
      fullName: 'Rahim Uddin',
      email: uniqueEmail('unpaid'),
      password: 'secret123',
    });

    await order(page, '1111111111');
    await page.getByRole('button', { name: /^Pay ৳/ }).dblclick();
    await leaveForCheckout(page);
    const checkout = page.url();

    // One order, and completing it goes back to the very same checkout (one invoice).
    await page.goto(`${stack.url}/my-orders`);
    await page.getByRole('button', { name: 'Complete payment' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Complete payment' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await leaveForCheckout(page);
    expect(page.url()).toBe(checkout);

    // Cancel asks first, then gives the order up.
    await page.goto(`${stack.url}/my-orders`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await toast(page, 'Order cancelled').waitFor();
    // The buyer gave it up: 'Cancelled', not a failed payment.
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Complete payment' }).count()).toBe(0);

    // Two unpaid orders are allowed; the third is refused with a way to the unpaid ones.
    for (const uid of ['2222222222', '3333333333']) {
      await order(page, uid);
      await page.getByRole('button', { name: /^Pay ৳/ }).click();
      await leaveForCheckout(page);
    }
    await order(page, '4444444444');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await toast(page, 'You have unpaid orders: pay or cancel them first').waitFor();
    await toast(page, 'You have unpaid orders').getByRole('button', { name: 'My Orders' }).click();
    await page.waitForURL('**/my-orders');
    await expect.poll(() => page.getByRole('button', { name: 'Complete payment' }).count()).toBe(2);
    await page.context().close();
  });
});
