import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { uniqueEmail } from './src/api';
import { launchBrowser, newPage, screenshot } from './src/browser';
import { signUp } from './src/flows';

/** The thin slice: the seeded shop is visible, a visitor signs up and sees an empty wallet. */
describe('home and sign-up', () => {
  const stack = inject('stack');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows seeded products, signs a new player up and shows ৳0.00 in the header', async () => {
    const page = await newPage(browser);
    await page.goto(stack.url);
    // A product the seed always has (Free Fire diamonds are the shop's best seller).
    await expect(page.getByText(/Free Fire/i).first().waitFor({ state: 'visible' })).resolves.toBeUndefined();
    await screenshot(page, 'home');

    await signUp(page, stack, { fullName: 'Rahim Uddin', phone: '01712345678', email: uniqueEmail(), password: 'secret123' });
    await page.goto(stack.url);
    await page.getByRole('banner').getByText('৳0.00').first().waitFor({ state: 'visible' });
    await screenshot(page, 'home-signed-in');
    expect(await page.getByRole('banner').getByText('৳0.00').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
