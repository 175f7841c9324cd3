import { adminGetPage as route } from '@khelaghor/contract/routes/pages';
import { db } from '../../db/client';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { getShopPage } from '../../use-cases/pages/shop-pages';

// Straight from the table (consistent, no short cache, no edge): the editor shows what was saved.
export const handler = defineAdminReadHandler(route, async (req) => ({
  page: await getShopPage(db(), req.params.slug, { consistent: true }),
}));
