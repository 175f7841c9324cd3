import { adminListSuppliers as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { db } from '../../db/client';
import { supplierViews } from '../../use-cases/suppliers/supplier-config';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => ({ suppliers: await supplierViews(db()) }));
