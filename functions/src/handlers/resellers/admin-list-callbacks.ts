import { adminListResellerCallbacks as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { listCallbacks } from '../../use-cases/resellers/resend-callback';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) =>
  listCallbacks(db(), req.params.userId, req.query),
);
