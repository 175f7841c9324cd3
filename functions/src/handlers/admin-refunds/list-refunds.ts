import { adminListRefunds as route } from '@khelaghor/contract/routes/admin-refunds';
import { orderRefunds } from '../../use-cases/orders/refund-view';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => orderRefunds(tableDeps().db, req.params.id));
