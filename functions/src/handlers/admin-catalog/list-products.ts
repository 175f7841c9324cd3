import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listProducts } from '../../domain/catalog/products';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListProducts, async () => listProducts(db()));
