import { streamConsumers } from '@khelaghor/contract';
import type { ResellerCallback } from '@khelaghor/contract/schemas/reseller-callbacks';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getCallback } from '../src/db/resellers/callback-items';
import { putReseller } from '../src/db/resellers/reseller-item';
import { deriveKeySecret, verifySignature } from '../src/domain/resellers/signing';
import { loadHandler } from '../src/handlers/load';
import { setClock } from '../src/runtime/clock';
import { DEVELOPMENT_RESELLER_KEY_SECRET } from '../src/runtime/config';
import {
  startCallbackReceiver,
  type CallbackReceiver,
  type ReceivedCall,
} from '../../local/src/callback-receiver';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile, seedVariant } from './commerce-fixtures';
import { call, type Signer } from './reseller-fixtures';

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
let keyA: Signer;
let keyB: Signer;
const PATH = '/hooks/khelaghor?shop=test';

type User = { userId: string; email: string };

const setUrl = async (user: User, url: string | null) => {
  const res = await invoke('resellerPutCallbackUrl', { as: user, body: { callback_url: url } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** A reseller account (the admin's table write), its own API key and its callback URL at the receiver. */
async function makeReseller(user: User): Promise<Signer> {
  await seedProfile(db, user, 1_000_000);
  const now = new Date().toISOString();
  await putReseller(
    db,
    { ...user, user_id: user.userId, is_active: true, prices: {}, product_discounts: {} },
    now,
  );
  const key = await invoke('resellerCreateKey', { as: user, body: { label: 'callbacks' } });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  await setUrl(user, `${receiver.url}${PATH}`);
  return { keyId: key.body.key.id, secret: key.body.secret };
}

/** A wallet order through the signed reseller API (POST /api/reseller/v1/orders). */
async function buy(
  key: Signer,
  idempotencyKey: string,
): Promise<{ order: { id: string; code: string | null } }> {
  const res = await call('resellerApiPlaceOrder', key, {
    body: JSON.stringify({ variant_id: variantId, player_uid: '123456789' }),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Callbacks are keyed CALLBACK#<order>-<event>-<version>: find an order's by listing the reseller's. */
async function listed(user: User): Promise<ResellerCallback[]> {
  const res = await invoke('resellerListCallbacks', { as: user, query: { limit: '100' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}
const ofOrder = async (user: User, orderId: string) =>
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
  keyA = await makeReseller(resellerA);
  keyB = await makeReseller(resellerB);
});
afterEach(() => setClock(undefined));
afterAll(async () => {
  await poller?.stop();
  await receiver?.stop();
});

describe('a reseller order completes', () => {
  it('writes exactly one callback, also when the Idempotency-Key is replayed, and delivers it signed with the order key', async () => {
    const first = await buy(keyA, 'cb-once');
    const again = await buy(keyA, 'cb-once');
    expect(again.order.id).toBe(first.order.id);
    await poller.drained();
    const mine = await ofOrder(resellerA, first.order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      event: 'order.completed',
      key_id: keyA.keyId,
      reseller_id: resellerA.userId,
    });
    const call = await receiver.waitFor((c) => c.callbackId === mine[0]!.id);
    expect(call.signature).toBe('ok');
    expect(verified(call, keyA.keyId)).toBe(true);
    expect(call.path).toBe(PATH);
    expect(call.headers['x-key-id']).toBe(keyA.keyId);
    const body = JSON.parse(call.body);
    expect(first.order.code).toMatch(/^CODE-/);
    expect(body).toMatchObject({
      id: mine[0]!.id,
      event: 'order.completed',
      order: { id: first.order.id, status: 'completed', total_amount: 10_000, code: first.order.code },
    });
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
    const placed = await buy(keyA, 'cb-retry');
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
    expect(calls.every((c) => verified(c, keyA.keyId))).toBe(true);
    setClock(undefined);
  });

  it('gives up 24 hours after the first attempt; send again delivers it (one more attempt)', async () => {
    receiver.failNext(1000);
    const placed = await buy(keyA, 'cb-give-up');
    await poller.drained();
    const [cb] = await ofOrder(resellerA, placed.order.id);
    const firstAt = Date.parse(cb!.attempts[0]!.at);
    for (let i = 0; i < 80; i++) {
      const now = (await getCallback(db, cb!.id))!;
      if (now.status !== 'pending') break;
      // The stream may be sending a change it saw late (the clock moved): let it finish first.
      if (now.lease_until) {
        await poller.drained();
        continue;
      }
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
    const placed = await buy(keyA, 'cb-resend');
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
    const placed = await buy(keyA, 'cb-refund');
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
    expect(verified(call, keyA.keyId)).toBe(true);
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

    const other = await buy(keyA, 'cb-fail');
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
    const placed = await buy(keyA, 'cb-owner');
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
    const mine = await buy(keyB, 'cb-b');
    await poller.drained();
    const [b] = await ofOrder(resellerB, mine.order.id);
    const call = await receiver.waitFor((c) => c.callbackId === b!.id);
    expect(call.keyId).toBe(keyB.keyId);
    expect(verified(call, keyB.keyId)).toBe(true);
    expect(verified(call, keyA.keyId)).toBe(false);
  });

  it('a reseller with no callback URL: the callback waits, and goes once a URL is set', async () => {
    await setUrl(resellerB, null);
    const placed = await buy(keyB, 'cb-no-url');
    await poller.drained();
    const [waiting] = await ofOrder(resellerB, placed.order.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      waiting_for_url: true,
      attempt_count: 0,
      next_attempt_at: null,
    });
    await setUrl(resellerB, `${receiver.url}${PATH}`);
    await poller.drained();
    await receiver.waitFor((c) => c.callbackId === waiting!.id);
    await poller.drained();
    const [sent] = await ofOrder(resellerB, placed.order.id);
    expect(sent).toMatchObject({ status: 'delivered', attempt_count: 1 });
  });
});
