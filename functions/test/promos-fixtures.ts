import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { keys } from '../src/db/keys';
import { getPromo } from '../src/db/promos/promo-items';
import { queryAll } from '../src/db/query-all';
import { admin, invoke } from '../../test/invoke';

/** Shared set-up of the promo tests: codes made through the admin route, counters read back. */

export async function createPromo(body: Record<string, unknown>) {
  const res = await invoke('adminCreatePromo', { as: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.promo as { code: string };
}

/** The code's counters as stored: uses, discount given, and each buyer's count. */
export async function promoCounters(db: Db, code: string) {
  const promo = await getPromo(db, code);
  const items = await queryAll<Record<string, unknown>>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :use)',
    ExpressionAttributeValues: { ':pk': keys.promoPartition(code), ':use': 'USE#' },
    ConsistentRead: true,
  });
  const perCustomer = Object.fromEntries(items.map((i) => [String(i.user_id), Number(i.uses)]));
  return { uses: Number(promo?.uses ?? 0), discount: Number(promo?.discount_given ?? 0), perCustomer };
}

/**
 * The invariant, checked from the orders themselves: a code's counters are those of its orders
 * that are not failed (every order that used it has a link in the code's partition).
 */
export async function expectCountersMatchOrders(db: Db, code: string) {
  const links = await queryAll<{ order_id: string }>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :o)',
    ExpressionAttributeValues: { ':pk': keys.promoPartition(code), ':o': keys.promoOrderPrefix() },
    ConsistentRead: true,
  });
  const orders = await Promise.all(links.map((l) => getOrder(db, l.order_id)));
  const counted = orders.filter((o) => o && o.status !== 'failed');
  const perCustomer: Record<string, number> = {};
  for (const o of orders) perCustomer[o!.user_id] ??= 0;
  for (const o of counted) perCustomer[o!.user_id] = (perCustomer[o!.user_id] ?? 0) + 1;
  const stored = await promoCounters(db, code);
  expect(stored.uses, `uses of ${code}`).toBe(counted.length);
  expect(stored.discount, `discount given by ${code}`).toBe(
    counted.reduce((s, o) => s + (o!.discount_amount ?? 0), 0),
  );
  for (const [user, n] of Object.entries(perCustomer))
    expect(stored.perCustomer[user] ?? 0, `${user}'s uses of ${code}`).toBe(n);
}
