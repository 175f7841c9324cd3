import { adminCheckAdmin as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { checkAdmin } from '../../use-cases/users/admin-users';
import { adminGroupReader } from '../../clients/user-directory';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) =>
  checkAdmin({ db: db(), directory: adminGroupReader() }, req.query.email),
);
