import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { gatewayConfigView } from '../../use-cases/gateway/gateway-config';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminGetGateway, async () =>
  gatewayConfigView(db()),
);
