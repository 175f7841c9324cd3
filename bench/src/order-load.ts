/** Wallet orders for section 1: through the API (autocannon) and straight through placeOrder (the floor). */
import autocannon, { type Result as CannonResult } from 'autocannon';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../functions/src/db/client';
import { placeOrder } from '../../functions/src/use-cases/orders/place-order';
import { PLAYER_UID, type ApiUser } from './shop';
import { closedLoop } from './stats';

/**
 * Wallet orders with a fresh Idempotency-Key each, one connection per user; each in-flight request
 * holds its own user (two in-flight orders of one user would only measure its balance item).
 */
export function orderLoad(
  url: string,
  users: ApiUser[],
  variantId: string,
  duration: number,
): Promise<CannonResult> {
  const free = [...users];
  const body = JSON.stringify({ variant_id: variantId, player_uid: PLAYER_UID, payment_method: 'wallet' });
  return autocannon({
    url: `${url}/api/orders`,
    connections: users.length,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const user = free.pop() ?? users[Math.floor(Math.random() * users.length)]!;
          context.user = user;
          return {
            ...req,
            method: 'POST',
            path: '/api/orders',
            body,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${user.token}`,
              'idempotency-key': randomUUID(),
            },
          };
        },
        onResponse: (_status, _body, context) => {
          if (context.user) free.push(context.user as ApiUser);
          context.user = undefined;
        },
      },
    ],
  });
}

/**
 * The floor of a wallet order: the domain function the handler calls, without HTTP, JWT and zod,
 * one loop per user at the same concurrency as the API's connections.
 */
export function orderFloor(db: Db, users: ApiUser[], variantId: string, duration: number) {
  const deps = {
    db,
    now: () => new Date(),
    gateway: () => Promise.reject(new Error('wallet orders need no gateway')),
    publicUrl: 'http://bench',
  };
  return closedLoop(users.length, duration * 1000, async (worker) => {
    const user = users[worker % users.length]!;
    await placeOrder(
      deps,
      { userId: user.userId, email: user.email },
      { variant_id: variantId, player_uid: PLAYER_UID, payment_method: 'wallet' },
      randomUUID(),
    );
  });
}
