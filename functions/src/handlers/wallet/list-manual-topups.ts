import { listManualTopups as route } from '@khelaghor/contract/routes/wallet';
import { db } from '../../db/client';
import { indexPage } from '../../db/list-items';
import type { PaymentItem } from '../../db/payments/payment-items';
import { lists } from '../../db/keys';
import { paymentView } from '../../use-cases/payments/deps';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const page = await indexPage<PaymentItem>(db(), lists.userManualTopups(req.caller.userId), req.query);
  return { items: page.items.map(paymentView), cursor: page.cursor };
});
