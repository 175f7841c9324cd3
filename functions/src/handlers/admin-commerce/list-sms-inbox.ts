import { adminListSmsInbox as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { listSms } from '../../db/payments/sms-items';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { smsInboxView } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminReadHandler(route, async (req) => {
  const page = await listSms(db(), req.query);
  return { items: page.items.map(smsInboxView), cursor: page.cursor };
});
