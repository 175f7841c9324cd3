import { adminListVariants as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listVariants } from '../../use-cases/catalog/variants';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => listVariants(db()));
