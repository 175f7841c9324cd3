import { expect } from 'vitest';
import { ulid } from 'ulid';
import { callbackWrites } from '../src/db/resellers/callback-items';
import type { Db } from '../src/db/client';
import { putReseller } from '../src/db/resellers/reseller-item';
import { transact } from '../src/db/transact';
import type { OrderItem } from '../src/domain/model';
import { invoke } from '../../test/invoke';
import { seedProfile } from './commerce-fixtures';

type User = { userId: string; email: string };

const keyOf = new Map<string, string>();

/** An active reseller account (the admin's table write) with one API key of its own. */
export async function makeResellerAccount(db: Db, user: User): Promise<void> {
  await seedProfile(db, user, 0);
  const now = new Date().toISOString();
  await putReseller(
    db,
    { ...user, user_id: user.userId, is_active: true, prices: {}, product_discounts: {} },
    now,
  );
  const key = await invoke('resellerCreateKey', { as: user, body: { label: 'callbacks' } });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  keyOf.set(user.userId, key.body.key.id);
}

/**
 * A callback due now for one of the reseller's orders (order.failed: no code to read), written as
 * the order's move writes it. Its id.
 */
export async function pendingCallback(db: Db, user: User): Promise<string> {
  const now = new Date().toISOString();
  const order = {
    id: ulid(),
    reseller_id: user.userId,
    reseller_key_id: keyOf.get(user.userId)!,
    product_id: 'p-1',
    product_variant_id: 'v-1',
    product_name: 'Game',
    variant_name: '100 Diamonds',
    player_uid: '123456789',
    total_amount: 10_000,
    status: 'processing',
    created_at: now,
    updated_at: now,
  } as Partial<OrderItem> & Pick<OrderItem, 'id'>;
  const writes = callbackWrites(db.table, order, 'failed', now);
  expect(writes).toHaveLength(1);
  await transact(db, writes);
  return (writes[0]!.item.Put!.Item as { id: string }).id;
}
