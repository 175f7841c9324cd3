import { adminListVariants as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listVariants } from '../../use-cases/catalog/variants';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => listVariants(db()));
