import { clock } from '../../runtime/clock';
import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { saveGateway } from '../../use-cases/gateway/gateway-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCommerceRoutes.adminSaveGateway, async (req) => {
  const config = await saveGateway(db(), req.body, clock());
  return { config, message: 'API configuration saved successfully' };
});
