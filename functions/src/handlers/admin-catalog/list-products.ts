import { adminListProducts as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listProducts } from '../../use-cases/catalog/products';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => listProducts(db()));
