/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, uniqueEmail } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signUp, payTopupAtSandbox } from './src/flows';

/**
 * Product kinds at 360×640: a gift card asks for no Player UID, is bought with the
 * wallet, and the success page and My Codes show its own redeem steps and official link.
 */
const PHONE = { width: 360, height: 640 };

describe('product kinds', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  type Product = {
    id: string;
    name: string;
    account_fields: string;
    redeem_steps: string[];
    redeem_url: string | null;
    variants: Array<{ id: string; name: string; stock: number; price: number }>;
  };
  let gift: Product;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const products = (catalog.body?.products ?? []) as Product[];
    gift = products.find((p) => p.name === 'Google Play Gift Card')!;
    expect(gift, 'the seed has the Google Play gift card').toBeTruthy();
    expect(gift.account_fields).toBe('none');
    expect(gift.redeem_url).toBe('https://play.google.com/redeem');
  });

  it('a gift card is bought without a Player UID; success page and My Codes show how to redeem', async () => {
    const page = await openPage(PHONE);
    const email = uniqueEmail('giftcard');
    await signUp(page, stack, { fullName: 'Nusrat Jahan', email, password: 'secret123' });

    // Money in the wallet through the sandbox gateway.
    await page.goto(`${stack.url}/add-money`);
    await page.getByRole('button', { name: '৳1,000' }).click();
    await payTopupAtSandbox(page, stack);

    // The product page asks for nothing: no Player UID, no Verify.
    const variant = gift.variants.find((v) => v.stock > 0 && v.price <= 100_000)!;
    await page.goto(`${stack.url}/product/${gift.id}`);
    await page.getByRole('heading', { name: 'Select Package' }).waitFor();
    await page.getByTestId('no-account-needed').waitFor();
    expect(await page.getByLabel('Player UID *').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);
    await screenshot(page, 'product-kinds-gift-card-360x640');
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${variant.name}`) })
      .click();
    await page
      .locator('label')
      .filter({ hasText: /^Wallet/ })
      .click();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // The success page: the code and the product's own redeem steps and link.
    await page.getByTestId('voucher-code').waitFor();
    const steps = page.getByTestId('redeem-steps');
    await steps.waitFor();
    expect(await steps.innerText()).toContain(gift.redeem_steps[0]!);
    expect(await steps.getByRole('link', { name: 'Official redeem page' }).getAttribute('href')).toBe(
      'https://play.google.com/redeem',
    );
    expect(await page.getByText('Player UID').count()).toBe(0);
    await screenshot(page, 'product-kinds-success-360x640');

    // My Codes: the same help under the code.
    await page.goto(`${stack.url}/my-codes`);
    await page.getByTestId('voucher-code').first().waitFor();
    const mine = page.getByTestId('redeem-steps').first();
    await mine.getByText('How to redeem').click();
    await mine.getByText(gift.redeem_steps[1]!).waitFor();
    expect(await mine.getByRole('link', { name: 'Official redeem page' }).getAttribute('href')).toBe(
      'https://play.google.com/redeem',
    );
    await page.context().close();
  });
});
