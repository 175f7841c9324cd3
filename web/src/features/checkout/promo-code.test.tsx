import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../../shared/auth/auth';
import { setLocale } from '../../shared/i18n/i18n';
import type { PaymentState } from '../../shared/lib/payment-state';
import { Toaster } from '../../shared/ui/sonner';
import { OrderReceipt } from './components/order-receipt';
import PaymentPage from './payment-page';

const state: PaymentState = {
  product: 'Free Fire Diamonds',
  productId: 'p1',
  variant: '115 Diamonds',
  variantId: 'v1',
  price: '৳100.00',
  amount: 10_000,
  playerUID: '123456789',
  playerName: 'Hero789',
  whatsappNumber: '',
  paymentMethod: 'wallet',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const order = {
  id: 'o1',
  status: 'completed',
  product_id: 'p1',
  product_variant_id: 'v1',
  product_name: 'Free Fire Diamonds',
  variant_name: '115 Diamonds',
  product_name_bn: null,
  variant_name_bn: null,
  player_uid: '123456789',
  player_name: 'Hero789',
  whatsapp_number: null,
  quantity: 1,
  total_amount: 9_000,
  promo_code: 'EID10',
  list_amount: 10_000,
  discount_amount: 1_000,
  payment_method: 'wallet',
  payment_id: null,
  payment_status: null,
  failure_reason: null,
  code: 'ABCD-1234',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
} as const;

let sent: Array<{ url: string; body: unknown }>;
let balance: number;

beforeEach(() => {
  sent = [];
  balance = 9_500;
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ url, body });
      if (url.endsWith('/api/me')) return json(200, { email: 'a@b.test', balance });
      if (url.endsWith('/api/promos/quote')) {
        if (body?.code !== 'EID10')
          return json(422, { error: { code: 'business_rule', message: 'Invalid promo code' } });
        return json(200, { code: 'EID10', list_amount: 10_000, discount_amount: 1_000, total_amount: 9_000 });
      }
      if (url.endsWith('/api/orders')) return json(201, { order, payment_url: null, balance: 500 });
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function AddMoneyProbe() {
  const location = useLocation();
  return <p data-testid="add-money">{location.search}</p>;
}

function renderPayment() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.test', isAdmin: false, groups: [] } }}>
        <MemoryRouter initialEntries={[{ pathname: '/payment', state }]}>
          <Routes>
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="/payment-success" element={<p>success page</p>} />
            <Route path="/add-money" element={<AddMoneyProbe />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('promo code at checkout', { timeout: 30_000 }, () => {
  it('shows the API refusal under the field, then applies a code: list price struck, new total, wallet check and order with promo_code', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment();
    // ৳95 in the wallet: short of the ৳100 list price.
    expect(await screen.findByText(/not enough: add money first/)).toBeTruthy();

    await user.type(screen.getByLabelText('Promo code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid promo code');

    await user.clear(screen.getByLabelText('Promo code'));
    await user.type(screen.getByLabelText('Promo code'), 'eid10{Enter}');
    expect((await screen.findByTestId('promo-applied')).textContent).toContain('You save ৳10.00');
    expect(screen.getByTestId('list-price').textContent).toBe('৳100.00');
    expect(screen.getByTestId('order-total').textContent).toBe('৳90.00');
    expect(screen.queryByText(/not enough: add money first/)).toBeNull();
    expect(
      sent.find((s) => s.url.endsWith('/api/promos/quote') && (s.body as { code: string }).code === 'EID10')
        ?.body,
    ).toEqual({
      code: 'EID10',
      variant_id: 'v1',
    });

    await user.click(screen.getByRole('button', { name: 'Pay ৳90.00' }));
    expect(await screen.findByText('success page')).toBeTruthy();
    const placed = sent.find((s) => s.url.endsWith('/api/orders'));
    expect(placed?.body).toEqual({
      variant_id: 'v1',
      player_uid: '123456789',
      player_name: 'Hero789',
      whatsapp_number: null,
      payment_method: 'wallet',
      promo_code: 'EID10',
    });
  });

  it("'Remove' clears the code: the list price again and no promo_code on the order", async () => {
    balance = 20_000;
    const user = userEvent.setup({ delay: null });
    renderPayment();
    await user.type(await screen.findByLabelText('Promo code'), 'EID10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('promo-applied');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('order-total').textContent).toBe('৳100.00');
    expect(screen.queryByTestId('list-price')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay ৳100.00' }));
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/api/orders'))).toBe(true));
    expect(sent.find((s) => s.url.endsWith('/api/orders'))?.body).not.toHaveProperty('promo_code');
  });

  it('with too little balance Pay is disabled and Add Money carries the shortfall and the way back', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment();
    expect(await screen.findByText(/not enough: add money first/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay ৳100.00' }) as HTMLButtonElement).disabled).toBe(true);
    // The checkout is kept for the way back (router state does not survive the gateway).
    expect(JSON.parse(sessionStorage.getItem('khelaghor.checkout.v1') ?? '{}')).toMatchObject({
      variantId: 'v1',
    });
    await user.click(screen.getByRole('button', { name: 'Add Money' }));
    // ৳5 short, so the top-up minimum (৳10), and back to /payment.
    expect((await screen.findByTestId('add-money')).textContent).toBe('?amount=10&return=%2Fpayment');
    expect(sent.some((s) => s.url.endsWith('/api/orders'))).toBe(false);
  });

  it('the receipt shows the price and the discount of a promo order', () => {
    render(<OrderReceipt order={order} />);
    const receipt = within(screen.getByText('Receipt').closest('.print-area') as HTMLElement);
    expect(receipt.getByText('Discount (EID10)').nextSibling?.textContent).toBe('−৳10.00');
    expect(receipt.getByText('Price').nextSibling?.textContent).toBe('৳100.00');
    expect(receipt.getByText('Total').nextSibling?.textContent).toBe('৳90.00');
  });
});

describe('checkout in Bangla', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')));

  it('the payment page: Bangla texts, the price in Bangla digits and the promo code applied', async () => {
    const user = userEvent.setup({ delay: null });
    act(() => setLocale('bn'));
    renderPayment();
    expect(await screen.findByText(/যথেষ্ট নয়: আগে টাকা যোগ করুন/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '৳১০০.০০ পেমেন্ট করুন' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.type(screen.getByLabelText('প্রোমো কোড'), 'eid10{Enter}');
    expect((await screen.findByTestId('promo-applied')).textContent).toContain('আপনার সাশ্রয় ৳১০.০০');
    expect(screen.getByTestId('order-total').textContent).toBe('৳৯০.০০');
    expect(screen.getByRole('button', { name: '৳৯০.০০ পেমেন্ট করুন' })).toBeTruthy();
  });

  it('the receipt: Bangla rows, status, method and money', () => {
    act(() => setLocale('bn'));
    render(<OrderReceipt order={{ ...order, product_name_bn: 'ফ্রি ফায়ার ডায়মন্ড' }} />);
    const receipt = within(screen.getByText('রসিদ').closest('.print-area') as HTMLElement);
    expect(receipt.getByText('ডিসকাউন্ট (EID10)').nextSibling?.textContent).toBe('−৳১০.০০');
    expect(receipt.getByText('মোট').nextSibling?.textContent).toBe('৳৯০.০০');
    expect(receipt.getByText('প্রোডাক্ট').nextSibling?.textContent).toBe('ফ্রি ফায়ার ডায়মন্ড');
    expect(receipt.getByText('পেমেন্ট মাধ্যম').nextSibling?.textContent).toBe('ওয়ালেট');
    expect(receipt.getByText('সম্পন্ন')).toBeTruthy();
  });
});
