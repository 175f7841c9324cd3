import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeDisplay } from '../../shared/components/code-display';
import { Toaster } from '../../shared/ui/sonner';
import { TestAuthProvider } from '../../shared/auth/auth';
import ProductPage from './product-page';

const product = {
  id: 'p1',
  name: 'Free Fire Diamonds',
  description: 'Top up diamonds',
  category: 'Free Fire',
  image_url: null,
  display_order: 0,
  stock: 12,
  variants: [
    { id: 'v1', product_id: 'p1', name: '25 Diamonds', description: null, price: 2500, stock: 5 },
    { id: 'v2', product_id: 'p1', name: '50 Diamonds', description: null, price: 4500, stock: 0 },
    { id: 'v3', product_id: 'p1', name: '115 Diamonds', description: null, price: 8500, stock: 40 },
  ],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let lookups: string[];

beforeEach(() => {
  lookups = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/products/p1')) return json(200, { product });
      if (url.endsWith('/api/products/nope')) return json(404, { error: { code: 'not_found', message: 'Product not found' } });
      if (url.endsWith('/api/players/lookup')) {
        const uid = (JSON.parse(String(init?.body)) as { player_uid: string }).player_uid;
        lookups.push(uid);
        if (uid === '99999999') return json(404, { error: { code: 'not_found', message: 'Invalid UID' } });
        return json(200, { player: { player_uid: uid, player_name: `Hero${uid.slice(-3)}`, level: 42, rank: 'Gold', provider: 'simulation' } });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{}}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/product/:id" element={<ProductPage />} />
            <Route path="/payment" element={<p>payment page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('product page', { timeout: 30_000 }, () => {
  it('disables empty packages and warns about low stock', async () => {
    renderAt('/product/p1');
    expect(await screen.findByText('Free Fire Diamonds')).toBeTruthy();
    expect(screen.getByText('Only 5 left')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /50 Diamonds/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /25 Diamonds/ })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Only 40 left')).toBeNull();
  });

  it('validates the UID, verifies it, and forgets the verification when the UID changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    const uid = await screen.findByLabelText('Player UID *');
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Please enter Player UID')).length).toBeGreaterThan(0);

    await user.type(uid, '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid UID')).toBeTruthy();
    expect(lookups).toEqual([]);

    await user.clear(uid);
    await user.type(uid, '123456789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('player-verified')).toBeTruthy();
    expect(screen.getByTestId('player-verified').textContent).toContain('Hero789');
    expect(proceed).toHaveProperty('disabled', false);

    await user.type(uid, '0');
    expect(screen.queryByTestId('player-verified')).toBeNull();
    expect(proceed).toHaveProperty('disabled', true);
  });

  it("shows 'Player Not Found' when the lookup finds nobody", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await user.type(await screen.findByLabelText('Player UID *'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Player Not Found')).toBeTruthy();
  });

  it('asks for every field, then sends the order details to the payment page', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/product/p1');
    await user.type(await screen.findByLabelText('Player UID *'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('player-verified');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Please fill all required fields')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /25 Diamonds/ }));
    await user.click(screen.getByRole('radio', { name: /Wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
  });

  it("shows 'Product not found' with Go Home for an unknown product", async () => {
    renderAt('/product/nope');
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
  });
});

describe('code display', () => {
  it('masks the code, reveals it and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <CodeDisplay code="ABCD-EFGH-1234" />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('voucher-code').textContent).toBe('ABCD******1234');
    await user.click(screen.getByRole('button', { name: 'Reveal code' }));
    expect(screen.getByTestId('voucher-code').textContent).toBe('ABCD-EFGH-1234');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-1234'));
    expect(await screen.findByText('Copied!')).toBeTruthy();
  });
});
