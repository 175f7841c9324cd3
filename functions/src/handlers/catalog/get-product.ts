import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { getPublicProduct } from '../../domain/catalog/catalog-view';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.getProduct, async (req) => getPublicProduct(db(), req.params.id));
