import { resellerGetAccount as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { requireActiveReseller, resellerAccount } from '../../use-cases/resellers/reseller-account';

export const handler = defineHandler(route, async (req) =>
  resellerAccount(db(), await requireActiveReseller(db(), req.caller.userId)),
);
