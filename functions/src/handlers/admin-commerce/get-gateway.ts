import { adminGetGateway as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { gatewayConfigView } from '../../use-cases/payments/gateway-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => gatewayConfigView(db()));
