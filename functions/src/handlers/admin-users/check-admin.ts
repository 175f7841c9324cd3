import { adminUsersRoutes } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { checkAdmin } from '../../use-cases/users/admin-users';
import { adminGroupReader } from '../../clients/user-directory';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminUsersRoutes.adminCheckAdmin, async (req) =>
  checkAdmin({ db: db(), directory: adminGroupReader() }, req.query.email),
);
