import { adminListUsers as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { listUsers } from '../../use-cases/users/admin-users';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  listUsers(db(), { limit: req.query.limit, cursor: req.query.cursor, email: req.query.email || undefined }),
);
