import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/client';
import { setLocale } from '../../../shared/i18n/i18n';
import OverviewSection from './overview';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('sonner', () => import('../test-sonner-mock'));

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

const stats = (level: number, low: number[]) => ({
  sales_per_day: [],
  orders_by_status: {},
  revenue: 0,
  revenue_14d: 0,
  low_stock_level: level,
  low_stock: low.map((stock, i) => ({
    variant_id: `v${i}`,
    product_id: 'p1',
    product_name: 'Free Fire',
    variant_name: `${i + 1}00 Diamonds`,
    stock,
    is_active: true,
  })),
  generated_at: '2026-11-05T10:00:00.000Z',
});

function renderOverview(answer: ReturnType<typeof stats>) {
  vi.mocked(call).mockResolvedValue(answer);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OverviewSection />
    </QueryClientProvider>,
  );
}

describe('the low-stock card', () => {
  it("says the shop's level it used, from the setting (not a fixed 10)", async () => {
    renderOverview(stats(4, [0, 3]));
    expect(await screen.findByText('Fewer than 4 codes')).toBeTruthy();
    expect(screen.getByText('Low-stock level: 4 codes (set in Notifications)')).toBeTruthy();
    expect(screen.queryByText(/10 codes/)).toBeNull();
  });

  it('says it when nothing is low, and in Bangla digits', async () => {
    act(() => setLocale('bn'));
    renderOverview(stats(25, []));
    expect(await screen.findByText('২৫টির কম কোড')).toBeTruthy();
    expect(screen.getByText('প্রতিটি প্যাকেজে ২৫টি বা তার বেশি কোড আছে')).toBeTruthy();
  });
});
