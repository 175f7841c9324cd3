import { clock } from '../../runtime/clock';
import { adminRemoveAdmin as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { getProfile } from '../../db/users/profiles';
import { removeAdmin } from '../../use-cases/users/admin-users';
import { userDirectory } from '../../clients/user-directory';
import { notFound } from '../../domain/refusals';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const profile = await getProfile(db(), req.params.id);
  if (!profile) throw notFound('User not found');
  const user = await removeAdmin(
    { db: db(), directory: userDirectory(), now: clock },
    { callerId: req.caller.userId, profile },
  );
  req.log.info('admin role removed', { userId: user.id, by: req.caller.userId });
  return { user };
});
