import { clock } from '../../runtime/clock';
import { adminGrantAdminByEmail as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { findProfileByEmail, grantAdmin } from '../../use-cases/users/admin-users';
import { userDirectory } from '../../clients/user-directory';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const profile = await findProfileByEmail(db(), req.body.email);
  const user = await grantAdmin(
    { db: db(), directory: userDirectory(), now: clock },
    { profile, by: req.caller.userId },
  );
  req.log.info('admin role granted', { userId: user.id, by: req.caller.userId });
  return { user };
});
