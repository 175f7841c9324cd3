import { adminUsersRoutes } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { checkAdmin } from '../../domain/users/admin-users';
import { userDirectory } from '../../domain/users/user-directory';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminUsersRoutes.adminCheckAdmin, async (req) =>
  checkAdmin({ db: db(), directory: userDirectory() }, req.query.email),
);
