import { adminListResellerCallbacks as route } from '@khelaghor/contract/routes/reseller-callbacks';
import { db } from '../../db/client';
import { listCallbacks } from '../../use-cases/callbacks/resend-callback';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  listCallbacks(db(), req.params.userId, req.query),
);
