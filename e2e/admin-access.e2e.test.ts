import { describe, expect, inject, it } from 'vitest';
import { createUser } from './src/api';
import { browserForFile, screenshot } from './src/browser';
import { signIn } from './src/flows';

/** The admin dashboard is for the Cognito group 'admin' only, and customers never load its data. */
describe('admin access', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  it('sends a visitor without a session to /auth', async () => {
    const page = await openPage();
    await page.goto(new URL('/admin/orders', stack.url).toString());
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.context().close();
  });

  it('sends a customer who opens /admin home with a toast, without one admin API call', async () => {
    const customer = await createUser(stack, { fullName: 'Karim Customer' });
    const page = await openPage();
    const adminCalls: string[] = [];
    const adminChunks: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/admin')) adminCalls.push(`${req.method()} ${url.pathname}`);
      if (/\/assets\/admin-app[^/]*\.js$/.test(url.pathname)) adminChunks.push(url.pathname);
    });

    await signIn(page, stack, customer.email, customer.password);
    await page.goto(stack.url);
    await page.waitForLoadState('networkidle');
    // Browsing the shop never downloads the admin chunk.
    expect(adminChunks).toEqual([]);

    await page.goto(new URL('/admin/users', stack.url).toString());
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Admin access required' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-access-denied');
    expect(adminCalls).toEqual([]);

    for (const path of ['/grant-admin', '/dev-admin-tools']) {
      await page.goto(new URL(path, stack.url).toString());
      await page.waitForURL((url) => url.pathname === '/');
    }
    expect(adminCalls).toEqual([]);
    await page.context().close();
  });
});
