import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import { isCancelled } from '../../shared/lib/order-status';
import { OrderOutcome } from './components/order-outcome';
import { OrderReceipt } from './components/order-receipt';
import type { Order } from './api';

const order = {
  id: 'cancelled1',
  status: 'failed',
  product_id: 'p1',
  product_variant_id: 'v1',
  product_name: 'Free Fire Diamonds',
  variant_name: '115 Diamonds',
  product_name_bn: null,
  variant_name_bn: null,
  player_uid: '123456789',
  player_name: null,
  whatsapp_number: null,
  quantity: 1,
  total_amount: 12_000,
  payment_method: 'bkash',
  payment_id: 'pay1',
  payment_status: 'failed',
  failure_reason: 'cancelled',
  code: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
} as Order;

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

function renderDetails(o: Order) {
  render(
    <>
      <OrderOutcome status={o.status} cancelled={isCancelled(o)} />
      <OrderReceipt order={o} />
    </>,
  );
}

describe("an order's details when the buyer cancelled it", () => {
  it("say it was cancelled by them, neutral, not 'Order Failed'", () => {
    renderDetails(order);
    expect(screen.getByRole('heading', { name: 'Order cancelled' })).toBeTruthy();
    expect(screen.getByText('You cancelled this order. Nothing was paid.')).toBeTruthy();
    expect(screen.getByText('Cancelled').dataset.variant).toBe('outline');
    expect(screen.queryByText(/Failed/)).toBeNull();
  });

  it('in Bangla too', () => {
    act(() => setLocale('bn'));
    renderDetails(order);
    expect(screen.getByRole('heading', { name: 'অর্ডার বাতিল হয়েছে' })).toBeTruthy();
    expect(screen.getByText('বাতিল').dataset.variant).toBe('outline');
  });

  it("leave a failed payment as 'Order Failed'", () => {
    renderDetails({ ...order, failure_reason: 'gateway_error' });
    expect(screen.getByRole('heading', { name: 'Order Failed' })).toBeTruthy();
    expect(screen.getByText('Failed').dataset.variant).toBe('destructive');
  });
});
