import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { seedVariant, variantCodes } from '../../functions/test/commerce-fixtures';
import { keys, timeKey } from '../../functions/src/db/keys';
import { claimCode } from '../../functions/src/domain/stock/claim-code';
import { rekeyAvailableCodes } from './rekey-available-codes';

describe('rekeyAvailableCodes', () => {
  it('makes codes stored with the old created_at#id sort key claimable again, once', async () => {
    const db = await freshTable('rekey');
    const { productId, variantId } = await seedVariant(db, { price: 1000, codes: 1 });
    const [code] = await variantCodes(db, variantId);
    const codeId = code.id as string;
    const now = new Date().toISOString();
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
