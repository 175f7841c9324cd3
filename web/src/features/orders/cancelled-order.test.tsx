import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import MyOrdersPage from './my-orders-page';

/** A gateway order the buyer cancelled (failure reason 'cancelled') beside one whose payment failed. */
const base = {
  product_id: 'p1',
  product_variant_id: 'v1',
  product_name: 'Free Fire Diamonds',
  product_name_bn: null,
  variant_name_bn: null,
  player_uid: '123456789',
  player_name: null,
  whatsapp_number: null,
  quantity: 1,
  total_amount: 12_000,
  payment_method: 'bkash',
  payment_id: 'pay1',
  payment_status: 'failed',
  code: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const cancelled = {
  ...base,
  id: 'cancelled1',
  variant_name: '115 Diamonds',
  status: 'failed',
  failure_reason: 'cancelled',
};
const failed = {
  ...base,
  id: 'failed0001',
  variant_name: '25 Diamonds',
  status: 'failed',
  failure_reason: 'gateway_error',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/api/orders')
        ? json(200, { items: [cancelled, failed], cursor: null })
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
const card = async (variant: string) => (await screen.findByText(variant)).closest('li')!;

describe('My Orders: an order the buyer cancelled', () => {
  it("says 'Cancelled' in neutral colours, not a red 'Failed'; a failed payment stays 'Failed'", async () => {
    renderPage();
    const mine = within(await card('115 Diamonds'));
    const badge = mine.getByText('Cancelled');
    expect(badge.dataset.variant).toBe('outline');
    expect(mine.queryByText('Failed')).toBeNull();
    const other = within(await card('25 Diamonds')).getByText('Failed');
    expect(other.dataset.variant).toBe('destructive');
  });

  it('says it in Bangla', async () => {
    act(() => setLocale('bn'));
    renderPage();
    const mine = within(await card('115 Diamonds'));
    expect(mine.getByText('বাতিল').dataset.variant).toBe('outline');
    expect(within(await card('25 Diamonds')).getByText('ব্যর্থ')).toBeTruthy();
  });
});
