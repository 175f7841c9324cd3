import { adminListSmsInbox as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { listSms } from '../../db/payments/sms-items';
import { defineAdminHandler } from '../../kit/admin-handler';
import { smsInboxView } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminHandler(route, async (req) => {
  const page = await listSms(db(), req.query);
  return { items: page.items.map(smsInboxView), cursor: page.cursor };
});
