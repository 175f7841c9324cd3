/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog-public';
import checkoutBn from '../web/src/features/checkout/i18n/bn.json';
import productBn from '../web/src/features/catalog/product/i18n/bn.json';
import ordersBn from '../web/src/features/orders/i18n/bn.json';
import componentsBn from '../web/src/shared/components/i18n/bn.json';
import { callRoute, createUser, getTokens, type TestUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { dismissAnnouncement, signIn } from './src/flows';

/**
 * A regular Bangla buyer on a 360-px phone (DESIGN 12 'Regular buyers'): after a first wallet
 * purchase the Player UID is saved on the account; from My Orders, 'Buy again' buys the same
 * package for the same player again in 3 taps (Buy again, Proceed, Pay); and a new Player UID
 * typed in Bangla digits (a Bangla keyboard's ১২৩...) is accepted and saved as digits.
 */
const PHONE = { width: 360, height: 640 };

describe('a regular buyer', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let ff: CatalogProduct;
  let variant: CatalogProduct['variants'][number];
  let buyer: TestUser;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    ff = catalog.body.products.find((p) => p.name === 'Free Fire Diamonds')!;
    variant = ff.variants.find((v) => v.name === '50 Diamonds')!;
    expect(variant.stock).toBeGreaterThanOrEqual(3);
    expect(variant.name_bn).toBeTruthy();
    buyer = await createUser(stack, { fullName: 'Sakib Hasan' });
    expect((await callRoute(stack, 'getMe', { token: buyer.tokens.idToken })).status).toBe(200);
    const adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    const credit = await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: buyer.sub, type: 'credit', amount: 50_000, payment_method: 'admin_adjustment' },
    });
    expect(credit.status).toBe(201);
  });

  const packageLabel = (page: Page) =>
    page
      .locator('label')
      .filter({ hasText: new RegExp(`^${variant.name_bn}`) })
      .first();
  const walletRadio = (page: Page) =>
    page.getByRole('radio', { name: new RegExp(componentsBn.methodWallet) });
  const payButton = (page: Page) =>
    page.getByRole('button', {
      name: new RegExp(`^৳.*${checkoutBn.payAmount.replace('{amount}', '').trim()}$`),
    });
  const myOrders = async () =>
    (await callRoute(stack, 'listOrders', { token: buyer.tokens.idToken })).body.items as Array<{
      id: string;
      status: string;
      product_variant_id: string;
      player_uid: string;
    }>;

  it('buys, then buys the same again from My Orders in 3 taps, then for a UID typed in Bangla digits', async () => {
    const page = await openPage(PHONE);
    await signIn(page, stack, buyer.email, buyer.password);
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');

    // The first purchase: package, Player UID typed and verified; the wallet covers it, so it is chosen.
    const uid = '2468013579';
    await page.goto(`${stack.url}/product/${ff.id}`);
    await packageLabel(page).click();
    await page.getByLabel(productBn.playerUidLabel).fill(uid);
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    await expect.poll(() => walletRadio(page).isChecked()).toBe(true);
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    await payButton(page).click();
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByTestId('voucher-code').waitFor();
    const first = new URL(page.url()).searchParams.get('order_id')!;

    // The second: from My Orders, every tap counted.
    await page.goto(`${stack.url}/my-orders`);
    const again = page.getByRole('button', { name: ordersBn.buyAgain }).first();
    await again.waitFor();
    let taps = 0;
    const tap = async (target: ReturnType<Page['getByRole']>) => {
      await target.click();
      taps++;
    };
    await tap(again);
    await page.waitForURL(`**/product/${ff.id}?**`);
    // Everything is set: the package, the saved player (verified again by the lookup), the wallet.
    await page.getByTestId('player-verified').waitFor();
    expect(await page.getByLabel(productBn.playerUidLabel).inputValue()).toBe(uid);
    expect(await packageLabel(page).locator('input').isChecked()).toBe(true);
    await expect.poll(() => walletRadio(page).isChecked()).toBe(true);
    expect(await page.getByTestId('saved-players').innerText()).toContain(uid);
    await screenshot(page, 'regular-buyer-buy-again-360x640');
    await tap(page.getByRole('button', { name: productBn.proceed }));
    await page.waitForURL('**/payment');
    await tap(payButton(page));
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByTestId('voucher-code').waitFor();
    expect(taps).toBeLessThanOrEqual(3);
    const second = new URL(page.url()).searchParams.get('order_id')!;
    expect(second).not.toBe(first);
    const orders = await myOrders();
    for (const id of [first, second])
      expect(orders.find((o) => o.id === id)).toMatchObject({
        status: 'completed',
        product_variant_id: variant.id,
        player_uid: uid,
      });

    // A new player, typed on a Bangla keyboard: the digits are the same digits.
    await page.goto(`${stack.url}/product/${ff.id}`);
    await page.getByTestId('saved-players').waitFor();
    await packageLabel(page).click();
    const field = page.getByLabel(productBn.playerUidLabel);
    await field.pressSequentially('১২৩৪৫৬৭৮৯');
    await expect.poll(() => field.inputValue()).toMatch(/^(১২৩৪৫৬৭৮৯|123456789)$/);
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    await expect.poll(() => walletRadio(page).isChecked()).toBe(true);
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    await payButton(page).click();
    await page.waitForURL('**/payment-success?order_id=*');
    const third = new URL(page.url()).searchParams.get('order_id')!;
    expect((await myOrders()).find((o) => o.id === third)).toMatchObject({
      status: 'completed',
      player_uid: '123456789',
    });
    // Both players are on the account now, the newest first.
    const saved = await callRoute(stack, 'listSavedPlayers', { token: buyer.tokens.idToken });
    expect(saved.body.players.filter((p) => p.product_id === ff.id).map((p) => p.player_uid)).toEqual([
      '123456789',
      uid,
    ]);
    await page.context().close();
  });
});
