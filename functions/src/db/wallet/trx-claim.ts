import { keys } from '../keys';
import { write, type Write } from '../transact';

/** A manual top-up's TrxID, claimed shop-wide so one bank transfer is credited once. */
export function claimTrxIdWrite(
  table: string,
  claim: { trx: string; paymentId: string; userId: string; now: string },
): Write {
  return write('trx_id', {
    Put: {
      TableName: table,
      Item: {
        ...keys.trxId(claim.trx),
        type: 'trx_unique',
        payment_id: claim.paymentId,
        user_id: claim.userId,
        created_at: claim.now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}
