import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import { TopupRequests } from './components/topup-requests';

/**
 * The buyer's TrxID requests say where each stands with its payment SMS (issue 32): waiting (and
 * by when), sent to the shop for review (and why), expired; in English and Bangla.
 */
const request = (fields: Record<string, unknown>) => ({
  id: String(fields.id),
  kind: 'manual_topup',
  order_id: null,
  user_id: 'u1',
  user_email: 'a@b.c',
  amount: 50_000,
  payment_method: 'bkash',
  payment_provider: 'manual',
  status: 'pending',
  invoice_id: null,
  transaction_id: `TRX${String(fields.id)}`,
  sender_number: '01812345678',
  note: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  ...fields,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/api/wallet/manual-topups'))
        return new Response(
          JSON.stringify({
            items: [
              request({ id: 'w1', expires_at: '2026-11-27T10:30:00.000Z' }),
              request({ id: 'r1', expires_at: '2026-11-27T10:30:00.000Z', sms_review: 'amount' }),
              request({ id: 'e1', status: 'expired', expires_at: '2026-11-27T10:30:00.000Z' }),
            ],
            cursor: null,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLocale('en'));
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.c' } as never }}>
        <TopupRequests />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe("the buyer's TrxID requests", () => {
  it('say waiting with the expected time, the review reason, and expired', async () => {
    renderList();
    expect(await screen.findByText(/^Waiting for the payment SMS · expected by /)).toBeTruthy();
    expect(
      screen.getByText(
        'Sent to the shop for review: the amount you entered differs from the amount received',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^No payment SMS came in time\./)).toBeTruthy();
  });

  it('say it in Bangla', async () => {
    act(() => setLocale('bn'));
    renderList();
    expect(await screen.findByText(/^পেমেন্টের এসএমএসের অপেক্ষা · /)).toBeTruthy();
    expect(
      screen.getByText(
        'যাচাইয়ের জন্য দোকানে পাঠানো হয়েছে: আপনার লেখা টাকার পরিমাণ আর পাওয়া টাকার পরিমাণ মেলেনি',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^সময়ের মধ্যে পেমেন্টের এসএমএস আসেনি।/)).toBeTruthy();
  });
});
