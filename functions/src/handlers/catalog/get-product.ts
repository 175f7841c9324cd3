import { clock } from '../../runtime/clock';
import { getProduct as route } from '@khelaghor/contract/routes/catalog';
import { db } from '../../db/client';
import { getPublicProduct } from '../../use-cases/catalog/catalog-view';
import { defineHandler } from '../../kit/handler';
import { cached } from '../../kit/short-cache';

export const handler = defineHandler(route, async (req) =>
  cached(`product:${req.params.id}`, () => getPublicProduct(db(), req.params.id, clock())),
);
