import { clock } from '../../runtime/clock';
import { adminGrantAdmin as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { getProfile } from '../../db/users/profiles';
import { grantAdmin } from '../../use-cases/users/admin-users';
import { userDirectory } from '../../clients/user-directory';
import { defineAdminHandler } from '../../kit/admin-handler';
import { notFound } from '../../domain/refusals';

export const handler = defineAdminHandler(route, async (req) => {
  const profile = await getProfile(db(), req.params.id);
  if (!profile) throw notFound('User not found');
  const user = await grantAdmin(
    { db: db(), directory: userDirectory(), now: clock },
    { profile, by: req.caller.userId },
  );
  req.log.info('admin role granted', { userId: user.id, by: req.caller.userId });
  return { user };
});
