import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import type { PaymentState } from '../../shared/lib/payment-state';
import { Toaster } from '../../shared/ui/sonner';
import PaymentPage from './payment-page';

/** A bKash checkout from the product page: paying sends the browser to the gateway's page. */
const state: PaymentState = {
  product: 'Free Fire Diamonds',
  productId: 'p1',
  variant: '115 Diamonds',
  variantId: 'v1',
  price: '৳100.00',
  amount: 10_000,
  playerUID: '123456789',
  playerName: '',
  whatsappNumber: '',
  paymentMethod: 'bkash',
};
const GATEWAY = 'https://sandbox.uddoktapay.test/checkout/inv1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let orderAnswer: () => Response;
const assign = vi.fn();
vi.mock('./gateway-redirect', () => ({ toGateway: (url: string) => assign(url) }));

beforeEach(() => {
  sessionStorage.clear();
  assign.mockReset();
  orderAnswer = () =>
    json(201, { order: { id: 'order-1', payment_method: 'bkash' }, payment_url: GATEWAY, balance: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/me')) return json(200, { email: 'a@b.test', balance: 0 });
      if (url.endsWith('/api/orders')) return orderAnswer();
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setLocale('en'));
});

/** /payment as the history entry `key` (the same key again: Back to that entry). */
function renderPayment(key: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.test', isAdmin: false, groups: [] } }}>
        <MemoryRouter initialEntries={[{ pathname: '/payment', state, key }]}>
          <Routes>
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="/my-orders" element={<p>my orders page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('Back from the gateway to /payment', { timeout: 30_000 }, () => {
  it('says the order is already placed and offers My Orders, not a second payment', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment('checkout-1');
    await user.click(await screen.findByRole('button', { name: 'Pay ৳100.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GATEWAY));

    // The gateway's page, then Back: the same history entry loads again.
    cleanup();
    renderPayment('checkout-1');
    expect(await screen.findByRole('heading', { name: 'This order is already placed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'My Orders' }));
    expect(await screen.findByText('my orders page')).toBeTruthy();
  });

  it('says it in Bangla', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment('checkout-2');
    await user.click(await screen.findByRole('button', { name: 'Pay ৳100.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    cleanup();
    act(() => setLocale('bn'));
    renderPayment('checkout-2');
    expect(await screen.findByRole('heading', { name: 'এই অর্ডারটি আগেই দেওয়া হয়েছে' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'আমার অর্ডার' })).toBeTruthy();
  });

  it('still offers the payment for a new checkout (another history entry)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment('checkout-3');
    await user.click(await screen.findByRole('button', { name: 'Pay ৳100.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    cleanup();
    renderPayment('checkout-4');
    expect(await screen.findByRole('button', { name: 'Pay ৳100.00' })).toBeTruthy();
  });
});

describe('the unpaid-orders refusal', { timeout: 30_000 }, () => {
  it("is titled for what it is, not 'Payment Failed', with My Orders to act on", async () => {
    orderAnswer = () =>
      json(429, {
        error: {
          code: 'unpaid_orders',
          message: 'You have unpaid orders: pay or cancel them first',
          reason: 'unpaid_orders',
        },
      });
    const user = userEvent.setup({ delay: null });
    renderPayment('checkout-5');
    await user.click(await screen.findByRole('button', { name: 'Pay ৳100.00' }));
    expect(await screen.findByText('Unpaid orders waiting')).toBeTruthy();
    expect(screen.getByText('You have unpaid orders: pay or cancel them first')).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('in Bangla too', async () => {
    orderAnswer = () =>
      json(429, {
        error: {
          code: 'unpaid_orders',
          message: 'You have unpaid orders: pay or cancel them first',
          reason: 'unpaid_orders',
        },
      });
    act(() => setLocale('bn'));
    const user = userEvent.setup({ delay: null });
    renderPayment('checkout-6');
    await user.click(await screen.findByRole('button', { name: /পরিশোধ করুন|পেমেন্ট/ }));
    expect(await screen.findByText('পেমেন্ট বাকি থাকা অর্ডার আছে')).toBeTruthy();
    expect(screen.queryByText('পেমেন্ট ব্যর্থ হয়েছে')).toBeNull();
  });
});
