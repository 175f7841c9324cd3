import { adminListCategories as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCategories } from '../../use-cases/catalog/categories';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => listCategories(db()));
