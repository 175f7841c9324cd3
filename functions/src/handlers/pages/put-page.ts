import { adminPutPage as route } from '@khelaghor/contract/routes/pages';
import { db } from '../../db/client';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { saveShopPage } from '../../use-cases/pages/shop-pages';

export const handler = defineAdminHandler(route, async (req) => ({
  page: await saveShopPage(db(), req.params.slug, req.body, clock()),
  message: 'Page saved',
}));
