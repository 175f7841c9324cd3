import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import ReconciliationSection from './reconciliation';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

/** Issue 34: a day's reconciliation report as the admin reads and resolves it. */
const brk = (over: Record<string, unknown>) => ({
  id: 'amount_mismatch.gateway.p1',
  kind: 'amount_mismatch',
  source: 'gateway',
  reference: 'p1',
  shop: '500.00',
  other: '499.00',
  detail: 'Invoice INV1: the shop recorded 500.00 paid, the gateway says 499.00',
  resolved_by: null,
  resolved_at: null,
  resolution_note: null,
  ...over,
});
let breaks: Array<ReturnType<typeof brk>> = [];
const report = () => ({
  day: '2026-11-26',
  from: '2026-11-25T18:00:00.000Z',
  until: '2026-11-26T18:00:00.000Z',
  ran_at: '2026-11-26T19:00:00.000Z',
  ran_by: 'job',
  checked: { gateway_invoices: 3, manual_payments: 1, supplier_orders: 0, wallets: 4 },
  gateway_listed: false,
  unchecked: [],
  breaks,
});

beforeEach(() => {
  breaks = [brk({})];
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminGetReconciliation':
        return { report: report() };
      case 'adminResolveBreak':
        breaks = [
          brk({
            resolved_by: 'admin-1',
            resolved_at: '2026-11-27T05:00:00.000Z',
            resolution_note: 'Refunded ৳1',
          }),
        ];
        return { report: report(), message: 'ok' };
      case 'adminRunReconciliation':
        return { report: report(), message: 'ok' };
      default:
        return {};
    }
  });
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
  act(() => setLocale('en'));
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/reconciliation?day=2026-11-26']}>
        <ReconciliationSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const calledWith = (name: string) => callMock.mock.calls.find((c) => c[0] === name)?.[1];

describe('the Reconciliation section', () => {
  it('shows the day of the link, each break with what to do, and that the gateway lists nothing', async () => {
    show();
    const item = await screen.findByTestId('recon-break');
    expect(calledWith('adminGetReconciliation')).toMatchObject({ params: { day: '2026-11-26' } });
    expect(within(item).getByText('Amounts differ')).toBeTruthy();
    expect(within(item).getByText('amount_mismatch')).toBeTruthy();
    expect(within(item).getByText(/Credit the difference to the buyer's wallet/)).toBeTruthy();
    expect(screen.getByText(/invoices paid at UddoktaPay that the shop never heard of/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));
    await waitFor(() =>
      expect(calledWith('adminRunReconciliation')).toEqual({ params: { day: '2026-11-26' } }),
    );
  });

  it('marking resolved wants a note, asks first, sends it, and shows who resolved it', async () => {
    show();
    const item = await screen.findByTestId('recon-break');
    await userEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calledWith('adminResolveBreak')).toBeUndefined();
    await userEvent.type(within(item).getByLabelText('How it was resolved'), 'Refunded ৳1');
    // A resolved break stays resolved: the app's dialog names it and the note; Cancel sends nothing.
    await userEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    const ask = await screen.findByRole('dialog', { name: 'Mark this break resolved?' });
    expect(ask.textContent).toContain('Amounts differ (p1) is closed with your note: “Refunded ৳1”.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledWith('adminResolveBreak')).toBeUndefined();
    await userEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    const again = await screen.findByRole('dialog', { name: 'Mark this break resolved?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() =>
      expect(calledWith('adminResolveBreak')).toEqual({
        params: { day: '2026-11-26', id: 'amount_mismatch.gateway.p1' },
        body: { note: 'Refunded ৳1' },
      }),
    );
    expect((await screen.findByTestId('recon-resolved')).textContent).toMatch(/by admin-1: Refunded ৳1/);
  });

  it('reads in Bangla', async () => {
    act(() => setLocale('bn'));
    show();
    const item = await screen.findByTestId('recon-break');
    expect(within(item).getByText('টাকার অঙ্ক মেলে না')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'হিসাব মিলান' })).toBeTruthy();
  });
});
