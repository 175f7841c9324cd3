import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import type { Db } from '../src/db/client';
import { indexKeys, keys } from '../src/db/keys';
import { claimCode } from '../src/db/stock/claim-code';
import { transact, write, WriteRefused } from '../src/db/transact';
import { codeHash, insertCodesItems, type CodeItem } from '../src/db/stock/code-item';
import { insertCode } from '../src/db/stock/insert-codes';
import { shardCounters, variantStock } from './commerce-fixtures';
import {
  claimAvailableCodeItem,
  deliverReservedCodeWrite,
  releaseCodeWrites,
} from '../src/db/stock/code-transitions';
import { readShard, SOLD_OUT_REPLICAS, takeTicket, ticketAgain } from '../src/db/stock/tickets';
import { batchGetItems } from '../src/db/batch-get';
import { restockCodes, STRANDED_AFTER_MS } from '../src/db/stock/restock';

let db: Db;
const now = () => new Date().toISOString();

/** A variant with `codes` codes dealt over `shards` stock shards in turn (or all into `onlyShard`). */
async function makeVariant(
  codes: number,
  opts: { shards?: number; onlyShard?: number } = {},
): Promise<{ productId: string; variantId: string; codes: string[]; shards: number }> {
  const productId = ulid();
  const variantId = ulid();
  const shards = opts.shards ?? 1;
  for (const Item of [
    {
      ...keys.variant(productId, variantId),
      type: 'variant',
      id: variantId,
      product_id: productId,
      stock_shards: shards,
    },
    { ...keys.variantRef(variantId), type: 'variant_ref', product_id: productId, stock_shards: shards },
  ])
    await db.doc.send(new PutCommand({ TableName: db.table, Item }));
  const strings = Array.from({ length: codes }, (_, i) => `CLAIM-${variantId}-${i}`);
  for (const [i, code] of strings.entries())
    await insertCode(db, {
      variantId,
      productId,
      shard: opts.onlyShard ?? i % shards,
      id: ulid(),
      code,
      now: now(),
    });
  return { productId, variantId, codes: strings, shards };
}

const stockOf = (productId: string, variantId: string) => variantStock(db, productId, variantId);

async function codesOf(variantId: string): Promise<Array<CodeItem & Record<string, unknown>>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as Array<CodeItem & Record<string, unknown>>;
}

/** The same table, recording the name of every command sent. */
function recording(sent: string[]): Db {
  return {
    ...db,
    doc: {
      send: (c: { constructor: { name: string } }) => (
        sent.push(c.constructor.name),
        db.doc.send(c as never)
      ),
    },
  } as unknown as Db;
}

const claim = (v: { productId: string; variantId: string; shards: number }, n: string, extra = {}) =>
  claimCode(db, { ...v, mode: 'deliver', orderId: `o-${n}`, userId: `u-${n}`, now: now(), ...extra });

describe('claimCode with tickets', () => {
  beforeAll(async () => {
    db = await freshTable('claim');
  });

  it('inserting a code writes the code, its uniqueness item and its ticket: stock +1; the same string again fails', async () => {
    const v = await makeVariant(2);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    expect(await readShard(db, v.variantId, 0)).toMatchObject({ tickets: 2, taken: 0 });
    const unique = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.codeUnique(codeHash(v.codes[0]!)) }),
    );
    expect(unique.Item?.variant_id).toBe(v.variantId);
    await expect(
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: insertCodesItems(db.table, {
            variantId: v.variantId,
            productId: v.productId,
            shard: 0,
            seen: 2,
            codes: [{ id: ulid(), code: `  ${v.codes[0]}  ` }],
            now: now(),
          }),
        }),
      ),
    ).rejects.toThrow();
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
  });

  it('a winner costs three calls: its ticket, one read, one transaction; the code goes to the user', async () => {
    const v = await makeVariant(3);
    const sent: string[] = [];
    const got = await claimCode(recording(sent), {
      ...v,
      mode: 'deliver',
      orderId: 'o-1',
      userId: 'u-1',
      now: now(),
      variantName: 'V',
      productName: 'P',
    });
    expect(sent).toEqual(['UpdateCommand', 'BatchGetCommand', 'TransactWriteCommand']);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const [delivered] = (await codesOf(v.variantId)).filter((c) => c.id === got.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      order_id: 'o-1',
      variant_name: 'V',
      product_name: 'P',
    });
    expect(delivered?.ticket).toBeUndefined();
    expect(delivered?.gsi1pk).toBe(indexKeys.userCodes('u-1'));
    // Tickets are handed in order: the first code loaded is the first sold.
    expect(delivered?.code).toBe(v.codes[0]);
    const ticket = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.ticket(v.variantId, 0, 0) }),
    );
    expect(ticket.Item).toBeUndefined();
  });

  it('reserves; a release numbers the code again at once; it is sold once', async () => {
    const v = await makeVariant(1);
    const held = await claim(v, '2', { mode: 'reserve', holdUntil: now() });
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
    await expect(claim(v, '3')).rejects.toThrow('Out of stock');
    const release = (order: string) =>
      transact(
        db,
        releaseCodeWrites(
          { variant_id: v.variantId, stock_shard: 0, id: held.id, order_id: order },
          now(),
          db.table,
        ),
      );
    await expect(release('other')).rejects.toBeInstanceOf(WriteRefused);
    await release('o-2');
    expect(await stockOf(v.productId, v.variantId)).toBe(1);
    const again = await claim(v, '4', { mode: 'reserve', holdUntil: now() });
    expect(again.id).toBe(held.id);
    await transact(db, [
      deliverReservedCodeWrite(
        { variant_id: v.variantId, id: again.id, order_id: 'o-4' },
        'u-4',
        now(),
        db.table,
      ),
    ]);
    expect((await codesOf(v.variantId))[0]).toMatchObject({ status: 'delivered', user_id: 'u-4' });
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
  });

  it('a release whose numbering after the commit failed is numbered by the sweeper', async () => {
    const v = await makeVariant(1);
    const held = await claim(v, '2b', { mode: 'reserve', holdUntil: now() });
    // The release's transaction alone, as when the process died right after it.
    const writes = releaseCodeWrites(
      { variant_id: v.variantId, stock_shard: 0, id: held.id, order_id: 'o-2b' },
      now(),
      db.table,
    );
    await db.doc.send(new TransactWriteCommand({ TransactItems: writes.map((w) => w.item) }));
    expect((await codesOf(v.variantId))[0]).toMatchObject({ status: 'available' });
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
    expect((await restockCodes(db, new Date())).returned).toBeGreaterThanOrEqual(1);
    expect(await stockOf(v.productId, v.variantId)).toBe(1);
    expect((await claim(v, '2c')).id).toBe(held.id);
  });

  it('an extra write that fails cancels everything, is reported by its name, and the ticket goes back', async () => {
    const v = await makeVariant(2);
    const error = await claim(v, '5', {
      extraWrites: () => [
        write('check', {
          ConditionCheck: {
            TableName: db.table,
            Key: { pk: 'NOPE', sk: 'NOPE' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        }),
      ],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteRefused);
    expect((error as WriteRefused).failed).toEqual(['check']);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    expect((await codesOf(v.variantId)).every((c) => c.status === 'available')).toBe(true);
    // The code took the shard's next number: both are sold again.
    await claim(v, '5a');
    await claim(v, '5b');
    await expect(claim(v, '5c')).rejects.toThrow('Out of stock');
  });

  it('a reader that throws (our twin won) stops the claim with that error, the ticket back', async () => {
    const v = await makeVariant(1);
    const twin = new Error('twin');
    await expect(
      claim(v, '6', {
        onRead: () => {
          throw twin;
        },
      }),
    ).rejects.toBe(twin);
    expect(await stockOf(v.productId, v.variantId)).toBe(1);
  });

  it('a buyer whose shard is empty tries the others: codes only in the last of 4 shards', async () => {
    const v = await makeVariant(2, { shards: 4, onlyShard: 3 });
    const got = await Promise.all([claim(v, '7a'), claim(v, '7b')]);
    expect(new Set(got.map((g) => g.id)).size).toBe(2);
    await expect(claim(v, '7c')).rejects.toThrow('Out of stock');
  });

  it('sold out everywhere and marked: a loser costs one refused ticket and one read', async () => {
    const v = await makeVariant(4, { shards: 4 });
    await Promise.all(['8a', '8b', '8c', '8d'].map((n) => claim(v, n)));
    const sent: string[] = [];
    await expect(
      claimCode(recording(sent), { ...v, mode: 'deliver', orderId: 'o-8e', userId: 'u-8e', now: now() }),
    ).rejects.toThrow('Out of stock');
    expect(sent).toEqual(['UpdateCommand', 'BatchGetCommand']);
  });

  it('a shard not marked yet (its last claim failed) is read itself before the answer', async () => {
    const v = await makeVariant(2, { shards: 2 });
    // Shard 1's only ticket is taken by a holder that never claims: no mark is written.
    expect(await takeTicket(db, v.variantId, 1)).toMatchObject({ index: 0, last: true });
    await claim(v, '9a', { random: () => 0 });
    await expect(claim(v, '9b')).rejects.toThrow('Out of stock');
  });

  it('100 concurrent claims on 25 codes over 5 shards: exactly 25 sold, 75 Out of stock, no code twice', async () => {
    const v = await makeVariant(25, { shards: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        claim(v, `race-${i}`, { mode: i % 2 ? 'deliver' : 'reserve', holdUntil: now() }),
      ),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(won).toHaveLength(25);
    expect(lost.map((e) => e.message).filter((m) => m !== 'Out of stock')).toEqual([]);
    expect(new Set(won.map((w) => w.id)).size).toBe(25);
    expect(await shardCounters(db, v.productId, v.variantId)).toEqual([0, 0, 0, 0, 0]);
    const codes = await codesOf(v.variantId);
    expect(codes.filter((c) => c.status === 'available')).toHaveLength(0);
    expect(new Set(codes.map((c) => c.order_id)).size).toBe(25);
    // Every shard sold out is marked, in every replica, by the claim that took its last ticket.
    const marks = await batchGetItems(
      db,
      [0, 1, 2, 3, 4].flatMap((n) =>
        Array.from({ length: SOLD_OUT_REPLICAS }, (_, r) => keys.soldOut(v.variantId, r, n)),
      ),
    );
    expect(marks.size).toBe(5 * SOLD_OUT_REPLICAS);
  });

  it('a ticket whose holder died is found by the sweeper a run later and sold again', async () => {
    const v = await makeVariant(2);
    await takeTicket(db, v.variantId, 0); // the holder dies here
    const t0 = new Date();
    await restockCodes(db, t0); // the sweeper sees the ticket handed out
    expect(await stockOf(v.productId, v.variantId)).toBe(1);
    expect((await restockCodes(db, new Date(t0.getTime() + 1000))).stranded).toBe(0);
    const later = await restockCodes(db, new Date(t0.getTime() + STRANDED_AFTER_MS));
    expect(later.stranded).toBeGreaterThanOrEqual(1);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const got = await Promise.all([claim(v, '10a'), claim(v, '10b')]);
    expect(new Set(got.map((g) => g.id)).size).toBe(2);
  });

  it('an old ticket never sells a code that was numbered again meanwhile', async () => {
    const v = await makeVariant(1);
    const ticket = await takeTicket(db, v.variantId, 0);
    if (typeof ticket === 'string' || 'empty' in ticket) throw new Error('no ticket');
    const [code] = await codesOf(v.variantId);
    await ticketAgain(db, { variantId: v.variantId, shard: 0 }, [{ id: code!.id, from: 0 }], now());
    const stale = claimAvailableCodeItem(
      { variant_id: v.variantId, id: code!.id },
      { mode: 'deliver', orderId: 'o-old', userId: 'u-old', now: now() },
      ticket,
      db.table,
    );
    await expect(transact(db, [write('code', stale)])).rejects.toBeInstanceOf(WriteRefused);
    const got = await claim(v, '11');
    expect(got.id).toBe(code!.id);
  });

  it("codes from before tickets get their shard's first numbers from the sweeper, and sell", async () => {
    const v = await makeVariant(0);
    const ids = [ulid(), ulid()];
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.stockShard(v.variantId, 0), stock: 2, free_ids: new Set(ids) },
      }),
    );
    for (const id of ids)
      await db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: {
            ...keys.code(v.variantId, id),
            type: 'code',
            id,
            variant_id: v.variantId,
            code: `OLD-${id}`,
            status: 'available',
            stock_shard: 0,
            gsi1pk: indexKeys.availableCodes(v.variantId, 0),
            gsi1sk: `0#${id}`,
          },
        }),
      );
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
    expect((await restockCodes(db, new Date())).stranded).toBe(2);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const shard = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.stockShard(v.variantId, 0) }),
    );
    expect(shard.Item).toMatchObject({ tickets: 2, taken: 0 });
    expect(shard.Item?.stock).toBeUndefined();
    const got = await Promise.all([claim(v, '12a'), claim(v, '12b')]);
    expect(got.map((g) => g.id).sort()).toEqual([...ids].sort());
  });
});
