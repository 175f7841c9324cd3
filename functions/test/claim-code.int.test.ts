import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import type { Db } from '../src/db/client';
import { availableSortKeys, indexKeys, keys } from '../src/db/keys';
import { claimCode } from '../src/db/stock/claim-code';
import { write, WriteRefused } from '../src/db/transact';
import { codeHash, insertCodesItems, type CodeItem } from '../src/db/stock/code-item';
import { shardCounters, variantStock } from './commerce-fixtures';
import { readStockShards } from '../src/db/stock/stock-shards';
import { deliverReservedCodeWrite, releaseCodeWrites } from '../src/db/stock/code-transitions';
import { holdingDb } from './fault-proxy';

let db: Db;
const now = () => new Date().toISOString();

/**
 * A variant with `codes` codes dealt over `shards` stock shards in turn (or all into `onlyShard`),
 * each also on its shard's hint when `hinted` (as an import puts them while the hint has room).
 */
async function makeVariant(
  codes: number,
  opts: { shards?: number; onlyShard?: number; hinted?: boolean } = {},
): Promise<{ productId: string; variantId: string; codes: string[] }> {
  const productId = ulid();
  const variantId = ulid();
  const shards = opts.shards ?? 1;
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.variant(productId, variantId),
        type: 'variant',
        id: variantId,
        product_id: productId,
        stock_shards: shards,
      },
    }),
  );
  const strings = Array.from({ length: codes }, (_, i) => `CLAIM-${variantId}-${i}`);
  for (const [i, code] of strings.entries()) {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: insertCodesItems(db.table, {
          variantId,
          productId,
          shard: opts.onlyShard ?? i % shards,
          codes: [{ id: ulid(), code }],
          hinted: opts.hinted ? 1 : 0,
          now: now(),
        }),
      }),
    );
  }
  return { productId, variantId, codes: strings };
}

/** Shards as a caller's read gives them, without hints. */
const counted = (stock: number[]) => stock.map((n) => ({ stock: n, free: [] }));

const stockOf = (productId: string, variantId: string) => variantStock(db, productId, variantId);
const codeStrings = async (variantId: string, ids: string[]) => {
  const all = await codesOf(variantId);
  return ids.map((id) => all.find((c) => c.id === id)?.code);
};

/** What claimCode's lock step writes, for a claim (maybe of a request that died) holding a code. */
async function lockAs(variantId: string, codeId: string, owner: string, untilMs: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.code(variantId, codeId),
      UpdateExpression: 'SET lock_owner = :owner, lock_until = :until, gsi1sk = :locked',
      ExpressionAttributeValues: {
        ':owner': owner,
        ':until': untilMs,
        ':locked': availableSortKeys.locked(untilMs, codeId),
      },
    }),
  );
}

async function codesOf(variantId: string): Promise<Array<CodeItem & Record<string, unknown>>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
    }),
  );
  return (res.Items ?? []) as Array<CodeItem & Record<string, unknown>>;
}

describe('claimCode', () => {
  beforeAll(async () => {
    db = await freshTable('claim');
  });

  it('inserting a code writes the code, its uniqueness item and counter +1; the same string again fails', async () => {
    const v = await makeVariant(2);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const unique = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.codeUnique(codeHash(v.codes[0]!)) }),
    );
    expect(unique.Item).toBeDefined();
    await expect(
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: insertCodesItems(db.table, {
            variantId: v.variantId,
            productId: v.productId,
            shard: 0,
            codes: [{ id: ulid(), code: `  ${v.codes[0]}  ` }],
            now: now(),
          }),
        }),
      ),
    ).rejects.toThrow();
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
  });

  it('delivers a code to a user: counter -1, code on the user list, off the available list', async () => {
    const v = await makeVariant(3);
    const got = await claimCode(db, {
      ...v,
      mode: 'deliver',
      orderId: 'o-1',
      userId: 'u-1',
      now: now(),
      variantName: 'V',
      productName: 'P',
    });
    const [gotCode] = await codeStrings(v.variantId, [got.id]);
    expect(v.codes).toContain(gotCode);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const mine = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.userCodes('u-1') },
      }),
    );
    // The index keeps keys only: the list gives the code's key, the item its fields.
    expect(mine.Items?.map((c) => c.sk)).toEqual([`CODE#${got.id}`]);
    const [delivered] = (await codesOf(v.variantId)).filter((c) => c.id === got.id);
    expect(delivered?.code).toBe(gotCode);
    expect(delivered).toMatchObject({
      status: 'delivered',
      order_id: 'o-1',
      variant_name: 'V',
      product_name: 'P',
    });
    const available = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.availableCodes(v.variantId, 0) },
      }),
    );
    expect(available.Items?.map((c) => String(c.sk))).not.toContain(`CODE#${got.id}`);
    expect(available.Items).toHaveLength(2);
  });

  it('reserves, releases (back to available, counter +1) and delivers a reserved code', async () => {
    const v = await makeVariant(1);
    const held = await claimCode(db, {
      ...v,
      mode: 'reserve',
      orderId: 'o-2',
      userId: 'u-2',
      now: now(),
      holdUntil: now(),
    });
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
    await expect(
      claimCode(db, { ...v, mode: 'deliver', orderId: 'o-3', userId: 'u-3', now: now() }),
    ).rejects.toThrow('Out of stock');
    // Release by another order is refused.
    await expect(
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: releaseCodeWrites(
            { variant_id: v.variantId, stock_shard: 0, id: held.id, order_id: 'other' },
            now(),
            db.table,
          ).map((w) => w.item),
        }),
      ),
    ).rejects.toThrow();
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: releaseCodeWrites(
          { variant_id: v.variantId, stock_shard: 0, id: held.id, order_id: 'o-2' },
          now(),
          db.table,
        ).map((w) => w.item),
      }),
    );
    expect(await stockOf(v.productId, v.variantId)).toBe(1);
    const again = await claimCode(db, {
      ...v,
      mode: 'reserve',
      orderId: 'o-4',
      userId: 'u-4',
      now: now(),
      holdUntil: now(),
    });
    expect(again.id).toBe(held.id);
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          deliverReservedCodeWrite(
            { variant_id: v.variantId, id: again.id, order_id: 'o-4' },
            'u-4',
            now(),
            db.table,
          ).item,
        ],
      }),
    );
    const [code] = await codesOf(v.variantId);
    expect(code).toMatchObject({ status: 'delivered', user_id: 'u-4', gsi1pk: indexKeys.userCodes('u-4') });
    expect(code?.reserved_until).toBeUndefined();
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
  });

  it('an extra write that fails cancels everything and is reported by its name', async () => {
    const v = await makeVariant(2);
    const error = await claimCode(db, {
      ...v,
      mode: 'deliver',
      orderId: 'o-5',
      userId: 'u-5',
      now: now(),
      extraWrites: (code) => [
        write('order', {
          Put: { TableName: db.table, Item: { pk: `ORDER#o-5`, sk: 'ORDER', code_id: code.id } },
        }),
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
  });

  it.each([
    ['read from the lists', false],
    ['named by the hints', true],
  ])(
    // Four buyers per code on every shard, as at 200 on 50: the race is the same, at half the load.
    '100 concurrent claims on 25 codes over 5 shards (%s): exactly 25 delivered, 75 Out of stock, no code twice, every shard counter 0',
    async (_, hinted) => {
      const v = await makeVariant(25, { shards: 5, hinted });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) =>
          claimCode(db, {
            ...v,
            mode: i % 2 ? 'deliver' : 'reserve',
            orderId: `race-${i}`,
            userId: `u-${i}`,
            now: now(),
            holdUntil: now(),
          }),
        ),
      );
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
      expect(won).toHaveLength(25);
      expect(lost).toHaveLength(75);
      expect(lost.map((e) => e.message).filter((m) => m !== 'Out of stock')).toEqual([]);
      expect(new Set(won.map((w) => w.id)).size).toBe(25);
      expect(await shardCounters(db, v.productId, v.variantId)).toEqual([0, 0, 0, 0, 0]);
      const codes = await codesOf(v.variantId);
      // Hints may keep ids a refill added while their code was being claimed: never an available code.
      const onHints = (await readStockShards(db, v.variantId, 5, true)).flatMap((s) => s.free);
      expect(codes.filter((c) => onHints.includes(c.id) && c.status === 'available')).toEqual([]);
      expect(codes.filter((c) => c.status === 'available')).toHaveLength(0);
      expect(new Set(codes.map((c) => c.order_id)).size).toBe(25);
    },
  );

  it('with the codes on the hint a claim reads no list: lock, then the transaction; the code leaves the hint', async () => {
    const v = await makeVariant(3, { shards: 1, hinted: true });
    const shards = await readStockShards(db, v.variantId, 1, true);
    expect(shards[0]!.free).toHaveLength(3);
    const sent: string[] = [];
    const counting = {
      ...db,
      doc: {
        send: (c: { constructor: { name: string } }) => (
          sent.push(c.constructor.name),
          db.doc.send(c as never)
        ),
      },
    } as unknown as Db;
    const got = await claimCode(counting, {
      ...v,
      mode: 'deliver',
      orderId: 'o-h',
      userId: 'u-h',
      now: now(),
      shards,
    });
    expect(sent).toEqual(['UpdateCommand', 'TransactWriteCommand']);
    const [after] = await readStockShards(db, v.variantId, 1, true);
    expect(after).toEqual({ stock: 2, free: shards[0]!.free.filter((id) => id !== got.id) });
  });

  it('an empty hint is refilled from the list the claim read (while the shard has codes left)', async () => {
    const v = await makeVariant(4, { shards: 1 });
    // random() = 0: the list is read from its start, so it names all 4 codes.
    const got = await claimCode(db, {
      ...v,
      mode: 'deliver',
      orderId: 'o-r',
      userId: 'u-r',
      now: now(),
      random: () => 0,
    });
    const [after] = await readStockShards(db, v.variantId, 1, true);
    expect(after!.stock).toBe(3);
    expect(after!.free.sort()).toEqual(
      (await codesOf(v.variantId))
        .filter((c) => c.id !== got.id)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('a code locked by a claim in flight is not offered; once the lock expires it is', async () => {
    const v = await makeVariant(1);
    const [code] = await codesOf(v.variantId);
    await lockAs(v.variantId, code!.id, 'other-order', Date.now() + 60_000);
    await expect(
      claimCode(db, { ...v, mode: 'deliver', orderId: 'o-6', userId: 'u-6', now: now() }),
    ).rejects.toThrow('Out of stock');
    expect(await stockOf(v.productId, v.variantId)).toBe(1);

    // The other request died: its lock runs out and the code is claimable again.
    await lockAs(v.variantId, code!.id, 'other-order', Date.now() - 1);
    const got = await claimCode(db, { ...v, mode: 'deliver', orderId: 'o-6', userId: 'u-6', now: now() });
    expect(got.id).toBe(code!.id);
    const [after] = await codesOf(v.variantId);
    expect(after).toMatchObject({ status: 'delivered', order_id: 'o-6' });
    expect(after?.lock_owner).toBeUndefined();
    expect(after?.lock_until).toBeUndefined();
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
  });

  it('a claim that fails gives its lock back at once', async () => {
    const v = await makeVariant(1);
    await expect(
      claimCode(db, {
        ...v,
        mode: 'deliver',
        orderId: 'o-7',
        userId: 'u-7',
        now: now(),
        extraWrites: () => [
          write('check', {
            ConditionCheck: {
              TableName: db.table,
              Key: { pk: 'NOPE', sk: 'NOPE' },
              ConditionExpression: 'attribute_exists(pk)',
            },
          }),
        ],
      }),
    ).rejects.toBeInstanceOf(WriteRefused);
    const [code] = await codesOf(v.variantId);
    expect(code?.lock_owner).toBeUndefined();
    expect(code?.gsi1sk).toBe(availableSortKeys.free(code!.id));
    const got = await claimCode(db, { ...v, mode: 'deliver', orderId: 'o-8', userId: 'u-8', now: now() });
    expect(got.id).toBe(code!.id);
  });

  it('a buyer whose shard is empty tries the others: codes only in the last of 4 shards, stale counters', async () => {
    const v = await makeVariant(2, { shards: 4, onlyShard: 3 });
    // The caller's read says shard 0 has the codes (it no longer does): the claim finds it empty,
    // counts again and takes a code of shard 3.
    let recounts = 0;
    const got = await claimCode(db, {
      ...v,
      mode: 'deliver',
      orderId: 'o-9',
      userId: 'u-9',
      now: now(),
      shards: counted([2, 0, 0, 0]),
      recount: async () => {
        recounts++;
        return counted(await shardCounters(db, v.productId, v.variantId));
      },
    });
    expect(recounts).toBe(1);
    expect((await codesOf(v.variantId)).find((c) => c.id === got.id)).toMatchObject({
      stock_shard: 3,
      status: 'delivered',
    });
    expect(await shardCounters(db, v.productId, v.variantId)).toEqual([0, 0, 0, 1]);
  });

  it('sold out everywhere: Out of stock from the counters alone, without reading a list', async () => {
    const v = await makeVariant(0, { shards: 3 });
    let recounts = 0;
    await expect(
      claimCode(db, {
        ...v,
        mode: 'deliver',
        orderId: 'o-10',
        userId: 'u-10',
        now: now(),
        shards: counted([0, 0, 0]),
        recount: async () => {
          recounts++;
          return counted([0, 0, 0]);
        },
      }),
    ).rejects.toThrow('Out of stock');
    expect(recounts).toBe(0);
  });

  it('a recount that throws (our twin won) stops the claim with that error', async () => {
    const v = await makeVariant(1, { shards: 2, onlyShard: 1 });
    const twin = new Error('twin won');
    await expect(
      claimCode(db, {
        ...v,
        mode: 'deliver',
        orderId: 'o-11',
        userId: 'u-11',
        now: now(),
        shards: counted([1, 0]),
        recount: () => Promise.reject(twin),
      }),
    ).rejects.toBe(twin);
    expect(await shardCounters(db, v.productId, v.variantId)).toEqual([0, 1]);
  });

  it('a claim whose lock expired while its transaction was on the way does not sell the code a second time', async () => {
    const v = await makeVariant(2, { hinted: true });
    const ids = (await codesOf(v.variantId)).map((c) => c.id);
    // Buyer A locks a code and is held just before its transaction (a slow Lambda).
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const a = claimCode(held.db, {
      ...v,
      mode: 'deliver',
      orderId: 'slow-a',
      userId: 'u-a',
      now: now(),
    }).catch((error: unknown) => error);
    await held.reached;
    const mine = (await codesOf(v.variantId)).find((c) => c.lock_owner === 'slow-a')!;
    const other = ids.find((id) => id !== mine.id)!;
    // Its lock runs out; the other code is locked by a third claim in flight; buyer B comes.
    await lockAs(v.variantId, mine.id, 'slow-a', Date.now() - 1);
    await lockAs(v.variantId, other, 'in-flight-c', Date.now() + 60_000);
    const b = await claimCode(db, { ...v, mode: 'deliver', orderId: 'buyer-b', userId: 'u-b', now: now() });
    expect(b.id).toBe(mine.id);
    held.release();
    const outcome = await a;
    // A's transaction finds the code sold and its lock gone: A is not given it.
    expect(outcome).not.toEqual({ id: mine.id });
    const delivered = (await codesOf(v.variantId)).filter((c) => c.status === 'delivered');
    expect(delivered.map((c) => [c.id, c.order_id])).toEqual([[mine.id, 'buyer-b']]);
  });
});
