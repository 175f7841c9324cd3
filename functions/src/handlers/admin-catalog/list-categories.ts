import { adminListCategories as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCategories } from '../../use-cases/catalog/categories';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => listCategories(db()));
