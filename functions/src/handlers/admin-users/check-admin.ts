import { adminCheckAdmin as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { checkAdmin } from '../../use-cases/users/admin-users';
import { adminGroupReader } from '../../clients/user-directory';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  checkAdmin({ db: db(), directory: adminGroupReader() }, req.query.email),
);
