import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameProduct, jsonResponse as json, renderShopAt } from './test-render';

/** Regular buyers: saved players offered first, and 'Buy again' opening a filled-in page. */
const product = {
  ...gameProduct,
  stock: 45,
  variants: [
    { id: 'v1', product_id: 'p1', name: '25 Diamonds', description: null, price: 2500, stock: 5 },
    { id: 'v3', product_id: 'p1', name: '115 Diamonds', description: null, price: 8500, stock: 40 },
  ],
};
const savedPlayers = [
  {
    product_id: 'p1',
    player_uid: '22223333',
    player_zone: null,
    player_name: 'Rafi',
    last_used_at: '2026-11-27T10:00:00Z',
  },
  {
    product_id: 'p1',
    player_uid: '44445555',
    player_zone: null,
    player_name: null,
    last_used_at: '2026-11-26T10:00:00Z',
  },
  {
    product_id: 'other',
    player_uid: '66667777',
    player_zone: null,
    player_name: 'Elsewhere',
    last_used_at: '2026-11-27T11:00:00Z',
  },
];
let balance: number;
let lookups: string[];
let calls: string[];
let paymentState: unknown;

beforeEach(() => {
  balance = 100_000;
  lookups = [];
  calls = [];
  paymentState = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(new URL(url, 'http://shop').pathname);
      if (url.endsWith('/api/products/p1')) return json(200, { product, player_lookup: true });
      if (url.endsWith('/api/me/players')) return json(200, { players: savedPlayers });
      if (url.endsWith('/api/me'))
        return json(200, {
          id: 'u1',
          email: 'u1@example.com',
          full_name: 'Buyer',
          phone: null,
          balance,
          is_admin: false,
          created_at: '2026-01-01T00:00:00Z',
          notify_optional: true,
          language: 'en',
        });
      if (url.endsWith('/api/players/lookup')) {
        const uid = (JSON.parse(String(init?.body)) as { player_uid: string }).player_uid;
        lookups.push(uid);
        return json(200, {
          player: {
            player_uid: uid,
            player_name: `Hero${uid.slice(-3)}`,
            level: 42,
            rank: 'Gold',
            provider: 'simulation',
          },
        });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function PaymentStub() {
  paymentState = useLocation().state;
  return <p>payment page</p>;
}

function renderAt(path: string, signedIn = true) {
  const user = signedIn ? { userId: 'u1', email: 'u1@example.com', isAdmin: false, groups: [] } : undefined;
  return renderShopAt(path, { auth: { user }, payment: <PaymentStub />, toaster: true });
}

describe('saved players and buy again', { timeout: 30_000 }, () => {
  it("offers this game's saved players first; one tap fills the UID in and verifies it", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    const rafi = await screen.findByRole('button', { name: /Rafi.*22223333/ });
    expect(screen.getByRole('button', { name: '44445555' })).toBeTruthy();
    // Another game's player is not offered here.
    expect(screen.queryByText('Elsewhere')).toBeNull();
    expect((screen.getByLabelText('Player UID *') as HTMLInputElement).value).toBe('');
    await user.click(rafi);
    expect((screen.getByLabelText('Player UID *') as HTMLInputElement).value).toBe('22223333');
    expect(rafi.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect(lookups).toEqual(['22223333']);
    // A new UID can still be typed: it is not one of the saved ones.
    await user.clear(screen.getByLabelText('Player UID *'));
    await user.type(screen.getByLabelText('Player UID *'), '987654321');
    expect(rafi.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('player-verified')).toBeNull();
  });

  it('buy again: package, player and wallet set, so one tap on Proceed reaches payment', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1?variant=v3&uid=44445555');
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /115 Diamonds/ })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Player UID *') as HTMLInputElement).value).toBe('44445555');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Wallet/ })).toHaveProperty('checked', true),
    );
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(paymentState).toMatchObject({
      variantId: 'v3',
      playerUID: '44445555',
      playerName: 'Hero555',
      paymentMethod: 'wallet',
    });
  });

  it('buy again from My Codes (package only) picks the newest saved player of the game', async () => {
    renderAt('/product/p1?variant=v1');
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect((screen.getByLabelText('Player UID *') as HTMLInputElement).value).toBe('22223333');
    expect(screen.getByRole('radio', { name: /25 Diamonds/ })).toHaveProperty('checked', true);
  });

  it('leaves the method to the buyer when the balance does not cover the package', async () => {
    balance = 1_000;
    renderAt('/product/p1?variant=v3&uid=44445555');
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('/api/me'));
    expect(screen.getByRole('radio', { name: /Wallet/ })).toHaveProperty('checked', false);
  });

  it('signed out: no saved players are asked for or shown', async () => {
    renderAt('/product/p1', false);
    expect(await screen.findByLabelText('Player UID *')).toBeTruthy();
    expect(screen.queryByTestId('saved-players')).toBeNull();
    expect(calls).not.toContain('/api/me/players');
  });
});
