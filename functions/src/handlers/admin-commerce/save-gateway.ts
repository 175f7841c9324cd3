import { clock } from '../../runtime/clock';
import { adminSaveGateway as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { saveGateway } from '../../use-cases/payments/gateway-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const config = await saveGateway(db(), req.body, clock());
  return { config, message: 'API configuration saved successfully' };
});
