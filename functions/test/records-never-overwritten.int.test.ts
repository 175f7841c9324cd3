import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder, getPayment, type OrderItem, type PaymentItem } from '../src/db/commerce-repo';
import { putOrderWrite, putPaymentWrite } from '../src/db/orders/order-items';
import { transact, WriteRefused } from '../src/db/transact';
import { freshTable } from '../../test/db';

/**
 * An order or payment record is written once and never replaced by a second write with its id:
 * ids are made fresh for every request, so no flow reaches this today, and the condition keeps a
 * paid order or a completed payment from being overwritten by a fresh one if that ever changed.
 */
let db: Db;
beforeAll(async () => {
  db = await freshTable('records');
});

const now = new Date().toISOString();
const order = (total: number): OrderItem => ({
  type: 'order',
  id: 'ORDER-ONCE',
  user_id: 'u1',
  user_email: 'u1@example.com',
  user_name: 'U',
  product_id: 'p',
  product_variant_id: 'v',
  product_name: 'P',
  variant_name: 'V',
  player_uid: '123456789',
  player_name: null,
  whatsapp_number: null,
  quantity: 1,
  total_amount: total,
  status: 'completed',
  payment_method: 'wallet',
  created_at: now,
  updated_at: now,
});
const payment = (amount: number): PaymentItem => ({
  type: 'payment',
  id: 'PAYMENT-ONCE',
  kind: 'topup',
  user_id: 'u1',
  user_email: 'u1@example.com',
  amount,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'completed',
  created_at: now,
  updated_at: now,
});

describe('records written once', () => {
  it('a second order with the same id is refused and the first stays', async () => {
    await transact(db, [putOrderWrite(db.table, order(5_000))]);
    await expect(transact(db, [putOrderWrite(db.table, order(1))])).rejects.toThrow(WriteRefused);
    expect((await getOrder(db, 'ORDER-ONCE'))?.total_amount).toBe(5_000);
  });

  it('a second payment with the same id is refused and the first stays', async () => {
    await transact(db, [putPaymentWrite(db.table, payment(5_000))]);
    await expect(transact(db, [putPaymentWrite(db.table, payment(1))])).rejects.toThrow(WriteRefused);
    expect((await getPayment(db, 'PAYMENT-ONCE'))?.amount).toBe(5_000);
  });
});
