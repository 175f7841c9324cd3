import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import PaymentsSection from './payments/payments';
import WalletSection from './wallet/wallet';

vi.mock('sonner', () => import('./test-sonner-mock'));
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
const callMock = (await import('./test-api-mock')).call;

afterEach(() => {
  cleanup();
  callMock.mockReset();
  act(() => setLocale('en'));
});

const payment = (over: Record<string, unknown>) => ({
  id: `pay-${String(over.kind)}`,
  kind: 'order',
  order_id: null,
  user_id: 'u1',
  user_email: `${String(over.kind)}@shop.test`,
  amount: 10_000,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'completed',
  invoice_id: null,
  transaction_id: 'TRX1',
  sender_number: null,
  note: null,
  created_at: '2026-11-02T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  ...over,
});
const payments = [
  payment({ kind: 'manual_topup', payment_method: 'bkash', payment_provider: 'manual', status: 'pending' }),
  payment({ kind: 'adjustment', payment_method: 'admin_adjustment', payment_provider: 'admin' }),
  payment({ kind: 'order', payment_method: 'nagad', payment_provider: 'uddoktapay', status: 'review' }),
];

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
const rowOf = async (email: string) => within((await screen.findByText(email)).closest('tr')!);
const cells = (row: ReturnType<typeof within>) =>
  row.getAllByRole('cell').map((c: HTMLElement) => c.textContent);

describe('stored values are shown as labels', () => {
  it('Payment Management: kinds, methods, providers and statuses', async () => {
    callMock.mockResolvedValue({ items: payments, cursor: null });
    wrap(<PaymentsSection />);
    const manual = cells(await rowOf('manual_topup@shop.test'));
    expect(manual).toEqual(expect.arrayContaining(['Manual top-up', 'bKash', 'TrxID (manual)', 'Pending']));
    const adjustment = cells(await rowOf('adjustment@shop.test'));
    expect(adjustment).toEqual(expect.arrayContaining(['Admin adjustment', 'Admin', 'Completed']));
    const order = cells(await rowOf('order@shop.test'));
    expect(order).toEqual(expect.arrayContaining(['Order', 'Nagad', 'UddoktaPay', 'In review']));
    const raw = ['bkash', 'manual_topup', 'admin_adjustment', 'adjustment', 'manual', 'completed', 'review'];
    for (const row of [manual, adjustment, order]) for (const value of raw) expect(row).not.toContain(value);
  });

  it('the same labels in Bangla', async () => {
    act(() => setLocale('bn'));
    callMock.mockResolvedValue({ items: payments, cursor: null });
    wrap(<PaymentsSection />);
    const manual = cells(await rowOf('manual_topup@shop.test'));
    expect(manual).toEqual(expect.arrayContaining(['ম্যানুয়াল টপ-আপ', 'bKash', 'TrxID (ম্যানুয়াল)', 'পেন্ডিং']));
    const adjustment = cells(await rowOf('adjustment@shop.test'));
    expect(adjustment).toEqual(expect.arrayContaining(['অ্যাডমিন সমন্বয়', 'অ্যাডমিন']));
  });

  it('the TrxID requests say bKash, not bkash', async () => {
    callMock.mockImplementation(async (name: string) =>
      name === 'adminListManualTopups' ? { items: [payments[0]], cursor: null } : { items: [], cursor: null },
    );
    wrap(<WalletSection />);
    const row = cells(await rowOf('manual_topup@shop.test'));
    expect(row).toContain('bKash');
    expect(row).not.toContain('bkash');
    expect(screen.getByRole('option', { name: 'Admin adjustment' })).toBeTruthy();
  });
});
