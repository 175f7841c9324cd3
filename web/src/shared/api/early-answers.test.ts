import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './client';

/** preload-route.js fetches a page's first data before the app runs; the client takes it once. */
describe('early answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __khelaghorEarly?: unknown }).__khelaghorEarly;
  });

  it('a GET takes the early answer once, then asks the API', async () => {
    const site = { slides: [], announcement: null, seo: [], settings: {} };
    (globalThis as { __khelaghorEarly?: unknown }).__khelaghorEarly = { '/api/site': Promise.resolve(site) };
    const fetch = vi.fn(async () => Response.json({ fresh: true }));
    vi.stubGlobal('fetch', fetch);

    expect(await call('getSite')).toBe(site);
    expect(fetch).not.toHaveBeenCalled();
    expect(await call('getSite')).toEqual({ fresh: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an early fetch that failed (undefined) is asked again', async () => {
    (globalThis as { __khelaghorEarly?: unknown }).__khelaghorEarly = {
      '/api/catalog': Promise.resolve(undefined),
    };
    const fetch = vi.fn(async () => Response.json({ products: [] }));
    vi.stubGlobal('fetch', fetch);
    expect(await call('getCatalog')).toEqual({ products: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
