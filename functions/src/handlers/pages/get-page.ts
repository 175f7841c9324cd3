import { getPage as route } from '@khelaghor/contract/routes/pages';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { cached } from '../../kit/short-cache';
import { getShopPage } from '../../use-cases/pages/shop-pages';

export const handler = defineHandler(route, async (req) => ({
  page: await cached(`page:${req.params.slug}`, () => getShopPage(db(), req.params.slug)),
}));
