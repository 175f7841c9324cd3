import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import { OrderOutcome } from './components/order-outcome';
import { OrderReceipt } from './components/order-receipt';
import type { Order } from './api';

/** Issue 31: a paid direct top-up reads 'Processing' until done, then shows the supplier's transaction id. */
const order = (over: Partial<Order>) =>
  ({
    id: 'topup1',
    status: 'processing',
    product_id: 'p1',
    product_variant_id: 'v1',
    product_name: 'Free Fire',
    variant_name: '100 Diamonds',
    product_name_bn: null,
    variant_name_bn: null,
    player_uid: '12345678',
    player_name: 'RahimFF',
    whatsapp_number: null,
    quantity: 1,
    total_amount: 9_000,
    payment_method: 'bkash',
    payment_id: 'pay1',
    payment_status: 'completed',
    code: null,
    fulfilment: { kind: 'supplier_topup', supplier_transaction_id: null, delivery_minutes: 5 },
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    ...over,
  }) as Order;

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

function renderDetails(o: Order) {
  render(
    <>
      <OrderOutcome status={o.status} deliveryMinutes={o.fulfilment?.delivery_minutes} />
      <OrderReceipt order={o} />
    </>,
  );
}

describe('a direct top-up on the success page', () => {
  it("says 'Processing' with the promised minutes while it is on its way, in Bangla too", () => {
    renderDetails(order({}));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Processing');
    expect(screen.getByText(/usually within 5 minutes/)).toBeTruthy();
    expect(screen.queryByText('Top-up transaction ID')).toBeNull();
    act(() => setLocale('bn'));
    expect(screen.getByText(/সাধারণত ৫ মিনিটের মধ্যে/)).toBeTruthy();
  });

  it("shows the supplier's transaction id once completed", () => {
    renderDetails(
      order({
        status: 'completed',
        fulfilment: { kind: 'supplier_topup', supplier_transaction_id: 'UP-TRX-777', delivery_minutes: 5 },
      }),
    );
    expect(screen.getByText('Top-up transaction ID')).toBeTruthy();
    expect(screen.getByText('UP-TRX-777')).toBeTruthy();
  });
});
