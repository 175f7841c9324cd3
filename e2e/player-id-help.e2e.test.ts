/// <reference lib="dom" />
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute } from './src/api';
import { browserForFile, screenshot } from './src/browser';

/**
 * The 'how to find your Player ID' per game at 360×640: the seeded Free Fire product opens
 * its steps under the UID field; a gift card, which asks for no UID, offers none.
 */
const PHONE = { width: 360, height: 640 };

describe('Player ID help', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  type Product = { id: string; name: string; uid_help: string[] };
  let freeFire: Product;
  let gift: Product;

  beforeAll(async () => {
    const catalog = await callRoute(stack, 'getCatalog');
    const products = (catalog.body?.products ?? []) as Product[];
    freeFire = products.find((p) => p.name === 'Free Fire Diamonds')!;
    gift = products.find((p) => p.name === 'Google Play Gift Card')!;
    expect(freeFire.uid_help[0], 'the seed gives Free Fire its steps').toBe('Open Free Fire.');
    expect(gift.uid_help).toEqual([]);
  });

  it("a game's steps open under the Player UID field; a gift card has none", async () => {
    const page = await openPage(PHONE);
    await page.goto(`${stack.url}/product/${freeFire.id}`);
    await page.getByLabel('Player UID *').waitFor();
    const help = page.getByRole('button', { name: 'How to find your Player ID?' });
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await help.click();
    expect(await help.getAttribute('aria-expanded')).toBe('true');
    const steps = page.locator(`[id="${await help.getAttribute('aria-controls')}"]`);
    expect(await steps.locator('li').allInnerTexts()).toEqual(freeFire.uid_help);
    // Every step readable without sideways scrolling on a 360-px phone.
    const box = await steps.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'player-id-help-360x640');

    await page.goto(`${stack.url}/product/${gift.id}`);
    await page.getByTestId('no-account-needed').waitFor();
    expect(await page.getByRole('button', { name: 'How to find your Player ID?' }).count()).toBe(0);
  });
});
