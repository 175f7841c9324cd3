/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog-public';
import accountBn from '../web/src/features/account/i18n/bn.json';
import checkoutBn from '../web/src/features/checkout/i18n/bn.json';
import productBn from '../web/src/features/catalog/product/i18n/bn.json';
import componentsBn from '../web/src/shared/components/i18n/bn.json';
import { callRoute, createUser, getTokens, type TestUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { dismissAnnouncement, signIn } from './src/flows';

/**
 * SMS to a Bangla buyer on a 360-px phone (issue 34): in My Profile the buyer types a mobile
 * number on a Bangla keyboard, reads the code in the SMS sink, verifies it, and SMS are on; a
 * wallet order then puts the Bangla "order complete" SMS, the code masked, on the sink's page.
 */
const PHONE = { width: 360, height: 640 };
const NUMBER = '01712345034';
const NUMBER_BN = '০১৭১২৩৪৫০৩৪';

interface SinkSms {
  to: string;
  text: string;
}
const smsTo = async (smsUrl: string): Promise<SinkSms[]> =>
  (await fetch(`${smsUrl}/api/messages?to=${NUMBER}`)).json() as Promise<SinkSms[]>;

describe('SMS to a buyer', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let ff: CatalogProduct;
  let variant: CatalogProduct['variants'][number];
  let buyer: TestUser;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    ff = catalog.body.products.find((p) => p.name === 'Free Fire Diamonds')!;
    variant = ff.variants.find((v) => v.name === '115 Diamonds')!;
    expect(variant.stock).toBeGreaterThanOrEqual(1);
    buyer = await createUser(stack, { fullName: 'Nusrat Jahan' });
    expect((await callRoute(stack, 'getMe', { token: buyer.tokens.idToken })).status).toBe(200);
    const adminToken = (await getTokens(stack, stack.admin.email, stack.admin.password)).idToken;
    const credit = await callRoute(stack, 'adminWalletAdjustment', {
      token: adminToken,
      body: { user_id: buyer.sub, type: 'credit', amount: 100_000, payment_method: 'admin_adjustment' },
    });
    expect(credit.status).toBe(201);
  });

  const me = async () => (await callRoute(stack, 'getMe', { token: buyer.tokens.idToken })).body;
  const packageLabel = (page: Page) =>
    page
      .locator('label')
      .filter({ hasText: new RegExp(`^${variant.name_bn}`) })
      .first();

  it('verifies a phone typed in Bangla digits, then a completed order shows as a Bangla SMS in the sink', async () => {
    const page = await openPage(PHONE);
    await signIn(page, stack, buyer.email, buyer.password);
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    // The language is saved on the account: the SMS are written in it.
    await expect.poll(async () => (await me()).language).toBe('bn');

    await page.goto(`${stack.url}/profile`);
    await page.getByLabel(accountBn.smsPhone).pressSequentially(NUMBER_BN);
    await page.getByRole('button', { name: accountBn.sendCode, exact: true }).click();
    await expect.poll(async () => (await smsTo(stack.smsUrl)).length).toBe(1);
    const code = /\b(\d{6})\b/.exec((await smsTo(stack.smsUrl))[0]!.text)![1]!;
    await page.getByLabel(accountBn.smsCode).fill(code);
    await page.getByRole('button', { name: accountBn.verify, exact: true }).click();
    await page.getByTestId('sms-phone').waitFor();
    expect(await page.getByTestId('sms-phone').innerText()).toBe(NUMBER);
    expect(await page.getByRole('checkbox', { name: accountBn.smsOnLabel }).isChecked()).toBe(true);
    await screenshot(page, 'sms-profile-verified-360x640');

    // A wallet order, as a regular buyer makes it.
    await page.goto(`${stack.url}/product/${ff.id}`);
    await packageLabel(page).click();
    await page.getByLabel(productBn.playerUidLabel).fill('2468013579');
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    await expect
      .poll(() => page.getByRole('radio', { name: new RegExp(componentsBn.methodWallet) }).isChecked())
      .toBe(true);
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    await page
      .getByRole('button', {
        name: new RegExp(`^৳.*${checkoutBn.payAmount.replace('{amount}', '').trim()}$`),
      })
      .click();
    await page.waitForURL('**/payment-success?order_id=*');
    const orderId = new URL(page.url()).searchParams.get('order_id')!;
    const order = (
      await callRoute(stack, 'getOrder', { token: buyer.tokens.idToken, params: { id: orderId } })
    ).body.order as { code: string };

    // The sink's page, as the operator would see the SMS: Bangla, the code masked.
    await page.goto(`${stack.smsUrl}/?to=${NUMBER}`);
    const done = page.locator('p.text').filter({ hasText: 'সম্পন্ন' });
    await expect
      .poll(async () => {
        await page.reload();
        return done.count();
      })
      .toBe(1);
    const text = await done.innerText();
    expect(text).toContain(`${order.code.slice(0, 4)}`);
    expect(text).toContain(order.code.slice(-4));
    expect(text).not.toContain(order.code);
    expect(text.length).toBeLessThanOrEqual(70);
    await screenshot(page, 'sms-sink-bangla-receipt-360x640');
    await page.context().close();
  });
});
