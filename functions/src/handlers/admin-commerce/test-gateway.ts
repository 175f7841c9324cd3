import { adminTestGateway as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { testGateway } from '../../use-cases/payments/gateway-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => testGateway(db()));
