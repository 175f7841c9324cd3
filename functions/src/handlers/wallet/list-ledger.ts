import { walletLedger as route } from '@khelaghor/contract/routes/wallet';
import { db } from '../../db/client';

import { readBalance, ledgerPage } from '../../db/wallet/balance';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const database = db();
  const page = await ledgerPage(database, req.caller.userId, req.query);
  return {
    items: page.items.map((e) => ({
      id: e.id,
      amount: e.amount,
      balance_after: e.balance_after,
      reason: e.reason,
      reference: e.reference,
      note: e.note ?? null,
      created_at: e.created_at,
    })),
    cursor: page.cursor,
    balance: (await readBalance(database, req.caller.userId)) ?? 0,
  };
});
