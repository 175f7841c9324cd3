import { describe, expect, inject, it } from 'vitest';
import { callRoute, uniqueEmail } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { dismissAnnouncement, signUp } from './src/flows';

/** The thin slice: the seeded shop is visible, a visitor signs up and sees an empty wallet. */
describe('home and sign-up', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  it('shows seeded products, signs a new player up and shows ৳0.00 in the header', async () => {
    // Whatever the seed put first in the catalogue must be on the home page.
    const catalog = await callRoute(stack, 'getCatalog');
    const products: Array<{ name: string }> = catalog.body?.products ?? [];
    expect(products.length, 'the seed should have created products').toBeGreaterThan(0);
    const page = await openPage();
    await page.goto(stack.url);
    await page.getByText(products[0]!.name, { exact: true }).first().waitFor({ state: 'visible' });
    await screenshot(page, 'home');

    await signUp(page, stack, {
      fullName: 'Rahim Uddin',
      phone: '01712345678',
      email: uniqueEmail(),
      password: 'secret123',
    });
    await page.goto(stack.url);
    await dismissAnnouncement(page);
    const balance = page.getByRole('banner').getByText('৳0.00');
    await balance
      .first()
      .waitFor({ state: 'visible' })
      .catch(async (error: Error) => {
        const shot = await screenshot(page, 'home-signed-in-failed', 'failure');
        throw new Error(`no ৳0.00 in the header (screenshot ${shot}): ${error.message}`);
      });
    await screenshot(page, 'home-signed-in');
    expect(await balance.count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
