import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { testGateway } from '../../use-cases/gateway/gateway-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCommerceRoutes.adminTestGateway, async () => testGateway(db()));
