import { adminListRefunds as route } from '@khelaghor/contract/routes/admin-refunds';
import { orderRefunds } from '../../use-cases/orders/refund-view';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) =>
  orderRefunds(tableDeps().db, req.params.id),
);
