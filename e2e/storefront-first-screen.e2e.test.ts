/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callRoute, createUser, uniqueEmail } from './src/api';
import { browserForFile, DESKTOP, screenshot } from './src/browser';
import { dismissAnnouncement } from './src/flows';

/**
 * First screen and smaller storefront fixes: the games on a phone's first screen, each
 * banner slide's own link, Register opening Sign Up, the popup closed for good, one login message
 * for a wrong password and an unknown email, /api/catalog preloaded on / only, a drawn ৳ sign.
 */
const PHONE = { width: 360, height: 640 };

describe('storefront first screen', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  let products: Array<{ id: string; name: string; name_bn?: string | null; image_url?: string | null }>;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    products = catalog.body?.products ?? [];
    expect(products.length, 'the seed should have created products').toBeGreaterThan(0);
  });

  const firstCard = (page: Page) => page.locator('#products a[href^="/product/"]').first();
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

  it('shows the first product card on the first screen at 360x640, whole at 1280x800', async () => {
    for (const [viewport, name] of [
      [PHONE, 'first-screen-360x640'],
      [DESKTOP, 'first-screen-1280x800'],
    ] as const) {
      const page = await openPage(viewport);
      await page.goto(stack.url);
      await firstCard(page).waitFor({ state: 'visible' });
      // Full-height screenshot of the first screen only: what a buyer sees before scrolling.
      await page.screenshot({ path: await screenshot(page, name) });
      const box = (await firstCard(page).boundingBox())!;
      if (viewport === PHONE) expect(box.y, 'first card top at 360x640').toBeLessThan(640);
      else expect(box.y + box.height, 'first card bottom at 1280x800').toBeLessThanOrEqual(800);
      await page.context().close();
    }
  });

  it('links each banner slide to its own product', async () => {
    const page = await openPage();
    await page.goto(stack.url);
    const slides = page.locator('[aria-roledescription="slide"]');
    await slides.first().waitFor();
    const rows = await slides.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('h2')?.textContent ?? '',
        href: el.querySelector('a')?.getAttribute('href') ?? '',
      })),
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.href)).size, JSON.stringify(rows)).toBe(3);
    const idOf = (name: string) => products.find((p) => p.name === name)?.id;
    expect(rows[0]!.href).toBe(`/product/${idOf('Free Fire Diamonds')}`);
    expect(rows[1]!.href).toBe(`/product/${idOf('PUBG Mobile UC')}`);
    expect(rows[2]!.href).toBe(`/product/${idOf('Google Play Gift Card')}`);

    // The second slide's button opens the PUBG page.
    await dismissAnnouncement(page);
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await page.locator('[aria-roledescription="slide"][aria-hidden="false"] a').click();
    await page.waitForURL(`**${rows[1]!.href}`);
    await page.getByRole('heading', { name: 'PUBG Mobile UC' }).first().waitFor();
    await page.context().close();
  });

  it("opens the Sign Up tab from the header's Register and the Login tab from Login", async () => {
    const page = await openPage();
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/auth?tab=signup');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByLabel('Full Name').waitFor();
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('keeps a closed announcement closed in a new session (a new tab)', async () => {
    const page = await openPage();
    await page.goto(stack.url);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A new tab has its own sessionStorage but the device's localStorage: a new session.
    const again = await page.context().newPage();
    await again.goto(stack.url);
    await firstCard(again).waitFor({ state: 'visible' });
    // The popup's code has loaded and decided: it stays closed.
    await again.locator('[data-announcement="dismissed"]').waitFor({ state: 'attached' });
    expect(await again.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it("answers a wrong password and an unknown email with the same 'Incorrect email or password.'", async () => {
    const user = await createUser(stack);
    const page = await openPage();
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      [uniqueEmail('nobody'), 'wrong-password'],
    ]) {
      await page.goto(new URL('/auth', stack.url).toString());
      const form = page.getByRole('tabpanel');
      await form.getByLabel('Email').fill(email!);
      await form.getByLabel('Password').fill(password!);
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      const message = toast(page, 'Incorrect email or password.');
      await message.waitFor({ state: 'visible' }).catch(async (error: Error) => {
        const texts = await page.locator('[data-sonner-toast]').allInnerTexts();
        throw new Error(
          `no 'Incorrect email or password.' for ${email} (toasts ${JSON.stringify(texts)}): ${error.message}`,
        );
      });
      expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid password' }).count()).toBe(
        0,
      );
    }
    await page.context().close();
  });

  it('preloads /api/catalog on the home page only', async () => {
    const page = await openPage();
    const catalogCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/catalog') catalogCalls.push(page.url());
    });
    await page.goto(new URL(`/product/${products[0]!.id}`, stack.url).toString(), {
      waitUntil: 'networkidle',
    });
    await page.goto(new URL('/auth', stack.url).toString(), { waitUntil: 'networkidle' });
    expect(catalogCalls, 'no /api/catalog on a product page or /auth').toEqual([]);
    await page.goto(stack.url, { waitUntil: 'networkidle' });
    expect(catalogCalls.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it("shows a product page's image and name before the app's JavaScript runs, where the app draws them", async () => {
    const product = products.find((p) => p.name_bn && p.image_url)!;
    expect(product, 'a seeded product with a Bangla name and an image').toBeDefined();
    const url = new URL(`/product/${product.id}`, stack.url).toString();
    const header = async (page: Page) => {
      const h1 = page.locator('h1');
      await h1.waitFor();
      return {
        name: await h1.textContent(),
        box: await h1.boundingBox(),
        image: await page.locator('main img').first().getAttribute('src'),
      };
    };
    for (const [locale, name] of [
      ['en-US', product.name],
      ['bn-BD', product.name_bn],
    ] as const) {
      // The app's entry never arrives: what shows is the static shell that preload-route.js fills.
      const shellPage = await openPage(PHONE, locale);
      await shellPage.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await shellPage.goto(url);
      const shell = await header(shellPage);
      await shellPage.screenshot({ path: await screenshot(shellPage, `product-shell-${locale}`) });
      expect(shell.name).toBe(name);
      expect(shell.image).toBe(product.image_url);
      await shellPage.context().close();

      // The app's own header, once its package list is there, in the same place at the same size
      // (no shift, and the shell's name stays the page's largest paint).
      const page = await openPage(PHONE, locale);
      await page.goto(url);
      await page.locator('input[name="variant"]').first().waitFor({ state: 'attached' });
      const app = await header(page);
      expect(app).toEqual(shell);
      await page.context().close();
    }
  });

  it('draws the ৳ sign where the device has no Bengali font', async () => {
    const page = await openPage(PHONE);
    await page.goto(stack.url);
    await firstCard(page).waitFor({ state: 'visible' });
    await dismissAnnouncement(page);
    const result = await page.evaluate(async () => {
      const stackFont = getComputedStyle(document.body).fontFamily;
      await document.fonts.load(`32px ${stackFont}`, '৳');
      await document.fonts.ready;
      // Draw ৳ and a character no font has (a private-use one): a missing glyph draws the same box.
      const draw = (text: string) => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 64 });
        const ctx = canvas.getContext('2d')!;
        ctx.font = `48px ${stackFont}`;
        ctx.fillText(text, 8, 52);
        return Array.from(ctx.getImageData(0, 0, 64, 64).data).join(',');
      };
      const faces: string[] = [];
      document.fonts.forEach((f) => faces.push(`${f.family.replace(/["']/g, '')}:${f.status}`));
      return { same: draw('৳') === draw('\uE000'), faces, blank: draw('৳') === draw(' ') };
    });
    await page.locator('#products').screenshot({ path: await screenshot(page, 'taka-sign-360') });
    expect(result.faces).toContain('Khelaghor Taka:loaded');
    expect(result.blank, 'the ৳ sign draws something').toBe(false);
    expect(result.same, 'the ৳ sign is not the missing-glyph box').toBe(false);
    await page.context().close();
  });
});
