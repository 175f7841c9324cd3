/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, screenshot } from './src/browser';
import { dismissAnnouncement, signIn } from './src/flows';

/**
 * The shop pages: the admin writes the refund policy in the dashboard, a buyer on a 360 px
 * phone finds it from the footer, and the auth page's notice links to the terms and the privacy policy.
 */
describe('shop pages the admin edits', () => {
  const stack = inject('stack');
  const openPage = browserForFile();
  const url = (path: string) => new URL(path, stack.url).toString();
  const marker = `Invalid codes are replaced within 24 hours (${randomUUID().slice(0, 8)}).`;

  it('the admin saves the refund policy; the footer link on a 360 px phone shows the new text', async () => {
    const admin = await openPage();
    await signIn(admin, stack, stack.admin.email, stack.admin.password);
    await admin.goto(url('/admin/pages'));
    await admin.getByRole('tab', { name: 'Refund Policy' }).click();
    const text = admin.getByLabel('Text', { exact: true });
    // The seeded policy loads first; the admin adds a paragraph and a list item to it.
    await expect.poll(() => text.inputValue(), { timeout: 10_000 }).toContain('Delivered codes are final');
    await text.fill(`${marker}\n\n## Wallet\n- Refunds go to your Khelaghor wallet`);
    await admin.getByRole('button', { name: 'Save Refund Policy' }).click();
    await admin.locator('[data-sonner-toast]').filter({ hasText: 'Page saved' }).first().waitFor();

    const phone = await openPage({ width: 360, height: 640 });
    await phone.goto(url('/'));
    await dismissAnnouncement(phone);
    await phone
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: 'Refund Policy' })
      .click();
    await phone.waitForURL(/\/refund-policy$/);
    await phone.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    await phone.getByText(marker).waitFor();
    expect(
      await phone.getByRole('listitem').filter({ hasText: 'Refunds go to your Khelaghor wallet' }).count(),
    ).toBe(1);
    expect(await phone.getByRole('heading', { level: 2, name: 'Wallet' }).count()).toBe(1);
    // Readable on the phone: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'shop-pages-refund-360');
  });

  it("the auth page's notice links to the terms and the privacy policy", async () => {
    const page = await openPage({ width: 360, height: 640 });
    await page.goto(url('/auth'));
    const notice = page.getByText('By continuing, you agree to our');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'By continuing, you agree to our Terms of Service and Privacy Policy.',
    );
    expect(await notice.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await notice.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Orders and delivery' }).waitFor();

    await page.goto(url('/faq'));
    await page.getByText('How fast do I get my code?').waitFor();
    await page.goto(url('/privacy'));
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });
});
