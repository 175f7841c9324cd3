import { adminListManualTopups as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { indexPage } from '../../db/list-items';
import type { PaymentItem } from '../../db/payments/payment-items';
import { lists } from '../../db/keys';
import { paymentView } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const { status, ...page } = req.query;
  const result = await indexPage<PaymentItem>(db(), lists.manualTopups(status), page);
  return { items: result.items.map(paymentView), cursor: result.cursor };
});
