/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog-public';
import accountBn from '../web/src/features/account/i18n/bn.json';
import authBn from '../web/src/shared/auth/i18n/bn.json';
import catalogueBn from '../web/src/features/catalog/i18n/bn.json';
import productBn from '../web/src/features/catalog/product/i18n/bn.json';
import checkoutBn from '../web/src/features/checkout/i18n/bn.json';
import walletBn from '../web/src/features/wallet/i18n/bn.json';
import componentsBn from '../web/src/shared/components/i18n/bn.json';
import layoutBn from '../web/src/shared/layout/i18n/bn.json';
import { callRoute, uniqueEmail } from './src/api';
import { BENGALI, englishLeft, expectBanglaPage, shopData, visibleTexts } from './src/bangla';
import { browserForFile, DESKTOP, screenshot } from './src/browser';
import { dismissAnnouncement, fillOrder, payTopupAtSandbox, signUp } from './src/flows';
import { codeIn, inboxMessages, waitForMail } from './src/mail';

/**
 * Bangla throughout: the header switch turns every customer route into Bangla with no
 * English UI text left (the shop's own data aside) and is remembered; the browser's language
 * decides first; a Bangla-speaking buyer on a 360-px phone signs up, finds Free Fire by its Bangla
 * name, buys with the wallet and redeems the code, all through Bangla labels and mails.
 */
const PHONE = { width: 360, height: 640 };

describe('Bangla storefront', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let ff: CatalogProduct;
  let variant: CatalogProduct['variants'][number];
  let data: string[];

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    ff = catalog.body.products.find((p) => p.name === 'Free Fire Diamonds')!;
    expect(ff?.name_bn).toBe('ফ্রি ফায়ার ডায়মন্ড');
    variant = ff.variants.find((v) => v.name === '115 Diamonds')!;
    expect(variant.name_bn).toBeTruthy();
    data = await shopData(stack);
  });

  const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
  const label = (page: Page, text: string) =>
    page
      .locator('label')
      .filter({ hasText: new RegExp(`^${text}`) })
      .first();
  /** The verified player's name and rank: the game's data, as its lookup gives them. */
  const player = async (page: Page) =>
    (await page.getByTestId('player-verified').innerText()).split('·').map((part) => part.trim());
  const bnPay = new RegExp(`^৳.*${checkoutBn.payAmount.replace('{amount}', '').trim()}$`);

  it('the header switch turns every customer route into Bangla, remembered, and back', async () => {
    const page = await openPage(DESKTOP);
    const fullName = 'Tanvir Hasan';
    const email = uniqueEmail('bangla-switch');
    await signUp(page, stack, { fullName, email, password: 'secret123' });
    const theirs = [...data, fullName, email];

    // In English: money in, one completed wallet order, one payment cancelled at the gateway.
    await page.goto(`${stack.url}/add-money`);
    await page.getByRole('button', { name: '৳1,000' }).click();
    await payTopupAtSandbox(page, stack);
    const uid = '1234567890';
    await fillOrder(page, stack, { productId: ff.id, variantName: variant.name, uid, method: 'Wallet' });
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL('**/payment-success?order_id=*');
    const orderId = new URL(page.url()).searchParams.get('order_id')!;
    await page.getByTestId('voucher-code').waitFor();
    await fillOrder(page, stack, { productId: ff.id, variantName: variant.name, uid, method: 'bKash' });
    await page.getByRole('button', { name: /^Pay ৳/ }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment-failed?**');
    await page.getByRole('heading', { name: 'You cancelled the payment' }).waitFor();
    const failed = new URL(page.url());

    // One press of the header switch.
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    expect(await lang(page)).toBe('en');
    // The check finds English where there is some: the English home page.
    expect(englishLeft(await visibleTexts(page), theirs).join(' ')).toMatch(/Search games/);
    await page.getByTestId('language-switch').click();
    await expect
      .poll(() => page.getByTestId('language-switch').getAttribute('aria-label'))
      .toBe('Switch to English');
    const read: Record<string, number> = {};
    const check = async (what: string) => {
      read[what] = (await expectBanglaPage(page, what, theirs)).texts;
    };
    await check('/');

    // The product page, then /payment through Proceed to Payment, all by Bangla labels.
    await page.goto(`${stack.url}/product/${ff.id}`);
    await label(page, variant.name_bn!).click();
    await page.getByLabel(productBn.playerUidLabel).fill(uid);
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    theirs.push(...(await player(page)));
    await label(page, componentsBn.methodWallet).click();
    await check('/product/:id');
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('button', { name: bnPay }).waitFor();
    await check('/payment');

    for (const path of [
      `/payment-success?order_id=${orderId}`,
      `${failed.pathname}${failed.search}`,
      '/my-orders',
      '/my-codes',
      '/add-money',
    ]) {
      await page.goto(`${stack.url}${path}`);
      await check(path);
    }
    // Add Money's TrxID way, with the shop's receiving numbers.
    await label(page, 'bKash').click();
    await page.getByRole('button', { name: walletBn.iSentMoney }).click();
    await page
      .getByRole('button', { name: walletBn.copyNumberOf.replace('{number}', '01712345678') })
      .waitFor();
    await check('/add-money (TrxID)');
    for (const path of ['/profile', '/terms', '/privacy', '/refund-policy', '/faq', '/no-such-page']) {
      await page.goto(`${stack.url}${path}`);
      await check(path);
    }

    // Remembered: after a reload, and in a new page of the same browser.
    await page.reload();
    await expect.poll(() => lang(page)).toBe('bn');
    const second = await page.context().newPage();
    await second.goto(stack.url);
    await expect.poll(() => lang(second)).toBe('bn');
    await second.getByLabel(catalogueBn.searchLabel).waitFor();
    await second.close();

    // Signed out, /auth in Bangla.
    await page.goto(stack.url);
    await page.getByRole('button', { name: accountBn.accountMenu }).click();
    await page.getByRole('menuitem', { name: accountBn.logout }).waitFor();
    await check('/ (account menu)');
    await page.getByRole('menuitem', { name: accountBn.logout }).click();
    await page.getByRole('link', { name: layoutBn.login, exact: true }).waitFor();
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('tab', { name: accountBn.login }).waitFor();
    await check('/auth');
    // A refused sign-in says why in Bangla too.
    const login = page.getByRole('tabpanel');
    await login.getByLabel(accountBn.email).fill(email);
    await login.getByLabel(accountBn.password).fill('not-my-password');
    await login.getByRole('button', { name: accountBn.login, exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: authBn.incorrectCredentials }).waitFor();
    await check('/auth (wrong password)');
    await screenshot(page, 'bangla-switch-auth-1280x800');
    console.log(`Bangla switch: texts read per route: ${JSON.stringify(read)}`);

    // Switch back: the English texts again.
    await page.goto(stack.url);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => lang(page)).toBe('en');
    await page.getByLabel('Search games').waitFor();
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.context().close();
  });

  it("the browser's language decides first: bn-BD opens in Bangla, en-US in English", async () => {
    for (const [locale, expected, search, login] of [
      ['bn-BD', 'bn', catalogueBn.searchLabel, layoutBn.login],
      ['en-US', 'en', 'Search games', 'Login'],
    ] as const) {
      const page = await openPage(PHONE, locale);
      await page.goto(stack.url);
      await page.getByLabel(search).waitFor();
      // The announcement popup (when one is on) hides the rest of the page from role queries.
      await dismissAnnouncement(page);
      expect(await lang(page)).toBe(expected);
      await page.getByRole('banner').getByRole('link', { name: login, exact: true }).waitFor();
      await page.context().close();
    }
  });

  it('a Bangla-speaking buyer on a 360-px phone signs up, finds Free Fire, buys and redeems', async () => {
    const page = await openPage(PHONE, 'bn-BD');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const email = uniqueEmail('bangla-buyer');
    const since = new Date().toISOString();

    // Sign up on the Bangla /auth page; the code comes in a Bangla mail.
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByRole('banner').getByRole('link', { name: layoutBn.register }).click();
    await page.waitForURL('**/auth?tab=signup');
    const form = page.getByRole('tabpanel');
    await form.getByLabel(accountBn.fullName).fill('সুমাইয়া আক্তার');
    await form.getByLabel(accountBn.email).fill(email);
    await form.getByLabel(accountBn.password).fill('secret123');
    await screenshot(page, 'bangla-buyer-1-sign-up-360x640');
    await expectBanglaPage(page, 'buyer: sign up', data);
    await form.getByRole('button', { name: accountBn.signUp, exact: true }).click();
    const codeField = page.getByLabel(accountBn.verificationCode, { exact: true });
    await codeField.waitFor({ timeout: 20_000 });
    await expectBanglaPage(page, 'buyer: verify email', [...data, email]);
    const verification = await waitForMail(stack, email, { after: since });
    expect(verification.subject).toMatch(BENGALI);
    await codeField.fill(codeIn(verification));
    await page.getByRole('button', { name: accountBn.verifyEmail, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 20_000 });

    // Money into the wallet (the sandbox gateway's own page is English).
    await page.goto(`${stack.url}/add-money`);
    await page.getByRole('button', { name: '৳১,০০০' }).click();
    await label(page, 'bKash').click();
    await page.getByRole('button', { name: walletBn.addMoney, exact: true }).click();
    await page.waitForURL((url) => !url.href.startsWith(stack.url));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/payment-success?**');
    await page.getByRole('heading', { name: checkoutBn.moneyAdded }).waitFor();
    await screenshot(page, 'bangla-buyer-2-money-added-360x640');

    // Free Fire found by its Bangla name in the home page's search.
    await page.goto(stack.url);
    await dismissAnnouncement(page, 1500);
    // The brand in the Bangla header is খেলাঘর, whole beside the balance on a 360-px phone (not
    // cut to 'Kh…').
    const brand = page.getByRole('banner').getByTestId('brand-name');
    expect(await brand.innerText()).toBe('খেলাঘর');
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(true);
    await page.getByLabel(catalogueBn.searchLabel).fill('ফ্রি ফায়ার');
    const card = page.locator('#products a[href^="/product/"]').filter({ hasText: ff.name_bn! });
    await card.first().waitFor();
    await screenshot(page, 'bangla-buyer-3-search-360x640');
    await expectBanglaPage(page, 'buyer: search', data);
    await card.first().click();
    await page.waitForURL(`**/product/${ff.id}`);

    // Package, Player UID with the demo lookup's Verify, the wallet: all Bangla labels.
    await page.getByRole('heading', { name: productBn.selectPackage }).waitFor();
    await label(page, variant.name_bn!).click();
    await page.getByLabel(productBn.playerUidLabel).fill('2345678901');
    await page.getByRole('button', { name: productBn.verify, exact: true }).click();
    await page.getByTestId('player-verified').waitFor();
    await label(page, componentsBn.methodWallet).click();
    await screenshot(page, 'bangla-buyer-4-product-360x640');
    await expectBanglaPage(page, 'buyer: product page', [...data, ...(await player(page))]);
    const ordered = new Date().toISOString();
    await page.getByRole('button', { name: productBn.proceed }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('button', { name: bnPay }).click();
    await page.waitForURL('**/payment-success?order_id=*');
    await page.getByRole('heading', { name: checkoutBn.paymentSuccessful }).waitFor();

    // The code and the Bangla redeem steps; the copy button copies it.
    const steps = page.getByTestId('redeem-steps');
    await steps.waitFor();
    expect(await steps.innerText()).toContain(ff.redeem_steps_bn[0]!);
    // Steps count ১, ২, ৩ in Bangla.
    const list = steps.locator('ol').first();
    expect(await list.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('bengali');
    await page.getByRole('button', { name: componentsBn.copyCode }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: componentsBn.copied }).first().waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toMatch(/^FF115-/);
    await page.getByRole('button', { name: componentsBn.revealCode }).click();
    expect(await page.getByTestId('voucher-code').innerText()).toBe(code);
    await screenshot(page, 'bangla-buyer-5-success-360x640');
    await expectBanglaPage(page, 'buyer: success page', [...data, email]);

    // The same code in My Codes, reached from the bottom navigation.
    await page
      .getByRole('navigation', { name: layoutBn.mainNav })
      .getByRole('link', { name: layoutBn.myCodes })
      .click();
    await page.waitForURL('**/my-codes');
    await page.getByRole('button', { name: componentsBn.revealCode }).first().click();
    await expect.poll(() => page.getByTestId('voucher-code').first().innerText()).toBe(code);
    await screenshot(page, 'bangla-buyer-6-my-codes-360x640');
    // A page without the admin's own SEO title is titled with the Bangla brand.
    expect(await page.title()).toMatch(/ \| খেলাঘর$/);
    await expectBanglaPage(page, 'buyer: my codes', [...data, email]);

    // The receipt mail, in Bangla, with the code.
    let receipt: Awaited<ReturnType<typeof inboxMessages>>[number] | undefined;
    await expect
      .poll(
        async () => {
          receipt = (await inboxMessages(stack, email)).find(
            (m) => m.receivedAt >= ordered && m.text.includes(code),
          );
          return Boolean(receipt);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(receipt!.subject).toMatch(BENGALI);
    expect(receipt!.subject).toContain(ff.name_bn!);
    expect(receipt!.text).toContain(ff.redeem_steps_bn[0]!);
    expect(receipt!.text.split('\n')[0]).toBe('খেলাঘর');
    expect(receipt!.text).toContain(`১. ${ff.redeem_steps_bn[0]!}`);
    await page.context().close();
  });
});
