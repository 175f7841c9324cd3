import { adminSupplierHealth as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { suppliersHealth } from '../../use-cases/suppliers/health-view';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({
  suppliers: await suppliersHealth(db(), clock()),
}));
