import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import HomePage from './home-page';

const variant = (id: string, name: string, price: number, name_bn: string | null = null) => ({
  id,
  product_id: id.slice(0, 2),
  name,
  name_bn,
  description: null,
  price,
  stock: 50,
});
const kind = {
  account_fields: 'player_uid',
  uid_pattern: null,
  uid_message: null,
  zone_label: null,
  redeem_steps: [],
  redeem_url: null,
  uid_help: [],
};
const products = [
  {
    id: 'ff',
    name: 'Free Fire Diamonds',
    name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
    description: null,
    category: 'Free Fire',
    image_url: null,
    display_order: 0,
    stock: 100,
    variants: [variant('ff1', '25 Diamonds', 2500, '২৫ ডায়মন্ড'), variant('ff2', '100 Diamonds', 8000)],
    ...kind,
  },
  {
    id: 'pubg',
    name: 'PUBG Mobile UC',
    name_bn: null,
    description: null,
    category: 'PUBG',
    image_url: null,
    display_order: 1,
    stock: 50,
    variants: [variant('pu1', '60 UC', 9900)],
    ...kind,
  },
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/catalog')) return json({ products });
      if (url.endsWith('/api/site'))
        return json({ slides: [], announcement: null, seo: [], settings: DEFAULT_SITE_SETTINGS });
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  act(() => setLocale('en'));
  cleanup();
  vi.unstubAllGlobals();
});

let search = '';
function LocationProbe() {
  search = useLocation().search;
  return null;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <HomePage />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardNames = () =>
  screen.queryAllByRole('link').map((link) => within(link).queryByRole('heading')?.textContent);

describe('home page search', { timeout: 30_000 }, () => {
  it('starts from the URL (/?q=free), filters as the buyer types and keeps the text in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/?q=free');
    expect(await screen.findByText('Free Fire Diamonds')).toBeTruthy();
    expect(cardNames()).toEqual(['Free Fire Diamonds']);
    const field = screen.getByRole('searchbox', { name: 'Search games' });
    expect(field).toHaveProperty('value', 'free');

    await user.clear(field);
    await user.type(field, 'pubg uc');
    expect(await screen.findByText('PUBG Mobile UC')).toBeTruthy();
    expect(cardNames()).toEqual(['PUBG Mobile UC']);
    expect(new URLSearchParams(search).get('q')).toBe('pubg uc');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardNames()).toEqual(['Free Fire Diamonds', 'PUBG Mobile UC']);
    expect(search).toBe('');
  });

  it('finds a package by Bengali digits, and says so when nothing matches, with a way back', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/');
    const field = await screen.findByRole('searchbox', { name: 'Search games' });
    await screen.findByText('PUBG Mobile UC');
    await user.type(field, '৬০');
    expect(cardNames()).toEqual(['PUBG Mobile UC']);

    await user.clear(field);
    await user.type(field, 'minecraft');
    const empty = await screen.findByTestId('search-empty');
    expect(within(empty).getByText('No games match “minecraft”')).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'Clear search' }));
    expect(cardNames()).toEqual(['Free Fire Diamonds', 'PUBG Mobile UC']);
  });

  it('in Bangla: the Bangla name, the price in Bengali digits, and a Bangla name found by search', async () => {
    act(() => setLocale('bn'));
    const user = userEvent.setup({ delay: null });
    renderAt('/');
    expect(await screen.findByText('ফ্রি ফায়ার ডায়মন্ড')).toBeTruthy();
    expect(screen.getByText('৳২৫.০০ থেকে')).toBeTruthy();
    // No Bangla name given: the English one.
    expect(screen.getByText('PUBG Mobile UC')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'গেম খুঁজুন' }), 'ফায়ার');
    expect(cardNames()).toEqual(['ফ্রি ফায়ার ডায়মন্ড']);
  });
});
