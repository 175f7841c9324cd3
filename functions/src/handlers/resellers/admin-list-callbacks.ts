import { adminListResellerCallbacks as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { listCallbacks } from '../../use-cases/resellers/resend-callback';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  listCallbacks(db(), req.params.userId, req.query),
);
