import { resellerApiBalance as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { readBalance } from '../../db/wallet/balance';
import { defineResellerHandler } from '../../kit/reseller-handler';

export const handler = defineResellerHandler(route, async (req) => ({
  balance: (await readBalance(db(), req.reseller.userId)) ?? 0,
  currency: 'BDT' as const,
}));
