import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MyCodesPage from './my-codes-page';
import MyOrdersPage from './my-orders-page';

/** 'Buy again' from My Orders and My Codes: one tap to the product page with the package (and player). */
const base = {
  product_id: 'p1',
  product_variant_id: 'v3',
  product_name: 'Free Fire Diamonds',
  variant_name: '115 Diamonds',
  product_name_bn: null,
  variant_name_bn: null,
  player_name: null,
  whatsapp_number: null,
  quantity: 1,
  total_amount: 8_500,
  payment_method: 'wallet',
  payment_id: null,
  payment_status: null,
  failure_reason: null,
  code: null,
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
};
const orders = [
  { ...base, id: 'done0001', status: 'completed', player_uid: '123456789', player_zone: 'Asia 2' },
  { ...base, id: 'fail0001', status: 'failed', player_uid: '987654321' },
];
const codes = [
  {
    id: 'c1',
    code: 'FFDM-1234-5678',
    status: 'delivered',
    order_id: 'done0001',
    product_id: 'p1',
    product_variant_id: 'v3',
    product_name: 'Free Fire Diamonds',
    variant_name: '115 Diamonds',
    product_name_bn: null,
    variant_name_bn: null,
    created_at: '2026-11-27T10:00:00Z',
    delivered_at: '2026-11-27T10:00:01Z',
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/api/orders')
        ? json(200, { items: orders, cursor: null })
        : url.includes('/api/codes')
          ? json(200, { items: codes, cursor: null })
          : json(404, { error: { code: 'not_found', message: 'Not found' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/my-orders" element={<MyOrdersPage />} />
          <Route path="/my-codes" element={<MyCodesPage />} />
          <Route path="/product/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('buy again', { timeout: 30_000 }, () => {
  it('My Orders: a completed order has Buy again, with its package and player in the link', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/my-orders');
    const buttons = await screen.findAllByRole('button', { name: 'Buy again' });
    // Only the completed order: a failed one is no proof its player is right.
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(screen.getByTestId('where').textContent).toBe('/product/p1?variant=v3&uid=123456789&zone=Asia+2');
  });

  it('My Codes: Buy again names the package; the page picks the saved player', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/my-codes');
    await user.click(await screen.findByRole('button', { name: 'Buy again' }));
    expect(screen.getByTestId('where').textContent).toBe('/product/p1?variant=v3');
  });
});
