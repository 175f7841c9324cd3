import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import { Toaster } from '../../shared/ui/sonner';
import { SavedPlayersCard } from './components/saved-players-card';

/** My Profile's saved players: grouped by game, each removable (the owner's own, by the token). */
let players: Array<Record<string, unknown>>;
let deletes: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  players = [
    {
      product_id: 'ff',
      player_uid: '22223333',
      player_zone: null,
      player_name: 'Rafi',
      last_used_at: '2026-11-27T10:00:00Z',
    },
    {
      product_id: 'ml',
      player_uid: '55556666',
      player_zone: '2201',
      player_name: null,
      last_used_at: '2026-11-26T10:00:00Z',
    },
  ];
  deletes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://shop');
      if (init?.method === 'DELETE') {
        deletes.push(`${u.pathname}${u.search}`);
        players = players.filter((p) => !u.pathname.endsWith(`/${String(p.player_uid)}`));
        return json(200, { message: 'Player removed' });
      }
      if (u.pathname === '/api/me/players') return json(200, { players });
      if (u.pathname === '/api/catalog')
        return json(200, {
          products: [
            { id: 'ff', name: 'Free Fire Diamonds', name_bn: 'ফ্রি ফায়ার ডায়মন্ড', variants: [] },
            { id: 'ml', name: 'Mobile Legends', name_bn: null, variants: [] },
          ],
        });
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLocale('en'));
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestAuthProvider
        value={{ user: { userId: 'u1', email: 'u1@example.com', isAdmin: false, groups: [] } }}
      >
        <MemoryRouter>
          <SavedPlayersCard />
        </MemoryRouter>
        <Toaster />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('saved players in My Profile', { timeout: 30_000 }, () => {
  it('lists them by game and removes one with Remove', async () => {
    const user = userEvent.setup({ delay: null });
    renderCard();
    const ff = await screen.findByRole('region', { name: 'Free Fire Diamonds' });
    expect(within(ff).getByText('Rafi')).toBeTruthy();
    expect(within(ff).getByText('22223333')).toBeTruthy();
    const ml = screen.getByRole('region', { name: 'Mobile Legends' });
    expect(within(ml).getByText('Zone 2201')).toBeTruthy();
    await user.click(within(ml).getByRole('button', { name: 'Remove 55556666' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Mobile Legends' })).toBeNull());
    expect(deletes).toEqual(['/api/me/players/ml/55556666?zone=2201']);
    expect(await screen.findByText('Player removed')).toBeTruthy();
  });

  it('says where they come from when there are none, in Bangla too', async () => {
    players = [];
    act(() => setLocale('bn'));
    renderCard();
    expect(
      await screen.findByText('অর্ডার সম্পন্ন হলে তার প্লেয়ার আইডি পরের বারের জন্য এখানে থাকবে।'),
    ).toBeTruthy();
    expect(screen.getByText('সেভ করা প্লেয়ার')).toBeTruthy();
  });
});
