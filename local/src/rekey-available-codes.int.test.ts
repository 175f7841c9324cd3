import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { keys, timeKey } from '../../functions/src/db/keys';
import { claimCode } from '../../functions/src/domain/stock/claim-code';
import { insertCodeItems } from '../../functions/src/domain/stock/code-item';
import { rekeyAvailableCodes } from './rekey-available-codes';

describe('rekeyAvailableCodes', () => {
  it('makes codes stored with the old created_at#id sort key claimable again, once', async () => {
    const db = await freshTable('rekey');
    const productId = ulid();
    const variantId = ulid();
    const codeId = ulid();
    const now = new Date().toISOString();
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
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: insertCodeItems(db.table, {
          id: codeId,
          variantId,
          productId,
          code: `OLD-${codeId}`,
          now,
        }),
      }),
    );
    // What a code looked like before the scattered list.
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(variantId, codeId),
        UpdateExpression: 'SET gsi1sk = :old',
        ExpressionAttributeValues: { ':old': timeKey(now, codeId) },
      }),
    );
    const claim = () =>
      claimCode(db, { variantId, productId, mode: 'deliver', orderId: ulid(), userId: 'u', now });
    await expect(claim()).rejects.toThrow('Out of stock');

    expect(await rekeyAvailableCodes(db)).toBe(1);
    expect(await rekeyAvailableCodes(db)).toBe(0);
    expect((await claim()).id).toBe(codeId);
  });
});
