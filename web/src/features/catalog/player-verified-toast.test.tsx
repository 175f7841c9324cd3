import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameProduct, jsonResponse as json, renderShopAt } from './test-render';

const product = { ...gameProduct, description: 'Top up diamonds' };

beforeEach(() => {
  // Sonner holds its toasts while the page is hidden: none expires by itself during the test, so
  // only a dismissal can take the toast away.
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/products/p1')) return json(200, { product, player_lookup: true });
      if (url.endsWith('/api/players/lookup'))
        return json(200, {
          player: {
            player_uid: '123456789',
            player_name: 'Hero789',
            level: 42,
            rank: 'Gold',
            provider: 'simulation',
          },
        });
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (document as { hidden?: boolean }).hidden;
});

describe("the 'Player Verified' toast", { timeout: 30_000 }, () => {
  it('stays on the product page: gone once the buyer proceeds to the next page', async () => {
    const user = userEvent.setup({ delay: null });
    renderShopAt('/product/p1', { toaster: true });
    await user.type(await screen.findByLabelText('Player UID *'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Player Verified')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /25 Diamonds/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Player Verified')).toBeNull());
  });
});
