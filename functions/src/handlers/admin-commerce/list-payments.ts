import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { indexPage, type PaymentItem } from '../../db/commerce-repo';
import { lists } from '../../db/keys';
import { paymentView } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCommerceRoutes.adminListPayments, async (req) => {
  const page = await indexPage<PaymentItem>(db(), lists.allPayments(), req.query);
  return { items: page.items.map(paymentView), cursor: page.cursor };
});
