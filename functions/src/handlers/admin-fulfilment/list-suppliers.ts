import { adminListSuppliers as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { db } from '../../db/client';
import { supplierViews } from '../../use-cases/suppliers/supplier-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({ suppliers: await supplierViews(db()) }));
