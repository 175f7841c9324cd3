import { adminGetGateway as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { gatewayConfigView } from '../../use-cases/payments/gateway-config';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => gatewayConfigView(db()));
