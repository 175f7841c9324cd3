import { adminPutReceivingAccounts as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { writeReceivingAccounts } from '../../db/site/receiving-accounts';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';

export const handler = defineAdminHandler(route, async (req) => ({
  accounts: await writeReceivingAccounts(db(), req.body, clock()),
  message: 'Receiving accounts saved',
}));
