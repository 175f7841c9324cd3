import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import OrdersSection from './orders/orders';
import PaymentsSection from './payments/payments';

vi.mock('sonner', () => import('./test-sonner-mock'));
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
const callMock = (await import('./test-api-mock')).call;

const order = {
  id: '01HXYZABCDEFGH',
  status: 'completed',
  product_id: 'p1',
  product_variant_id: 'v1',
  product_name: 'Free Fire',
  variant_name: '100 Diamonds',
  product_name_bn: null,
  variant_name_bn: null,
  player_uid: '12345678',
  player_name: null,
  whatsapp_number: null,
  quantity: 1,
  total_amount: 15_050,
  payment_method: 'wallet',
  payment_id: null,
  payment_status: 'completed',
  failure_reason: null,
  code: null,
  created_at: '2026-11-02T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  user_id: 'u1',
  user_email: 'rahim@buyer.test',
  user_name: 'Rahim',
};

/** The table's box as a browser lays it out: `box` px wide around a table of 704 px (44rem). */
function layout(box: number) {
  const isBox = (el: Element) => el.classList.contains('overflow-x-auto');
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? 704 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? box : 0;
  });
}

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

beforeEach(() => {
  callMock.mockImplementation(async (name: string) =>
    name === 'adminListOrders' ? { items: [order], cursor: null } : { items: [], cursor: null },
  );
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

describe('wide tables on a 360 px phone', () => {
  it('say they scroll sideways, and the box can be scrolled from the keyboard', async () => {
    layout(328);
    wrap(<OrdersSection />);
    await screen.findByText('rahim@buyer.test');
    expect(screen.getByText('Scroll sideways for more')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Scroll sideways for more' });
    expect(region.tabIndex).toBe(0);
  });

  it('say it in Bangla too', async () => {
    act(() => setLocale('bn'));
    layout(328);
    wrap(<OrdersSection />);
    await screen.findByText('rahim@buyer.test');
    expect(screen.getByText('আরও দেখতে পাশে স্ক্রল করুন')).toBeTruthy();
  });

  it('say nothing where the whole table fits', async () => {
    layout(1000);
    wrap(<OrdersSection />);
    await screen.findByText('rahim@buyer.test');
    expect(screen.queryByText('Scroll sideways for more')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('put the key columns first: the order, its status and its total; a payment, its amount and status', async () => {
    wrap(<OrdersSection />);
    await screen.findByText('rahim@buyer.test');
    expect(headers().slice(0, 3)).toEqual(['Order', 'Status', 'Total']);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent ?? '');
    expect(cells[0]).toBe('01HXYZAB');
    expect(cells[1]).toContain('Completed');
    expect(cells[2]).toBe('৳150.50');
    cleanup();
    wrap(<PaymentsSection />);
    await screen.findByText('No payments found');
    expect(headers().slice(0, 4)).toEqual(['Payment', 'Kind', 'Amount', 'Status']);
  });
});
