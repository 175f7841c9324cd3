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
import { codeHash, insertCodeItems, type CodeItem } from '../src/db/stock/code-item';
import { deliverReservedCodeWrite, releaseCodeWrites } from '../src/db/stock/code-transitions';

let db: Db;
const now = () => new Date().toISOString();

async function makeVariant(
  codes: number,
): Promise<{ productId: string; variantId: string; codes: string[] }> {
  const productId = ulid();
  const variantId = ulid();
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.variant(productId, variantId),
        type: 'variant',
        id: variantId,
        product_id: productId,
        stock: 0,
      },
    }),
  );
  const strings = Array.from({ length: codes }, (_, i) => `CLAIM-${variantId}-${i}`);
  for (const code of strings) {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: insertCodeItems(db.table, { id: ulid(), variantId, productId, code, now: now() }),
      }),
    );
  }
  return { productId, variantId, codes: strings };
}

async function stockOf(productId: string, variantId: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.variant(productId, variantId), ConsistentRead: true }),
  );
  return res.Item?.stock as number;
}

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
          TransactItems: insertCodeItems(db.table, {
            id: ulid(),
            variantId: v.variantId,
            productId: v.productId,
            code: `  ${v.codes[0]}  `,
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
    expect(v.codes).toContain(got.code);
    expect(await stockOf(v.productId, v.variantId)).toBe(2);
    const mine = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.userCodes('u-1') },
      }),
    );
    expect(mine.Items?.map((c) => c.code)).toEqual([got.code]);
    expect(mine.Items?.[0]).toMatchObject({
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
        ExpressionAttributeValues: { ':pk': indexKeys.availableCodes(v.variantId) },
      }),
    );
    expect(available.Items?.map((c) => c.id)).not.toContain(got.id);
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
            { variant_id: v.variantId, product_id: v.productId, id: held.id, order_id: 'other' },
            now(),
            db.table,
          ).map((w) => w.item),
        }),
      ),
    ).rejects.toThrow();
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: releaseCodeWrites(
          { variant_id: v.variantId, product_id: v.productId, id: held.id, order_id: 'o-2' },
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

  it('200 concurrent claims on 50 codes: exactly 50 delivered, 150 Out of stock, no code twice, counter 0', async () => {
    const v = await makeVariant(50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
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
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(150);
    expect(lost.every((e) => e.message === 'Out of stock')).toBe(true);
    expect(new Set(won.map((w) => w.code)).size).toBe(50);
    expect(await stockOf(v.productId, v.variantId)).toBe(0);
    const codes = await codesOf(v.variantId);
    expect(codes.filter((c) => c.status === 'available')).toHaveLength(0);
    expect(new Set(codes.map((c) => c.order_id)).size).toBe(50);
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
});
