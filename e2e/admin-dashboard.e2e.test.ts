import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, createUser, getTokens, type TestUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';

const groupsOf = (idToken: string): string[] => {
  const payload = JSON.parse(
    Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  const groups = payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
};

/**
 * The demo admin runs the shop from the dashboard: a new product and variant, 2,500 codes
 * imported from a file, a customer's order refunded (wallet credited once), and the admin role
 * granted and removed.
 */
describe('admin dashboard', () => {
  const stack = inject('stack');
  const tag = randomUUID().slice(0, 6);
  const productName = `E2E Gift Card ${tag}`;
  const variantName = `৳150 Card ${tag}`;
  const openPage = browserForFile();
  let page: Page;
  let adminToken: string;
  let variantId = '';
  let customer: TestUser;

  const toast = (text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  const openSection = async (label: string) => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: label, exact: true })
      .click();
  };

  beforeAll(async () => {
    page = await openPage();
    page.on('dialog', (dialog) => void dialog.accept());
    adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    await signIn(page, stack, stack.admin.email, stack.admin.password);
  });

  it('shows the overview with the sales chart', async () => {
    await page.goto(new URL('/admin', stack.url).toString());
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('img', { name: /Sales per day/ }).waitFor();
    expect(await page.getByTestId('sales-bar').count()).toBe(14);
    await screenshot(page, 'admin-overview');
  });

  it('creates a product and a variant', async () => {
    await openSection('Products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await dialog.getByText('Product name is required').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(productName);
    await dialog.getByLabel('Category').fill('Gift Card');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await toast('Product created successfully');
    const row = page.locator(`[data-testid=product-row][data-name="${productName}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Yes'); // Voucher Support for Gift Card

    await openSection('Variants');
    await page.getByRole('button', { name: 'Add Variant' }).click();
    await dialog.getByLabel('Product', { exact: true }).selectOption({ label: productName });
    await dialog.getByLabel('Name', { exact: true }).fill(variantName);
    await dialog.getByLabel('Price (৳)').fill('150.50');
    await dialog.getByRole('button', { name: 'Create Variant' }).click();
    await toast('Variant created successfully');
    await page.locator(`[data-testid=variant-row][data-name="${variantName}"]`).waitFor();

    const variants = await callRoute(stack, 'adminListVariants', { token: adminToken });
    const variant = (
      variants.body.items as Array<{ id: string; name: string; price: number; stock: number }>
    ).find((v) => v.name === variantName);
    expect(variant).toMatchObject({ price: 15050, stock: 0 });
    variantId = variant!.id;
  });

  it('imports 2,500 codes from a file with visible progress', async () => {
    await openSection('Vouchers');
    await page.locator('#import-variant').selectOption(variantId);
    const codes = Array.from({ length: 2500 }, (_, i) => `E2E-${tag}-${String(i).padStart(5, '0')}`).join(
      '\n',
    );
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'codes.txt', mimeType: 'text/plain', buffer: Buffer.from(codes) });
    await page.getByText('2500 codes').waitFor();
    await page.getByRole('button', { name: 'Import Codes' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page
      .getByTestId('import-progress')
      .filter({ hasText: '2500 of 2500' })
      .waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('import-count-added').innerText()).toContain('2500');
    expect(await page.getByTestId('import-stock').innerText()).toContain('2500');
    await screenshot(page, 'admin-bulk-import');

    await openSection('Variants');
    const stock = page.locator(
      `[data-testid=variant-row][data-name="${variantName}"] [data-testid=variant-stock]`,
    );
    await stock.filter({ hasText: '2500' }).waitFor();
  });

  it('refunds a customer order once from the Orders table', async () => {
    customer = await createUser(stack, { fullName: 'Rafiq Buyer' });
    const token = customer.tokens.idToken;
    expect((await callRoute(stack, 'getMe', { token })).status).toBe(200);
    const credit = await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: customer.sub, type: 'credit', amount: 50_000, payment_method: 'admin_adjustment' },
    });
    expect(credit.status).toBe(201);
    const placed = await callRoute(stack, 'placeOrder', {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { id: string; status: string; total_amount: number };
    expect(order).toMatchObject({ status: 'completed', total_amount: 15050 });
    const balanceAfterBuy = (await callRoute(stack, 'getMe', { token })).body.balance as number;
    expect(balanceAfterBuy).toBe(50_000 - 15050);

    await openSection('Orders');
    await page.getByLabel('Search orders').fill(order.id.slice(0, 8));
    const row = page.locator(`[data-testid=order-row][data-order-id="${order.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(customer.email);
    const status = page.getByLabel(`Status of order ${order.id.slice(0, 8)}`);
    // Every status change asks first in the app's dialog; a refund names the money and the wallet.
    const confirm = page.getByRole('dialog');
    await status.selectOption('refunded');
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await toast('Order status updated');
    await row.getByText('Refunded', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-order-refunded');

    const afterRefund = (await callRoute(stack, 'getMe', { token })).body.balance as number;
    expect(afterRefund).toBe(50_000);

    // Setting it again (through another status) must not credit a second time.
    await status.selectOption('completed');
    await confirm.getByRole('button', { name: 'Change status' }).click();
    await row.locator('[data-variant]').filter({ hasText: 'completed' }).waitFor();
    await status.selectOption('refunded');
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await row.locator('[data-variant]').filter({ hasText: 'refunded' }).waitFor();
    expect((await callRoute(stack, 'getMe', { token })).body.balance).toBe(50_000);
  });

  it('grants and removes the admin role of a user', async () => {
    const user = customer ?? (await createUser(stack));
    await callRoute(stack, 'getMe', { token: user.tokens.idToken });
    await openSection('Users');
    await page.getByLabel('Search users by email').fill(user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator(`[data-testid=user-row][data-email="${user.email}"]`);
    await row.waitFor();

    await row.getByRole('button', { name: 'Make Admin' }).click();
    // A role change takes effect at once: the app's dialog asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Make Admin' }).click();
    await toast('Admin role granted');
    await row.getByRole('button', { name: 'Remove Admin' }).waitFor();
    expect(groupsOf((await getTokens(stack, user.email, user.password)).idToken)).toContain('admin');

    await row.getByRole('button', { name: 'Remove Admin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove Admin' }).click();
    await toast('Admin role removed');
    await row.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(groupsOf((await getTokens(stack, user.email, user.password)).idToken)).not.toContain('admin');
    await screenshot(page, 'admin-users');
  });
});
