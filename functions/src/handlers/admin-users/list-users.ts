import { adminListUsers as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { listUsers } from '../../use-cases/users/admin-users';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) =>
  listUsers(db(), { limit: req.query.limit, cursor: req.query.cursor, email: req.query.email || undefined }),
);
