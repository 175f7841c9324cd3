import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import MyOrdersPage from './my-orders-page';

const order = {
  id: 'o1234567890',
  status: 'completed',
  product_id: 'p1',
  product_variant_id: 'v1',
  product_name: 'Free Fire Diamonds',
  variant_name: '115 Diamonds',
  product_name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
  variant_name_bn: null,
  player_uid: '123456789',
  player_name: 'Hero789',
  whatsapp_number: null,
  quantity: 1,
  total_amount: 12_000,
  payment_method: 'wallet',
  payment_id: null,
  payment_status: null,
  failure_reason: null,
  code: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/api/orders')
        ? json(200, { items: [order], cursor: null })
        : json(404, { error: { code: 'not_found', message: 'Not found' } }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLocale('en'));
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MyOrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Orders', () => {
  it('lists an order in English', async () => {
    renderPage();
    expect(await screen.findByText('Free Fire Diamonds')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Wallet')).toBeTruthy();
    expect(screen.getByText('৳120.00')).toBeTruthy();
    expect(screen.getByText('View receipt and code')).toBeTruthy();
  });

  it('in Bangla: the Bangla product name (English package when it has none), status, method and taka', async () => {
    act(() => setLocale('bn'));
    renderPage();
    expect(await screen.findByText('ফ্রি ফায়ার ডায়মন্ড')).toBeTruthy();
    expect(screen.getByText('115 Diamonds')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'আমার অর্ডার' })).toBeTruthy();
    expect(screen.getByText('সম্পন্ন')).toBeTruthy();
    expect(screen.getByText('ওয়ালেট')).toBeTruthy();
    expect(screen.getByText('৳১২০.০০')).toBeTruthy();
    expect(screen.getByText('রসিদ ও কোড দেখুন')).toBeTruthy();
  });
});
