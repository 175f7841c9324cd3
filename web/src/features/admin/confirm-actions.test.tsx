import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { GrantAdminForm } from './grant-admin-page';
import UsersSection from './users/users';
import WalletSection from './wallet/wallet';

vi.mock('sonner', () => import('./test-sonner-mock'));
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
const callMock = (await import('./test-api-mock')).call;

const buyer = {
  id: 'u-buyer',
  email: 'rahim@buyer.test',
  full_name: 'Rahim',
  phone: null,
  balance: 50_000,
  is_admin: false,
  created_at: '2026-11-01T00:00:00Z',
};
const request = {
  id: 'pay-1',
  kind: 'manual_topup',
  order_id: null,
  user_id: 'u-buyer',
  user_email: 'rahim@buyer.test',
  amount: 120_000,
  payment_method: 'bkash',
  payment_provider: 'manual',
  status: 'pending',
  sender_number: '01711111111',
  transaction_id: 'TRX9X8Y7',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

beforeEach(() => {
  callMock.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminListUsers':
        return { items: [buyer], cursor: null };
      case 'adminListManualTopups':
        return { items: [request], cursor: null };
      case 'adminWalletAdjustment':
        return { balance: 60_000, payment: {} };
      default:
        return {};
    }
  });
});
afterEach(() => {
  cleanup();
  callMock.mockReset();
});

function show(ui: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestAuthProvider
        value={{ user: { userId: 'a1', email: 'admin@shop.test', isAdmin: true, groups: ['admin'] } }}
      >
        <MemoryRouter>{ui}</MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}
const called = (name: string) => callMock.mock.calls.some((c) => c[0] === name);

/**
 * Opens the dialog with `open`, cancels it (nothing sent), opens it again and confirms with
 * `confirm`: then `route` is called. Answers the question the dialog asked.
 */
async function cancelThenConfirm(open: () => Promise<void>, confirm: string, route: string) {
  await open();
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(called(route)).toBe(false);
  await open();
  const again = await screen.findByRole('dialog');
  const question = again.textContent ?? '';
  await userEvent.click(within(again).getByRole('button', { name: confirm }));
  await waitFor(() => expect(called(route)).toBe(true), { timeout: 5000 });
  return question;
}

describe('money and role actions ask first', () => {
  it('TrxID approve names the amount, the buyer and the TrxID', async () => {
    show(<WalletSection />);
    await screen.findByText('TRX9X8Y7');
    const question = await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Approve' })),
      'Approve',
      'adminApproveManualTopup',
    );
    expect(question).toContain(
      "Add ৳1,200.00 to rahim@buyer.test's wallet for TrxID TRX9X8Y7? The money is credited at once.",
    );
  });

  it('TrxID reject asks too', async () => {
    show(<WalletSection />);
    await screen.findByText('TRX9X8Y7');
    await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Reject' })),
      'Reject',
      'adminRejectManualTopup',
    );
  });

  it('a wallet update says who, how much and which way', async () => {
    show(<WalletSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose rahim@buyer.test' }));
    await userEvent.type(screen.getByLabelText('Amount (৳)'), '100');
    const question = await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Update Wallet' })),
      'Update Wallet',
      'adminWalletAdjustment',
    );
    expect(question).toContain("Add ৳100.00 to rahim@buyer.test's wallet?");
  });

  it('Make Admin names the user', async () => {
    show(<UsersSection />);
    await screen.findByText('rahim@buyer.test');
    const question = await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Make Admin' })),
      'Make Admin',
      'adminGrantAdmin',
    );
    expect(question).toContain('rahim@buyer.test gets the whole Admin Dashboard at once');
  });

  it('the demo top-up asks before crediting ৳100', async () => {
    show(<UsersSection />);
    await screen.findByText('rahim@buyer.test');
    const question = await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Demo top-up ৳100' })),
      'Demo top-up ৳100',
      'adminDemoTopup',
    );
    expect(question).toContain("Add ৳100.00 to rahim@buyer.test's wallet?");
  });

  it('granting by email asks first', async () => {
    show(<GrantAdminForm onGranted={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'karim@buyer.test');
    const question = await cancelThenConfirm(
      () => userEvent.click(screen.getByRole('button', { name: 'Grant Admin Role' })),
      'Grant Admin Role',
      'adminGrantAdminByEmail',
    );
    expect(question).toContain('karim@buyer.test gets the whole Admin Dashboard at once');
  });
});
