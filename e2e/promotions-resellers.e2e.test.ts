/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../local/src/stack';
import { callRoute, createUser, getTokens, type TestUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { fillOrder, signIn } from './src/flows';

/**
 * Promotions and resellers as a new user tries them: the admin creates a promo code in Admin → Promotions and a
 * buyer pays the discounted price at checkout; the admin makes a customer a reseller, the
 * reseller makes an API key on their page, and the bash example of docs/reseller-api.md (curl +
 * openssl, run as written) places an order whose signed callback reaches the local receiver.
 */
const PHONE = { width: 360, height: 640 };

interface Variant {
  id: string;
  name: string;
  price: number;
  stock: number;
}

describe('promotions and resellers', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  const tag = randomUUID().slice(0, 6).toUpperCase();
  let adminToken: string;
  let admin: Page;
  let product: { id: string; name: string; variants: Variant[] };
  let variant: Variant;

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  const openSection = (label: string) =>
    admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: label, exact: true })
      .click();
  const fundedCustomer = async (fullName: string, amount: number): Promise<TestUser> => {
    const user = await createUser(stack, { fullName });
    expect((await callRoute(stack, 'getMe', { token: user.tokens.idToken })).status).toBe(200);
    const credit = await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: user.sub, type: 'credit', amount, payment_method: 'admin_adjustment' },
    });
    expect(credit.status).toBe(201);
    return user;
  };
  const balanceOf = async (user: TestUser) =>
    (await callRoute(stack, 'getMe', { token: user.tokens.idToken })).body.balance as number;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const products = catalog.body.products as Array<typeof product>;
    product = products.find((p) => p.variants.some((v) => v.stock >= 10))!;
    variant = product.variants.find((v) => v.stock >= 10)!;
    adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    admin = await openPage();
    await signIn(admin, stack, stack.admin.email, stack.admin.password);
  });

  it('an admin creates a promo code and a buyer pays the discounted price at checkout', async () => {
    const code = `EID${tag}`;
    await admin.goto(new URL('/admin/promotions', stack.url).toString());
    await admin.getByRole('button', { name: 'Add Promo code' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Discount type').selectOption('percent');
    await dialog.getByLabel('Discount (%)').fill('20');
    await dialog.getByLabel('Total uses').fill('5');
    await dialog.getByRole('button', { name: 'Create Promo code' }).click();
    await toast(admin, 'Promo code created');
    await admin.locator(`[data-testid=promo-row][data-code="${code}"]`).waitFor();

    const buyer = await fundedCustomer('Promo Buyer', 100_000);
    const page = await openPage(PHONE);
    await signIn(page, stack, buyer.email, buyer.password);
    await fillOrder(page, stack, {
      productId: product.id,
      variantName: variant.name,
      uid: '123456789',
      method: 'Wallet',
    });
    await page.getByLabel('Promo code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('promo-applied').waitFor();
    const discount = Math.floor((variant.price * 20) / 100);
    const total = variant.price - discount;
    expect(await page.getByTestId('order-total').innerText()).toContain((total / 100).toFixed(2));
    await screenshot(page, 'checkout-promo-360x640');
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL('**/payment-success?order_id=*');
    expect(await balanceOf(buyer)).toBe(100_000 - total);

    const detail = await callRoute(stack, 'adminGetPromo', { token: adminToken, params: { code } });
    expect(detail.body.promo).toMatchObject({ uses: 1, discount_given: discount });
    expect(detail.body.orders.items).toEqual([
      expect.objectContaining({ list_amount: variant.price, discount_amount: discount, total_amount: total }),
    ]);
    await page.context().close();
  });

  it("a reseller's key, the doc's curl lines and a signed callback in the local receiver", async () => {
    const reseller = await fundedCustomer('Reseller Shop', 200_000);
    await openSection('Resellers');
    await admin.getByRole('button', { name: 'Add Reseller' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Find customer by email').fill(reseller.email);
    await dialog.getByLabel('Find customer by email').press('Enter');
    await dialog.getByRole('button', { name: `Choose ${reseller.email}` }).click();
    await dialog.getByLabel(`Discount % for ${product.name}`).fill('10');
    await dialog.getByRole('button', { name: 'Make reseller' }).click();
    await toast(admin, 'Reseller created');

    const page = await openPage(PHONE);
    await signIn(page, stack, reseller.email, reseller.password);
    await page.goto(new URL('/reseller', stack.url).toString());
    const callbackPath = `/e2e/${tag}`;
    await page.getByLabel('Callback URL').fill(`${stack.callbacksUrl}${callbackPath}`);
    await page.getByRole('button', { name: 'Save callback URL' }).click();
    await toast(page, 'Callback URL saved');
    await page.getByLabel('Label (optional)').fill('e2e');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const keyId = await page.getByTestId('new-key-id').innerText();
    const secret = await page.getByTestId('new-key-secret').innerText();
    await screenshot(page, 'reseller-new-key-360x640');

    // The doc's bash block, as written, with the placeholder filled in.
    const doc = readFileSync(join(repoRoot, 'docs/reseller-api.md'), 'utf8');
    const block = /### From bash[\s\S]*?```bash\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, 'docs/reseller-api.md has the bash example').toContain(
      'kg_call POST /api/reseller/v1/orders',
    );
    const out = execFileSync(
      'bash',
      ['-euo', 'pipefail', '-c', block!.replace('<a variant id from the catalog>', variant.id)],
      {
        env: { ...process.env, KG_URL: stack.url, KG_KEY_ID: keyId, KG_SECRET: secret },
        encoding: 'utf8',
      },
    );
    const [balance, catalog, placed, list] = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const price = variant.price - Math.floor((variant.price * 10) / 100);
    expect(balance).toMatchObject({ balance: 200_000 });
    const listed = catalog.products.flatMap((p: { variants: Variant[] }) => p.variants);
    expect(listed).toContainEqual(
      expect.objectContaining({ id: variant.id, price, list_price: variant.price }),
    );
    expect(placed.order).toMatchObject({
      status: 'completed',
      total_amount: price,
      code: expect.any(String),
    });
    expect(placed.balance).toBe(200_000 - price);
    expect(list.items.map((o: { id: string }) => o.id)).toContain(placed.order.id);

    // The callback, signed with the key, reaches the reseller's receiver.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.callbacksUrl}/_/calls`);
          const calls = ((await res.json()) as { calls: Array<Record<string, unknown>> }).calls;
          return calls.filter((c) => c.path === callbackPath);
        },
        { timeout: 20_000 },
      )
      .toEqual([
        expect.objectContaining({ event: 'order.completed', keyId, signature: 'ok', answered: 200 }),
      ]);
    const [call] = (
      (await (await fetch(`${stack.callbacksUrl}/_/calls`)).json()) as {
        calls: Array<{ path: string; body: string }>;
      }
    ).calls.filter((c) => c.path === callbackPath);
    expect(JSON.parse(call!.body).order).toMatchObject({ id: placed.order.id, code: placed.order.code });

    // The reseller sees it delivered on their page.
    await page.reload();
    await page.getByTestId('callback').filter({ hasText: 'delivered' }).first().waitFor();
    await page.context().close();
  });
});
