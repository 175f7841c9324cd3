import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../../shared/auth/auth';
import WalletSection from './wallet';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

const base = {
  kind: 'manual_topup',
  order_id: null,
  payment_method: 'bkash',
  payment_provider: 'manual',
  status: 'pending',
  invoice_id: null,
  note: null,
  transaction_id: 'TRX9X8Y7',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
// Issue 32: a squatter (A) named the payer's (B) TrxID first; the queue shows each beside the other.
const squatter = {
  ...base,
  id: 'pay-a',
  user_id: 'u-a',
  user_email: 'a@buyer.test',
  amount: 50_000,
  sender_number: '01733333333',
};
const payer = {
  ...base,
  id: 'pay-b',
  user_id: 'u-b',
  user_email: 'b@buyer.test',
  amount: 50_000,
  sender_number: '01844444444',
};
const competitor = (p: typeof squatter) => ({
  id: p.id,
  user_email: p.user_email,
  amount: p.amount,
  sender_number: p.sender_number,
  status: 'pending',
  created_at: p.created_at,
});

beforeEach(() => {
  callMock.mockImplementation(async (name: string) =>
    name === 'adminListManualTopups'
      ? {
          items: [
            { ...squatter, competing: [competitor(payer)] },
            { ...payer, competing: [competitor(squatter)] },
          ],
          cursor: null,
        }
      : { items: [], cursor: null },
  );
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestAuthProvider
        value={{ user: { userId: 'a1', email: 'admin@shop.test', isAdmin: true, groups: ['admin'] } }}
      >
        <MemoryRouter>
          <WalletSection />
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('two accounts claim one TrxID', () => {
  it("each request shows the other's buyer and sender number, and Approve warns first", async () => {
    show();
    const notes = await screen.findAllByRole('note');
    expect(notes).toHaveLength(2);
    expect(notes[0]!.textContent).toContain('Also claimed by');
    expect(notes[0]!.textContent).toContain('b@buyer.test');
    expect(notes[0]!.textContent).toContain('01844444444');
    expect(notes[1]!.textContent).toContain('01733333333');
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('compare the sender numbers first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callMock.mock.calls.some((c) => c[0] === 'adminApproveManualTopup')).toBe(false);
  });
});
