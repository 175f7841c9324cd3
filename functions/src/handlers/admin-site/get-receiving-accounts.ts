import { adminGetReceivingAccounts as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { readReceivingAccounts } from '../../db/site/receiving-accounts';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({
  accounts: await readReceivingAccounts(db()),
}));
