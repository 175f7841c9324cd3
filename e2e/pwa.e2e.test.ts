/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile } from './src/browser';

/**
 * Installable PWA: the manifest and its icons, the service worker (web/pwa/service-worker.js,
 * written into the build as /sw.js) controlling the shop, the offline page for a page that cannot
 * load, and no API answer or /config.json ever served from or kept in its cache.
 */
describe('installable PWA', () => {
  const stack = inject('stack');
  const openPage = browserForFile();

  /** Width and height from a PNG's IHDR chunk. */
  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  /** Open the shop with the worker installed and in control (it claims the page once active). */
  async function controlledPage(): Promise<Page> {
    const page = await openPage({ width: 360, height: 640 });
    await page.goto(stack.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    return page;
  }

  it('links a valid manifest whose icons (192, 512, maskable) load', async () => {
    const page = await openPage();
    await page.goto(stack.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#6d28d9');

    const res = await fetch(new URL(href!, stack.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Khelaghor',
      short_name: 'Khelaghor',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#6d28d9',
      background_color: '#f8fafc',
    });
    expect(manifest.description).toMatch(/খেলাঘর/);
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = manifest.icons.find(
        (i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose),
      );
      expect(icon, `${size} ${purpose} icon`).toBeDefined();
      const image = await fetch(new URL(icon!.src, stack.url));
      expect(image.status, icon!.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const [width, height] = size.split('x').map(Number);
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width, height });
    }
    await page.context().close();
  });

  it('serves /sw.js as JavaScript that is never kept in the HTTP cache', async () => {
    const res = await fetch(`${stack.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self'");
    const source = await res.text();
    // The build filled in the placeholders: a version and the shell's hashed files.
    expect(source).not.toContain('__KHELAGHOR_');
    expect(source).toMatch(/"\/assets\/index-[\w-]+\.js"/);
  });

  it('registers the service worker, which controls the page after a reload, under the CSP', async () => {
    const violations: string[] = [];
    const page = await openPage();
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto(stack.url);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${stack.url}/`);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
    await page.locator('#products a[href^="/product/"]').first().waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('offline, a page shows the offline page with Retry, which loads the page once back online', async () => {
    const page = await controlledPage();
    await page.context().setOffline(true);
    // A public page: a signed-in-only one would move an anonymous visitor on to /auth once loaded.
    await page.goto(`${stack.url}/terms`);
    await expect.poll(() => page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${stack.url}/terms`);

    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    expect(page.url()).toBe(`${stack.url}/terms`);
    await page.context().close();
  });

  it('never answers /api/* or /config.json from a cache, and keeps none of them', async () => {
    const page = await controlledPage();
    // Online first: had the worker cached these, the copies would now be in Cache Storage.
    const online = await page.evaluate(async () =>
      Promise.all(
        ['/api/catalog', '/api/site', '/config.json'].map(async (path) => (await fetch(path)).status),
      ),
    );
    expect(online).toEqual([200, 200, 200]);

    await page.context().setOffline(true);
    const offline = await page.evaluate(async () =>
      Promise.all(
        ['/api/catalog', '/config.json'].map((path) =>
          fetch(path).then(
            (res) => `answered ${res.status}`,
            () => 'failed',
          ),
        ),
      ),
    );
    expect(offline).toEqual(['failed', 'failed']);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    // The shell is there (so the check looks in the right place), and nothing of the API or config.
    expect(cached).toContain('/offline.html');
    expect(cached.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api') || path === '/config.json')).toEqual([]);
    await page.context().setOffline(false);
    await page.context().close();
  });
});
