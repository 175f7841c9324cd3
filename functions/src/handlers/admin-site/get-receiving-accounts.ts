import { adminGetReceivingAccounts as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { readReceivingAccounts } from '../../db/site/receiving-accounts';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => ({
  accounts: await readReceivingAccounts(db()),
}));
