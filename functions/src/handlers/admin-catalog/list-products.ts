import { adminListProducts as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listProducts } from '../../use-cases/catalog/products';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => listProducts(db()));
