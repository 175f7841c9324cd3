import { adminSaveSupplier as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { saveSupplier } from '../../use-cases/suppliers/supplier-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const supplier = await saveSupplier(db(), req.params.supplier, req.body, clock());
  return { supplier, message: 'Supplier settings saved' };
});
