import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';

import { keys } from '../src/db/keys';
import { putOrderWrite, getOrder, type OrderItem } from '../src/db/orders/order-items';
import { deleteSlotOf, releaseSlotWrites, takeSlotWrite } from '../src/db/orders/unpaid-slots';
import { storePaymentUrl, takeChargeLock } from '../src/db/payments/charge-lock';
import { scheduleCheck } from '../src/db/payments/payment-queue';
import { transact, write, WriteRefused } from '../src/db/transact';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { deleteAvailableCodeItems, insertCodesItems } from '../src/db/stock/code-item';
import { newJobPut, takeLease } from '../src/db/jobs/job-item';
import { takeTicket, ticketAgain } from '../src/db/stock/tickets';
import { growShards } from '../src/db/stock/grow-shards';
import { markVariantDeleting, removeDeletedVariant } from '../src/db/catalog/variant-delete';
import { deliverReservedCodeWrite, releaseCodeWrites } from '../src/db/stock/code-transitions';
import { freshTable } from '../../test/db';
import { putPaymentWrite, getPayment, type PaymentItem } from '../src/db/payments/payment-items';

/**
 * The promises of the data layer's writes, each kept by a condition that the flows reach only in
 * rare interleavings (a lock that expired mid-call, a mending pass racing a new order, an id
 * reused): each is called here directly in the state that interleaving leaves, so a condition
 * taken away fails a test (npm run test:guards).
 *
 * An order or payment record is written once and never replaced by a second write with its id.
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
const payment = (
  amount: number,
  id = 'PAYMENT-ONCE',
  status: PaymentItem['status'] = 'completed',
): PaymentItem => ({
  type: 'payment',
  id,
  kind: 'topup',
  user_id: 'u1',
  user_email: 'u1@example.com',
  amount,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status,
  created_at: now,
  updated_at: now,
});

const stored = async (key: { pk: string; sk: string }) =>
  (await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }))).Item;

type VariantKey = { productId: string; variantId: string };
const put = (item: Record<string, unknown>) =>
  db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
/** A variant item (a fresh id unless given) with `extra` attributes. */
async function putVariant(
  extra: Record<string, unknown> = {},
  v: VariantKey = { productId: ulid(), variantId: ulid() },
) {
  await put({ ...keys.variant(v.productId, v.variantId), type: 'variant', id: v.variantId, ...extra });
  return v;
}
const insertCodes = (v: VariantKey, codes: Array<{ id: string; code: string }>) =>
  db.doc.send(
    new TransactWriteCommand({
      TransactItems: insertCodesItems(db.table, { ...v, shard: 0, seen: 0, codes, now }),
    }),
  );
/** A variant with one code in shard 0, then moved to `status` (for `orderId`, when given). */
async function oneCode(status: 'available' | 'reserved' | 'delivered', orderId?: string) {
  const v = await putVariant();
  const code = { id: ulid(), code: `C-${ulid()}` };
  await insertCodes(v, [code]);
  if (status !== 'available')
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(v.variantId, code.id),
        UpdateExpression: `SET #status = :status${orderId ? ', order_id = :order' : ''}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ...(orderId && { ':order': orderId }) },
      }),
    );
  return { v, code };
}

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

describe("a buyer's unpaid-order slots", () => {
  it('an order leaving pending never frees the slot another order holds', async () => {
    await transact(db, [takeSlotWrite(db.table, 'slots-1', 0, 'ORDER-B', now, now)]);
    const a = { id: 'ORDER-A', user_id: 'slots-1', status: 'pending' as const, unpaid_slot: 0 };
    await expect(transact(db, releaseSlotWrites(db.table, a))).rejects.toThrow(WriteRefused);
    expect((await stored(keys.unpaidSlot('slots-1', 0)))?.order_id).toBe('ORDER-B');
  });

  it('mending frees a slot only while it still names the order it mends', async () => {
    await transact(db, [takeSlotWrite(db.table, 'slots-2', 1, 'ORDER-NEW', now, now)]);
    await deleteSlotOf(db, 'slots-2', 1, 'ORDER-OLD');
    expect((await stored(keys.unpaidSlot('slots-2', 1)))?.order_id).toBe('ORDER-NEW');
    await deleteSlotOf(db, 'slots-2', 1, 'ORDER-NEW');
    expect(await stored(keys.unpaidSlot('slots-2', 1))).toBeUndefined();
  });
});

describe('one checkout per payment', () => {
  it('the first checkout URL stays; none is stored once the payment left pending', async () => {
    await transact(db, [putPaymentWrite(db.table, payment(5_000, 'PAY-URL', 'pending'))]);
    expect(await storePaymentUrl(db, 'PAY-URL', 'https://pay/one', 'inv-1', now)).toBe('stored');
    expect(await storePaymentUrl(db, 'PAY-URL', 'https://pay/two', 'inv-2', now)).toBe('taken');
    expect((await stored(keys.payment('PAY-URL')))?.payment_url).toBe('https://pay/one');
    await transact(db, [putPaymentWrite(db.table, payment(5_000, 'PAY-DONE', 'failed'))]);
    expect(await storePaymentUrl(db, 'PAY-DONE', 'https://pay/late', 'inv-3', now)).toBe('taken');
  });

  it('one charge lock at a time, taken again only after it passed, never once there is a URL', async () => {
    await transact(db, [putPaymentWrite(db.table, payment(5_000, 'PAY-LOCK', 'pending'))]);
    const t0 = new Date('2026-01-01T00:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000).toISOString();
    expect(await takeChargeLock(db, 'PAY-LOCK', { charge_owner: 'a', charge_until: at(30) }, at(0))).toBe(
      true,
    );
    expect(await takeChargeLock(db, 'PAY-LOCK', { charge_owner: 'b', charge_until: at(40) }, at(10))).toBe(
      false,
    );
    expect(await takeChargeLock(db, 'PAY-LOCK', { charge_owner: 'c', charge_until: at(70) }, at(31))).toBe(
      true,
    );
    await storePaymentUrl(db, 'PAY-LOCK', 'https://pay/x', 'inv-x', at(32));
    expect(await takeChargeLock(db, 'PAY-LOCK', { charge_owner: 'd', charge_until: at(200) }, at(100))).toBe(
      false,
    );
    await transact(db, [putPaymentWrite(db.table, payment(5_000, 'PAY-LOCK-DONE', 'completed'))]);
    expect(
      await takeChargeLock(db, 'PAY-LOCK-DONE', { charge_owner: 'e', charge_until: at(30) }, at(0)),
    ).toBe(false);
  });

  it("a settled payment is not put back on the sweeper's schedule", async () => {
    await transact(db, [putPaymentWrite(db.table, payment(5_000, 'PAY-SETTLED', 'completed'))]);
    await scheduleCheck(db, { id: 'PAY-SETTLED' }, new Date(), { next_check_at: now, hold_until: now });
    const item = await stored(keys.payment('PAY-SETTLED'));
    expect(item?.next_check_at).toBeUndefined();
    expect(item?.hold_until).toBeUndefined();
  });
});

describe("a delete or a new number never acts on a stale read of a code's ticket", () => {
  /** A variant with two codes in shard 0, numbered 0 and 1 (as an import makes them). */
  async function twoCodes() {
    const v = await putVariant();
    const codes = [0, 1].map(() => ({ id: ulid(), code: `T-${ulid()}` }));
    await insertCodes(v, codes);
    return { v, codes };
  }
  const refused = (items: ReturnType<typeof deleteAvailableCodeItems>) =>
    expect(
      transact(
        db,
        items.map((item, i) => write(`item:${i}`, item)),
      ),
    ).rejects.toThrow(WriteRefused);
  const code = (v: VariantKey, c: { id: string; code: string }, ticket?: number) => ({
    ...c,
    variant_id: v.variantId,
    stock_shard: 0,
    ...(ticket !== undefined && { ticket }),
  });
  const setCode = (v: VariantKey, id: string, expression: string, values?: Record<string, unknown>) =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(v.variantId, id),
        UpdateExpression: expression,
        ExpressionAttributeNames: expression.includes('#status') ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: values,
      }),
    );

  it('a code id is used once: a second code with it is refused and the first stays', async () => {
    const { v, codes } = await twoCodes();
    const again = insertCodesItems(db.table, {
      ...v,
      shard: 0,
      seen: 2,
      codes: [{ id: codes[0]!.id, code: `OTHER-${ulid()}` }],
      now,
    });
    await expect(db.doc.send(new TransactWriteCommand({ TransactItems: again }))).rejects.toThrow();
    expect((await stored(keys.code(v.variantId, codes[0]!.id)))?.code).toBe(codes[0]!.code);
  });

  it('a code read without a ticket is deleted only while it has none and is still available', async () => {
    const { v, codes } = await twoCodes();
    // Read before it was numbered: it has ticket 0 now.
    await refused(deleteAvailableCodeItems(db.table, code(v, codes[0]!), now, { tickets: 2, taken: 0 }));
    // Reserved meanwhile (a claim removes its ticket).
    await setCode(v, codes[1]!.id, 'SET #status = :reserved REMOVE ticket', { ':reserved': 'reserved' });
    await refused(deleteAvailableCodeItems(db.table, code(v, codes[1]!), now, { tickets: 2, taken: 0 }));
    expect(await stored(keys.code(v.variantId, codes[1]!.id))).toBeDefined();
  });

  it('a code read at one number is not deleted at another', async () => {
    const { v, codes } = await twoCodes();
    await refused(
      deleteAvailableCodeItems(db.table, code(v, codes[0]!, 1), now, { tickets: 2, taken: 0 }, codes[1]!.id),
    );
    expect(await stored(keys.code(v.variantId, codes[0]!.id))).toBeDefined();
  });

  it("a delete that moves the shard's last code refuses a shard that moved since its read", async () => {
    const { v, codes } = await twoCodes();
    // Another import added a number since the read (tickets 3, read as 2).
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(v.variantId, 0),
        UpdateExpression: 'SET tickets = :three',
        ExpressionAttributeValues: { ':three': 3 },
      }),
    );
    await refused(
      deleteAvailableCodeItems(db.table, code(v, codes[0]!, 0), now, { tickets: 2, taken: 0 }, codes[1]!.id),
    );
    // A buyer took ticket 0 since the read: its code is no longer the delete's to move others into.
    const { v: w, codes: wc } = await twoCodes();
    await takeTicket(db, w.variantId, 0);
    await refused(
      deleteAvailableCodeItems(db.table, code(w, wc[0]!, 0), now, { tickets: 2, taken: 0 }, wc[1]!.id),
    );
    expect(await stored(keys.stockShard(w.variantId, 0))).toMatchObject({ tickets: 2, taken: 1 });
  });

  it("the shard's last code moves into a deleted number only while it is still available at its own", async () => {
    const { v, codes } = await twoCodes();
    // Numbered again since the read (as when it came back from a hold): it is no longer the last.
    await setCode(v, codes[1]!.id, 'SET ticket = :five', { ':five': 5 });
    await refused(
      deleteAvailableCodeItems(db.table, code(v, codes[0]!, 0), now, { tickets: 2, taken: 0 }, codes[1]!.id),
    );
    expect(await stored(keys.code(v.variantId, codes[0]!.id))).toBeDefined();
  });

  it('a code held for an order is never numbered again', async () => {
    const { v, codes } = await twoCodes();
    await setCode(v, codes[0]!.id, 'SET #status = :reserved REMOVE ticket', { ':reserved': 'reserved' });
    expect(await ticketAgain(db, { variantId: v.variantId, shard: 0 }, [{ id: codes[0]!.id }], now)).toBe(0);
    expect(await stored(keys.stockShard(v.variantId, 0))).toMatchObject({ tickets: 2 });
  });

  it('a code back from a hold is numbered once, however many restocks race for it', async () => {
    const { v, codes } = await twoCodes();
    await setCode(v, codes[0]!.id, 'REMOVE ticket');
    const shard = { variantId: v.variantId, shard: 0 };
    expect(await ticketAgain(db, shard, [{ id: codes[0]!.id }], now)).toBe(1);
    expect(await ticketAgain(db, shard, [{ id: codes[0]!.id }], now)).toBe(0);
    expect(await stored(keys.stockShard(v.variantId, 0))).toMatchObject({ tickets: 3 });
  });
});

describe('codes go only where they may', () => {
  const newCodes = (tag: string) => [{ id: ulid(), code: `${tag}-${ulid()}` }];

  it('no code is added to a variant that is gone, or to a new shard of one being deleted', async () => {
    const gone = { productId: ulid(), variantId: ulid() };
    const items = (v: { productId: string; variantId: string }, shard: number, tag: string) =>
      insertCodesItems(db.table, { ...v, shard, seen: 0, codes: newCodes(tag), now });
    await expect(
      db.doc.send(new TransactWriteCommand({ TransactItems: items(gone, 0, 'GONE') })),
    ).rejects.toThrow();

    // A delete job marks the variant and the shards it has; an import racing it may open another.
    const doomed = await putVariant({ deleting_job: 'job-1' });
    await expect(
      db.doc.send(new TransactWriteCommand({ TransactItems: items(doomed, 3, 'DOOMED') })),
    ).rejects.toThrow();
    expect(await stored(keys.stockShard(doomed.variantId, 3))).toBeUndefined();
  });

  it('a release moves only a code still reserved for that order', async () => {
    // Sold to the order (delivered), not reserved: a late release for the same order moves nothing.
    const { v, code } = await oneCode('delivered', 'ORDER-R');
    const release = releaseCodeWrites(
      { variant_id: v.variantId, stock_shard: 0, id: code.id, order_id: 'ORDER-R' },
      now,
      db.table,
    );
    await expect(transact(db, release)).rejects.toThrow(WriteRefused);
    expect((await stored(keys.code(v.variantId, code.id)))?.status).toBe('delivered');
  });

  it('a reserved code is delivered only to the order it is reserved for', async () => {
    const { v, code } = await oneCode('reserved', 'ORDER-1');
    const other = deliverReservedCodeWrite(
      { variant_id: v.variantId, id: code.id, order_id: 'ORDER-2' },
      'u2',
      now,
      db.table,
    );
    await expect(transact(db, [other])).rejects.toThrow(WriteRefused);
    expect(await stored(keys.code(v.variantId, code.id))).toMatchObject({
      status: 'reserved',
      order_id: 'ORDER-1',
    });
  });

  it('a code coming back never makes a shard that is gone', async () => {
    const { v, code } = await oneCode('reserved', 'ORDER-B');
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.stockShard(v.variantId, 0) }));
    const release = releaseCodeWrites(
      { variant_id: v.variantId, stock_shard: 0, id: code.id, order_id: 'ORDER-B' },
      now,
      db.table,
    );
    await transact(db, release);
    await expect(
      ticketAgain(db, { variantId: v.variantId, shard: 0 }, [{ id: code.id }], now),
    ).rejects.toThrow(WriteRefused);
    expect(await stored(keys.stockShard(v.variantId, 0))).toBeUndefined();
  });

  it("a ticket is handed out only below the shard's last number, and never on a shard being deleted", async () => {
    const { v } = await oneCode('available');
    expect(await takeTicket(db, v.variantId, 0)).toMatchObject({ index: 0, last: true });
    expect(await takeTicket(db, v.variantId, 0)).toMatchObject({ empty: true });
    expect(await stored(keys.stockShard(v.variantId, 0))).toMatchObject({ tickets: 1, taken: 1 });
    const doomed = await oneCode('available');
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(doomed.v.variantId, 0),
        UpdateExpression: 'SET deleting_job = :job',
        ExpressionAttributeValues: { ':job': 'job-t' },
      }),
    );
    expect(await takeTicket(db, doomed.v.variantId, 0)).toBe('closed');
    expect(await takeTicket(db, ulid(), 0)).toEqual({ empty: true });
  });

  it('numbers given again go after the last, once: a code sold meanwhile keeps none', async () => {
    const { v, code } = await oneCode('available');
    await takeTicket(db, v.variantId, 0);
    expect(await ticketAgain(db, { variantId: v.variantId, shard: 0 }, [{ id: code.id, from: 0 }], now)).toBe(
      1,
    );
    expect(await stored(keys.code(v.variantId, code.id))).toMatchObject({ ticket: 1 });
    // Read with its old number: it has moved on, nothing is numbered twice.
    expect(await ticketAgain(db, { variantId: v.variantId, shard: 0 }, [{ id: code.id, from: 0 }], now)).toBe(
      0,
    );
    expect(await stored(keys.stockShard(v.variantId, 0))).toMatchObject({ tickets: 2, taken: 1 });
    const sold = await oneCode('delivered');
    expect(
      await ticketAgain(db, { variantId: sold.v.variantId, shard: 0 }, [{ id: sold.code.id }], now),
    ).toBe(0);
  });
});

describe('stock shards only grow, and only on a live variant', () => {
  const variant = async (extra: Record<string, unknown> = {}, ref = true) => {
    const v = { id: ulid(), product_id: ulid() };
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.variant(v.product_id, v.id), type: 'variant', id: v.id, ...extra },
      }),
    );
    if (ref)
      await db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: { ...keys.variantRef(v.id), type: 'variant_ref', product_id: v.product_id, ...extra },
        }),
      );
    return v;
  };

  it('a grow read before a larger one never shrinks the count', async () => {
    const v = await variant({ stock_shards: 4 });
    await growShards(db, { ...v, stock_shards: 1 }, 2, now);
    expect((await stored(keys.variant(v.product_id, v.id)))?.stock_shards).toBe(4);
    expect((await stored(keys.variantRef(v.id)))?.stock_shards).toBe(4);
  });

  it('no grow on a variant that is gone, being deleted, or without its pointer', async () => {
    const gone = { id: ulid(), product_id: ulid() };
    await growShards(db, { ...gone, stock_shards: 1 }, 4, now);
    expect(await stored(keys.variant(gone.product_id, gone.id))).toBeUndefined();
    const doomed = await variant({ stock_shards: 1, deleting_job: 'job-9' });
    await growShards(db, { ...doomed, stock_shards: 1 }, 4, now);
    expect((await stored(keys.variant(doomed.product_id, doomed.id)))?.stock_shards).toBe(1);
    const pointerless = await variant({ stock_shards: 1 }, false);
    await growShards(db, { ...pointerless, stock_shards: 1 }, 4, now);
    expect(await stored(keys.variantRef(pointerless.id))).toBeUndefined();
    expect((await stored(keys.variant(pointerless.product_id, pointerless.id)))?.stock_shards).toBe(1);
  });
});

describe('one delete job per variant', () => {
  it('a failed job is replaced only by the request that read it; a second one finds it changed', async () => {
    const { productId, variantId } = await putVariant({ deleting_job: 'job-new' });
    const v = { id: variantId, product_id: productId, stock_shards: 1 };
    // Read while the failed job 'job-old' marked it; another request has replaced it since.
    const job = {
      id: 'job-late',
      target: { id: v.id, name: 'V', product_id: v.product_id },
      total: 0,
      created_at: now,
    };
    expect(await markVariantDeleting(db, { ...v, deleting_job: 'job-old' }, job)).toBe('changed');
    expect((await stored(keys.variant(v.product_id, v.id)))?.deleting_job).toBe('job-new');
  });
});

describe('codes and variants, the rare cases', () => {
  it('a code item is never replaced by a new one with its id', async () => {
    const v = await putVariant();
    const id = ulid();
    await insertCodes(v, [{ id, code: `FIRST-${id}` }]);
    await expect(insertCodes(v, [{ id, code: `SECOND-${id}` }])).rejects.toThrow();
    expect((await stored(keys.code(v.variantId, id)))?.code).toBe(`FIRST-${id}`);
  });

  it('only an available code is deleted by the admin', async () => {
    const { v, code } = await oneCode('delivered');
    const items = deleteAvailableCodeItems(
      db.table,
      { ...code, variant_id: v.variantId, stock_shard: 0, ticket: 0 },
      now,
      { tickets: 1, taken: 0 },
    );
    await expect(db.doc.send(new TransactWriteCommand({ TransactItems: items }))).rejects.toThrow();
    expect((await stored(keys.code(v.variantId, code.id)))?.status).toBe('delivered');
  });

  it('a delete is started only on a variant that exists and is not marked meanwhile', async () => {
    const job = (variantId: string, productId: string) => ({
      id: ulid(),
      target: { id: variantId, name: 'V', product_id: productId },
      total: 0,
      created_at: now,
    });
    const gone = { id: ulid(), product_id: ulid(), stock_shards: 1 };
    expect(await markVariantDeleting(db, gone, job(gone.id, gone.product_id))).toBe('changed');
    expect(await stored(keys.variant(gone.product_id, gone.id))).toBeUndefined();
    const raced = { id: ulid(), product_id: ulid(), stock_shards: 1 };
    await putVariant({ deleting_job: 'first' }, { productId: raced.product_id, variantId: raced.id });
    // Read before the first request marked it: the second finds it changed.
    expect(await markVariantDeleting(db, raced, job(raced.id, raced.product_id))).toBe('changed');
    expect((await stored(keys.variant(raced.product_id, raced.id)))?.deleting_job).toBe('first');
  });

  it('a delete job ends only while its variant is still its own and no shard has a ticket left', async () => {
    const end = async (opts: { marked: string; stock: number }) => {
      const jobId = ulid();
      const v = await putVariant({ deleting_job: opts.marked === 'self' ? jobId : opts.marked });
      await put({ ...keys.stockShard(v.variantId, 0), tickets: 3 + opts.stock, taken: 3 });
      const target = { id: v.variantId, name: 'V', product_id: v.productId };
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            newJobPut(db.table, { id: jobId, kind: 'delete-variant', target, total: 0, created_at: now }),
          ],
        }),
      );
      await takeLease(db, jobId, 'w', Date.now(), 60_000);
      const outcome = await removeDeletedVariant(
        db,
        { id: jobId, target },
        { owner: 'w', now: new Date(), keepDays: 7, shards: 1 },
      );
      return {
        outcome,
        variant: await stored(keys.variant(v.productId, v.variantId)),
        shard: await stored(keys.stockShard(v.variantId, 0)),
        jobId,
      };
    };
    // The shard got a number back: nothing is removed.
    const back = await end({ marked: 'self', stock: 1 });
    expect(back.outcome).toBe('stock-back');
    expect(back.shard?.tickets).toBe(4);
    expect(back.variant).toBeDefined();
    // The same job with its counter at 0 does end (so the two refusals above are the conditions').
    expect((await end({ marked: 'self', stock: 0 })).outcome).toBe('removed');
    // Another job marks the variant now: this one does not remove it.
    const other = await end({ marked: 'another-job', stock: 0 });
    expect(other.outcome).toBe('stock-back');
    expect(other.variant).toBeDefined();
  });
});
