import { describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { invoke } from '../../test/invoke';
import { seedCatalog, seedProducts } from './seed-catalog';

describe('seedCatalog', () => {
  it('seeds products, codes and site content once, with counters matching the codes', async () => {
    const db = await freshTable('seed');
    expect(await seedCatalog(db)).toEqual({ seeded: true });
    expect(await seedCatalog(db)).toEqual({ seeded: false });

    const catalog = (await invoke('getCatalog')).body.products as Array<{
      name: string;
      category: string | null;
      category_bn: string | null;
      variants: Array<{ name: string; stock: number; price: number }>;
    }>;
    expect(catalog.map((p) => p.name)).toEqual(seedProducts.map((p) => p.name));
    const stocks = catalog.flatMap((p) => p.variants.map((v) => v.stock));
    expect(stocks).toContain(0);
    expect(stocks.some((s) => s > 0 && s < 10)).toBe(true);
    const ff = catalog[0]!;
    expect(ff.variants.map((v) => v.price)).toEqual([2500, 4500, 8500, 17000, 42000, 85000]);

    // The demo's game packages compare by price per unit, and its taka gift cards show their face value.
    const product = async (name: string) =>
      (
        await invoke('getProduct', {
          params: { id: (catalog as Array<{ id?: string; name: string }>).find((p) => p.name === name)!.id! },
        })
      ).body.product.variants as Array<Record<string, unknown>>;
    const diamonds = await product('Free Fire Diamonds');
    expect(diamonds[2]).toMatchObject({
      name: '115 Diamonds',
      units: 115,
      unit_name: 'diamond',
      unit_name_bn: 'ডায়মন্ড',
      unit_price: 74,
    });
    expect(diamonds.filter((v) => v.best_value)).toHaveLength(1);
    expect((await product('PUBG Mobile UC'))[0]).toMatchObject({ units: 60, unit_name: 'UC' });
    expect((await product('Google Play Gift Card'))[0]).toMatchObject({ face_value: 50_000, units: null });
    expect((await product('Steam Wallet Code'))[0]).toMatchObject({ face_value: null });

    const expected = seedProducts.flatMap((p) => p.variants.map((v) => v[2])).reduce((a, b) => a + b, 0);
    expect(stocks.reduce((a, b) => a + b, 0)).toBe(expected);
    // Every demo category has its Bangla name (the Bangla home page's headings).
    for (const p of catalog) expect(p.category_bn, p.category ?? '').toMatch(/\p{Script=Bengali}/u);

    const site = (await invoke('getSite')).body;
    expect(site.slides).toHaveLength(3);
    expect(site.slides[0].image_url).toBe('/seed/slide-1.svg');
    expect(site.announcement.title).toBe('Welcome to Khelaghor!');
    // Every demo slide and the announcement read in Bangla too.
    for (const slide of site.slides) expect(slide.title_bn && slide.subtitle_bn, slide.title).toBeTruthy();
    expect(site.slides[0]).toMatchObject({ title: 'Free Fire Diamonds', title_bn: 'ফ্রি ফায়ার ডায়মন্ড' });
    expect(site.announcement.title_bn && site.announcement.message_bn).toBeTruthy();
    expect(site.seo.map((s: { page_path: string }) => s.page_path)).toContain('/');
    expect(site.settings).toMatchObject({ brand_name: 'Khelaghor', support_whatsapp: '8801712345678' });
  });
});
