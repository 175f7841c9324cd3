/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import checkoutBn from '../web/src/features/checkout/i18n/bn.json';
import productBn from '../web/src/features/catalog/product/i18n/bn.json';
import sharedBn from '../web/src/shared/lib/i18n/bn.json';
import { callRoute, createUser, getTokens, type TestUser } from './src/api';
import { browserForFile, DESKTOP, screenshot } from './src/browser';
import { dismissAnnouncement, signIn } from './src/flows';
import { waitForMail } from './src/mail';

/**
 * Issue 31 in Chromium: a Bangla buyer on a 360-px phone buys 100 diamonds for their UID through
 * the gateway; the top-up goes to the UniPin sandbox, the page says 'Processing' while UniPin
 * works on it, then shows the completed order with UniPin's transaction id, and the receipt mail
 * comes. An admin completes a manual (operator) order from the Fulfilment queue with proof.
 */
const PHONE = { width: 360, height: 640 };
// One line on a card: the first-screen test measures the first card, whichever file made it.
const PRODUCT = 'Direct Diamonds';

describe('direct top-ups', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let adminToken: string;
  let buyer: TestUser;
  let productId: string;
  let manualVariantId: string;

  const unipin = (path: string, body: unknown) =>
    fetch(`${stack.unipinUrl}/_sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    const product = await callRoute(stack, 'adminCreateProduct', {
      token: adminToken,
      body: { name: PRODUCT, category: 'Diamonds', is_active: true, display_order: 99 },
    });
    expect(product.status).toBe(201);
    productId = product.body.product.id;
    const variant = (name: string, price: number, fulfilment: Record<string, unknown>) =>
      callRoute(stack, 'adminCreateVariant', {
        token: adminToken,
        body: { product_id: productId, name, price, is_active: true, fulfilment },
      });
    const topup = await variant('100 Diamonds', 9_000, {
      kind: 'supplier_topup',
      supplier: 'unipin',
      supplier_product_id: 'FF-100',
      game_code: 'FREEFIRE',
    });
    expect(topup.status).toBe(201);
    const manual = await variant('86 Manual Diamonds', 15_000, { kind: 'operator' });
    expect(manual.status).toBe(201);
    manualVariantId = manual.body.variant.id;
    buyer = await createUser(stack, { fullName: 'Nusrat Jahan' });
    // UniPin keeps new orders 'processing' until the test settles them: the page shows it.
    expect((await unipin('faults', { pending: true })).status).toBe(200);
  });
  afterAll(async () => {
    await unipin('clear-faults', {});
  });

  it("a Bangla buyer on a phone: gateway payment, 'Processing', then UniPin's transaction id and the receipt", async () => {
    const page = await openPage(PHONE);
    await signIn(page, stack, buyer.email, buyer.password);
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');

    await page.goto(`${stack.url}/product/${productId}`);
    await page
      .locator('label')
      .filter({ hasText: /^100 Diamonds/ })
      .click();
    expect(await page.getByTestId('you-get').innerText()).toBe(
      productBn.youGetTopup.replace('{minutes}', '৫'),
    );
    await page.getByLabel(productBn.playerUidLabel).fill('12345678');
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    await page.locator('label').filter({ hasText: /bKash/ }).first().click();
    await screenshot(page, 'direct-topup-product-360x640');
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    const started = new Date().toISOString();
    await page
      .getByRole('button', { name: new RegExp(checkoutBn.payAmount.replace('{amount}', '').trim()) })
      .click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/payment-success?**');

    // Paid, and UniPin is working on it: 'Processing' with the promise.
    await page.getByRole('heading', { name: sharedBn.statusProcessing }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').first().innerText()).toContain('৫');
    await screenshot(page, 'direct-topup-processing-360x640');
    const orders = await callRoute(stack, 'listOrders', { token: buyer.tokens.idToken });
    const order = orders.body.items.find((o) => o.product_id === productId)!;
    expect(order).toMatchObject({ status: 'processing', player_uid: '12345678' });

    // UniPin finishes it; the shop's inquiry (the minute's sweep) completes the order.
    expect((await unipin('complete', { reference_no: order.id, outcome: 'completed' })).status).toBe(200);
    const trxRow = page.getByText(checkoutBn.topupTransactionId);
    await trxRow.waitFor({ timeout: 150_000 });
    const seen = await callRoute(stack, 'getOrder', {
      token: buyer.tokens.idToken,
      params: { id: order.id },
    });
    const trx = seen.body.order.fulfilment?.supplier_transaction_id ?? '';
    expect(seen.body.order.status).toBe('completed');
    expect(trx).toBeTruthy();
    expect(await page.locator('body').innerText()).toContain(trx);
    await screenshot(page, 'direct-topup-completed-360x640');

    const mail = await waitForMail(stack, buyer.email, {
      after: started,
      subject: /টপ-আপ/,
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain(trx);
    expect(mail.text).toContain('12345678');
    await page.context().close();
  });

  it('an admin completes a manual order from the Fulfilment queue with proof', async () => {
    const credit = await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: buyer.sub, type: 'credit', amount: 15_000, payment_method: 'admin_adjustment' },
    });
    expect(credit.status).toBe(201);
    const placed = await callRoute(stack, 'placeOrder', {
      token: buyer.tokens.idToken,
      headers: { 'Idempotency-Key': `manual-${Date.now()}` },
      body: { variant_id: manualVariantId, player_uid: '55566677', payment_method: 'wallet' },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id;

    const page = await openPage(DESKTOP);
    await signIn(page, stack, stack.admin.email, stack.admin.password);
    await page.goto(`${stack.url}/admin/fulfilment`);
    const card = page.getByRole('listitem', { name: `${PRODUCT} - 86 Manual Diamonds` });
    await card.getByText('55566677').waitFor();
    await card.getByRole('button', { name: 'Claim' }).click();
    await card.getByLabel("Game's transaction ID or note").fill('GAME-TRX-55566677');
    await card.getByRole('button', { name: 'Done' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('“GAME-TRX-55566677” as the transaction ID', { exact: false }).waitFor();
    await screenshot(page, 'direct-topup-admin-done');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(async () => {
        const o = await callRoute(stack, 'getOrder', {
          token: buyer.tokens.idToken,
          params: { id: orderId },
        });
        return [o.body.order.status, o.body.order.fulfilment?.supplier_transaction_id];
      })
      .toEqual(['completed', 'GAME-TRX-55566677']);
    await page.context().close();
  });
});
