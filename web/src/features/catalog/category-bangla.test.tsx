import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import { renderShopAt } from './test-render';

/** Issue 35: the home headings (FREE FIRE, GIFT CARD...) stayed English on the Bangla storefront. */
const kind = {
  account_fields: 'player_uid',
  uid_pattern: null,
  uid_message: null,
  zone_label: null,
  redeem_steps: [],
  redeem_url: null,
  uid_help: [],
};
const product = (id: string, name: string, category: string, category_bn: string | null) => ({
  id,
  name,
  name_bn: null,
  description: null,
  description_bn: null,
  category,
  category_bn,
  image_url: null,
  display_order: 0,
  stock: 5,
  variants: [
    { id: `${id}-1`, product_id: id, name: 'Pack', name_bn: null, description: null, price: 2500, stock: 5 },
  ],
  ...kind,
});
const products = [
  product('ff', 'Free Fire Diamonds', 'Free Fire', 'ফ্রি ফায়ার'),
  product('gp', 'Google Play', 'Gift Card', 'গিফট কার্ড'),
  product('pubg', 'PUBG Mobile UC', 'PUBG', null),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/catalog')) return json({ products });
      if (url.endsWith('/api/products/gp')) return json({ product: products[1], player_lookup: false });
      if (url.endsWith('/api/site'))
        return json({ slides: [], announcement: null, seo: [], settings: DEFAULT_SITE_SETTINGS });
      return new Response('{}', { status: 404 });
    }),
  );
  act(() => setLocale('bn'));
});

afterEach(() => {
  act(() => setLocale('en'));
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) => renderShopAt(path);

const headings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const cardNames = () =>
  screen.queryAllByRole('link').flatMap((link) => within(link).queryByRole('heading')?.textContent ?? []);

describe('category names in Bangla', { timeout: 30_000 }, () => {
  it('the Bangla home page heads each category with its Bangla name (English where none)', async () => {
    renderAt('/');
    await screen.findAllByText('Free Fire Diamonds');
    expect(screen.getByText('ফ্রি ফায়ার', { selector: 'h3' })).toBeTruthy();
    expect(screen.getByText('গিফট কার্ড', { selector: 'h3' })).toBeTruthy();
    expect(screen.getByText('PUBG', { selector: 'h3' })).toBeTruthy();
    expect(headings()).not.toContain('FREE FIRE');
    expect(headings()).not.toContain('GIFT CARD');
    // The cards name the category in Bangla too.
    const card = screen.getByRole('link', { name: /Google Play/ });
    expect(within(card).getByText('গিফট কার্ড')).toBeTruthy();
  });

  it("searching a category's Bangla name finds its products", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/');
    await screen.findAllByText('Free Fire Diamonds');
    await user.type(screen.getByRole('searchbox'), 'গিফট');
    expect(cardNames()).toEqual(['Google Play']);
  });

  it('the product page names the category in Bangla', async () => {
    renderAt('/product/gp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Google Play' })).toBeTruthy();
    expect(screen.getByText('গিফট কার্ড')).toBeTruthy();
  });
});
