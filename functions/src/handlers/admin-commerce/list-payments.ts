import { adminListPayments as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { shardedPage } from '../../db/list-items';
import type { PaymentItem } from '../../db/payments/payment-items';
import { shardedLists } from '../../db/keys';
import { paymentView } from '../../use-cases/payments/deps';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => {
  const page = await shardedPage<PaymentItem>(db(), shardedLists.allPayments(), req.query);
  return { items: page.items.map(paymentView), cursor: page.cursor };
});
