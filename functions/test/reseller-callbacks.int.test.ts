import { streamConsumers } from '@khelaghor/contract';
import type { ResellerCallback } from '@khelaghor/contract/schemas/reseller-callbacks';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getCallback } from '../src/db/callbacks/callback-items';
import { putReseller, setCallbackUrl } from '../src/db/resellers/reseller-item';
import { deriveKeySecret, verifySignature } from '../src/domain/resellers/signing';
import { loadHandler } from '../src/handlers/load';
import { setClock } from '../src/runtime/clock';
import { DEVELOPMENT_RESELLER_KEY_SECRET } from '../src/runtime/config';
import { placeOrder } from '../src/use-cases/orders/place-order';
import { commerceDeps } from '../src/use-cases/payments/deps';
import {
  startCallbackReceiver,
  type CallbackReceiver,
  type ReceivedCall,
} from '../../local/src/callback-receiver';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile, seedVariant } from './commerce-fixtures';

/**
 * Reseller callbacks end to end: reseller orders move through the real order paths, DynamoDB
 * Local's stream feeds the callbacks consumer as Lambda would, the retry job runs on a moved
 * clock, and a real HTTP server (the local stack's receiver) checks every signature.
 */
let db: Db;
let receiver: CallbackReceiver;
let poller: StreamPoller;
let retry: () => Promise<unknown>;
let variantId: string;
const resellerA = customer(71);
const resellerB = customer(72);
const KEY_A = 'rk_01JCALLBACKTESTKEYA000000';
const KEY_B = 'rk_01JCALLBACKTESTKEYB000000';
const PATH = '/hooks/khelaghor?shop=test';

async function makeReseller(user: { userId: string; email: string }) {
  await seedProfile(db, user, 1_000_000);
  const now = new Date().toISOString();
  await putReseller(
    db,
    { ...user, user_id: user.userId, is_active: true, prices: {}, product_discounts: {} },
    now,
  );
  await setCallbackUrl(db, user.userId, `${receiver.url}${PATH}`, now);
}

/** A wallet order placed as the reseller API places it (the reseller's key on the order). */
const buy = (user: { userId: string; email: string }, keyId: string, idempotencyKey: string) =>
  placeOrder(
    commerceDeps(),
    user,
    { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    idempotencyKey,
    { keyId, price: (o) => o.total_amount },
  );

/** Callbacks are keyed CALLBACK#<order>-<event>-<version>: find an order's by listing the reseller's. */
async function listed(user: { userId: string; email: string }): Promise<ResellerCallback[]> {
  const res = await invoke('resellerListCallbacks', { as: user, query: { limit: '100' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}
const ofOrder = async (user: { userId: string; email: string }, orderId: string) =>
  (await listed(user)).filter((c) => c.order_id === orderId);

/** The signature checked with the key's own secret, as the reseller's server does. */
function verified(call: ReceivedCall, keyId: string): boolean {
  return verifySignature({
    secret: deriveKeySecret(DEVELOPMENT_RESELLER_KEY_SECRET, keyId),
    method: 'POST',
    path: call.path,
    timestamp: call.headers['x-timestamp']!,
    nonce: call.headers['x-nonce']!,
    body: call.body,
    signature: call.headers['x-signature']!,
  });
}

const callsFor = (callbackId: string) => receiver.calls().filter((c) => c.callbackId === callbackId);

/** Run the retry job at `at` (the stream first settles what it saw). */
async function retryAt(at: Date) {
  await poller.drained();
  setClock(() => at);
  await retry();
  await poller.drained();
}

beforeAll(async () => {
  db = await freshTable('callbacks', { stream: true });
  receiver = await startCallbackReceiver({ port: 0 });
  const send = (await loadHandler(streamConsumers.resellerCallbacks.handler)) as unknown as (
    e: DynamoDBStreamEvent,
  ) => Promise<DynamoDBBatchResponse>;
  retry = (await loadHandler('jobs/retry-callbacks')) as unknown as () => Promise<unknown>;
  poller = await startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: streamConsumers.resellerCallbacks.keyPrefixes,
    batchSize: streamConsumers.resellerCallbacks.batchSize,
    handler: send,
    backoffMs: 50,
  });
  ({ variantId } = await seedVariant(db, { price: 10_000, codes: 20, name: '100 Diamonds' }));
  await makeReseller(resellerA);
  await makeReseller(resellerB);
});
afterAll(async () => {
  setClock(undefined);
  await poller?.stop();
  await receiver?.stop();
});

describe('a reseller order completes', () => {
  it('writes exactly one callback, also when the Idempotency-Key is replayed, and delivers it signed with the order key', async () => {
    const first = await buy(resellerA, KEY_A, 'cb-once');
    const again = await buy(resellerA, KEY_A, 'cb-once');
    expect(again.order.id).toBe(first.order.id);
    await poller.drained();
    const mine = await ofOrder(resellerA, first.order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: 'order.completed', key_id: KEY_A, reseller_id: resellerA.userId });
    const call = await receiver.waitFor((c) => c.callbackId === mine[0]!.id);
    expect(call.signature).toBe('ok');
    expect(verified(call, KEY_A)).toBe(true);
    expect(call.path).toBe(PATH);
    expect(call.headers['x-key-id']).toBe(KEY_A);
    const body = JSON.parse(call.body);
    const order = await invoke('getOrder', { as: resellerA, params: { id: first.order.id } });
    expect(body).toMatchObject({
      id: mine[0]!.id,
      event: 'order.completed',
      order: { id: first.order.id, status: 'completed', total_amount: 10_000, code: order.body.order.code },
    });
    expect(body.order.code).toMatch(/^CODE-/);
    await poller.drained();
    const [after] = await ofOrder(resellerA, first.order.id);
    expect(after).toMatchObject({ status: 'delivered', attempt_count: 1, next_attempt_at: null });
    expect(after!.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })]);
    expect(callsFor(mine[0]!.id)).toHaveLength(1);
    // A customer's order makes none.
    const buyer = customer(73);
    await seedProfile(db, buyer, 100_000);
    const own = await invoke('placeOrder', {
      as: buyer,
      headers: { 'Idempotency-Key': 'cb-customer' },
      body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    });
    expect(own.status).toBe(201);
    expect(await listed(buyer)).toEqual([]);
  });

  it('retries after the receiver fails twice, with back-off, and is delivered once it answers', async () => {
    receiver.failNext(2);
    const placed = await buy(resellerA, KEY_A, 'cb-retry');
    await poller.drained();
    const [cb] = await ofOrder(resellerA, placed.order.id);
    expect(cb).toMatchObject({ status: 'pending', attempt_count: 1 });
    const firstAt = Date.parse(cb!.attempts[0]!.at);
    expect(Date.parse(cb!.next_attempt_at!) - firstAt).toBe(60_000);
    // Not due yet: the job leaves it alone.
    await retryAt(new Date(firstAt + 30_000));
    expect((await getCallback(db, cb!.id))!.attempt_count).toBe(1);
    await retryAt(new Date(firstAt + 61_000));
    const second = (await getCallback(db, cb!.id))!;
    expect(second).toMatchObject({ status: 'pending', attempt_count: 2 });
    expect(Date.parse(second.next_attempt_at!) - (firstAt + 61_000)).toBe(120_000);
    await retryAt(new Date(firstAt + 182_000));
    const [done] = await ofOrder(resellerA, placed.order.id);
    expect(done).toMatchObject({ status: 'delivered', attempt_count: 3, next_attempt_at: null });
    expect(done!.attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);
    expect(done!.attempts[0]!.error).toBe('HTTP 500');
    const calls = callsFor(cb!.id);
    expect(calls.map((c) => c.answered)).toEqual([200, 500, 500]);
    expect(calls.every((c) => verified(c, KEY_A))).toBe(true);
    setClock(undefined);
  });

  it('gives up 24 hours after the first attempt; send again delivers it (one more attempt)', async () => {
    receiver.failNext(1000);
    const placed = await buy(resellerA, KEY_A, 'cb-give-up');
    await poller.drained();
    const [cb] = await ofOrder(resellerA, placed.order.id);
    const firstAt = Date.parse(cb!.attempts[0]!.at);
    for (let i = 0; i < 40; i++) {
      const now = (await getCallback(db, cb!.id))!;
      if (now.status !== 'pending') break;
      // Each attempt's own changes are not due: the stream passes them by, so no need to wait for it.
      setClock(() => new Date(Date.parse(now.next_attempt_at!) + 1000));
      await retry();
    }
    const failed = (await getCallback(db, cb!.id))!;
    expect(failed.status).toBe('failed');
    // 1, 2, 4, 8, 16, 32 minutes, then hourly: the last try 23 h 3 min after the first.
    expect(failed.attempt_count).toBe(29);
    expect(Date.parse(failed.attempts.at(-1)!.at) - firstAt).toBeLessThan(24 * 3600_000);
    expect(failed.attempts).toHaveLength(29);
    expect(failed.next_attempt_at).toBeUndefined();

    receiver.failNext(0);
    const resent = await invoke('resellerResendCallback', { as: resellerA, params: { id: cb!.id } });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.callback).toMatchObject({ status: 'pending' });
    await poller.drained();
    await receiver.waitFor((c) => c.callbackId === cb!.id && c.answered === 200);
    await poller.drained();
    const [delivered] = await ofOrder(resellerA, placed.order.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempt_count: 30 });
    expect(delivered!.attempts).toHaveLength(30);
    setClock(undefined);
  });

  it("'send again' sends a delivered callback once more (admin too)", async () => {
    const placed = await buy(resellerA, KEY_A, 'cb-resend');
    await poller.drained();
    const [cb] = await ofOrder(resellerA, placed.order.id);
    expect(cb!.status).toBe('delivered');
    const res = await invoke('adminResendResellerCallback', { as: admin, params: { id: cb!.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await poller.drained();
    const calls = callsFor(cb!.id);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['x-nonce']).not.toBe(calls[1]!.headers['x-nonce']);
    const [after] = await ofOrder(resellerA, placed.order.id);
    expect(after).toMatchObject({ status: 'delivered', attempt_count: 2 });
  });
});

describe('refunds and failures', () => {
  it("an admin's refund sends order.refunded (and a failure order.failed), each once", async () => {
    const placed = await buy(resellerA, KEY_A, 'cb-refund');
    const refund = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.order.id },
      body: { status: 'refunded' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await poller.drained();
    const events = (await ofOrder(resellerA, placed.order.id)).map((c) => c.event).sort();
    expect(events).toEqual(['order.completed', 'order.refunded']);
    const refunded = (await ofOrder(resellerA, placed.order.id)).find((c) => c.event === 'order.refunded')!;
    const call = await receiver.waitFor((c) => c.callbackId === refunded.id);
    expect(verified(call, KEY_A)).toBe(true);
    expect(JSON.parse(call.body)).toMatchObject({
      event: 'order.refunded',
      order: { id: placed.order.id, status: 'refunded', code: null },
    });
    // The same refund again changes nothing and sends nothing.
    const again = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.order.id },
      body: { status: 'refunded' },
    });
    expect(again.status).toBe(200);
    await poller.drained();
    expect(await ofOrder(resellerA, placed.order.id)).toHaveLength(2);

    const other = await buy(resellerA, KEY_A, 'cb-fail');
    const failed = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: other.order.id },
      body: { status: 'failed' },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    await poller.drained();
    expect((await ofOrder(resellerA, other.order.id)).map((c) => c.event).sort()).toEqual([
      'order.completed',
      'order.failed',
    ]);
  });
});

describe('who sees a callback', () => {
  it("another reseller cannot see or send again a reseller's callback (404); the admin sees them", async () => {
    const placed = await buy(resellerA, KEY_A, 'cb-owner');
    await poller.drained();
    const [cb] = await ofOrder(resellerA, placed.order.id);
    expect((await listed(resellerB)).map((c) => c.id)).not.toContain(cb!.id);
    const theirs = await invoke('resellerResendCallback', { as: resellerB, params: { id: cb!.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('not_found');
    const unknown = await invoke('resellerResendCallback', { as: resellerA, params: { id: 'nope' } });
    expect(unknown.status).toBe(404);
    const adminList = await invoke('adminListResellerCallbacks', {
      as: admin,
      params: { userId: resellerA.userId },
      query: { limit: '2' },
    });
    expect(adminList.status).toBe(200);
    expect(adminList.body.items[0].id).toBe(cb!.id);
    expect(adminList.body.cursor).toEqual(expect.any(String));
    const customerTries = await invoke('adminListResellerCallbacks', {
      as: resellerB,
      params: { userId: resellerA.userId },
    });
    expect(customerTries.status).toBe(403);
    // B's own key signs B's callbacks.
    const mine = await buy(resellerB, KEY_B, 'cb-b');
    await poller.drained();
    const [b] = await ofOrder(resellerB, mine.order.id);
    const call = await receiver.waitFor((c) => c.callbackId === b!.id);
    expect(call.keyId).toBe(KEY_B);
    expect(verified(call, KEY_B)).toBe(true);
    expect(verified(call, KEY_A)).toBe(false);
  });

  it('a reseller with no callback URL: the callback waits, and goes once a URL is set', async () => {
    const { releaseWaitingCallbacks } = await import('../src/db/callbacks/callback-queue');
    await setCallbackUrl(db, resellerB.userId, null, new Date().toISOString());
    const placed = await buy(resellerB, KEY_B, 'cb-no-url');
    await poller.drained();
    const [waiting] = await ofOrder(resellerB, placed.order.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      waiting_for_url: true,
      attempt_count: 0,
      next_attempt_at: null,
    });
    await setCallbackUrl(db, resellerB.userId, `${receiver.url}${PATH}`, new Date().toISOString());
    expect(await releaseWaitingCallbacks(db, resellerB.userId, new Date())).toBe(1);
    await poller.drained();
    await receiver.waitFor((c) => c.callbackId === waiting!.id);
    await poller.drained();
    const [sent] = await ofOrder(resellerB, placed.order.id);
    expect(sent).toMatchObject({ status: 'delivered', attempt_count: 1 });
  });
});
