import { describe, expect, inject, it } from 'vitest';
import { callRoute } from './src/api';
import { browserForFile } from './src/browser';
import { signIn } from './src/flows';

/**
 * The local server sends the security headers CloudFront sends (contract/src/security-headers.ts),
 * so every browser test runs under the production content security policy. Here: the headers are
 * on pages and API answers, and walking the shop (customer pages and the admin dashboard) breaks
 * none of the policy's rules.
 */
describe('security headers', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  it('pages and API answers carry the policy, frame protection, nosniff and Referrer-Policy', async () => {
    for (const path of ['/', '/product/x', '/api/catalog', '/config.json']) {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy'), path).not.toContain('unsafe-eval');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('compresses API answers of 1,000 bytes or more, as CloudFront does', async () => {
    const ids = async (res: Response) =>
      ((await res.json()) as { products: Array<{ id: string }> }).products.map((p) => p.id);
    const catalog = `${stack.url}/api/catalog`;
    const brotli = await fetch(catalog, { headers: { 'accept-encoding': 'br' } });
    const gzip = await fetch(catalog, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await fetch(catalog, { headers: { 'accept-encoding': 'identity' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await ids(plain);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(brotli)).toEqual(expected);
    expect(await ids(gzip)).toEqual(expected);
    // A short answer goes as it is.
    const small = await fetch(`${stack.url}/api/products/nope`, { headers: { 'accept-encoding': 'br' } });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('the shop works under the policy: no violation on the customer pages or in the admin dashboard', async () => {
    const page = await openPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const catalog = await callRoute(stack, 'getCatalog');
    const product = catalog.body.products[0]!;
    await page.goto(`${stack.url}/`);
    await page.locator(`#products a[href="/product/${product.id}"]`).first().waitFor();
    await page.goto(`${stack.url}/product/${product.id}`);
    await page.getByRole('heading', { name: 'Select Package' }).waitFor();
    await signIn(page, stack, stack.admin.email, stack.admin.password);
    for (const path of ['/add-money', '/my-orders', '/my-codes', '/profile', '/admin']) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page
      .getByRole('heading', { name: /Admin Dashboard|Overview/ })
      .first()
      .waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
