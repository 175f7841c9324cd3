import { adminGetReseller as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { getProfile } from '../../db/users/profiles';
import { getReseller } from '../../db/resellers/reseller-item';
import { listResellerKeys } from '../../db/resellers/reseller-keys';
import { notFound } from '../../domain/refusals';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { keyView, resellerView } from '../../use-cases/resellers/reseller-account';

export const handler = defineAdminReadHandler(route, async (req) => {
  const [reseller, profile, keys] = await Promise.all([
    getReseller(db(), req.params.userId),
    getProfile(db(), req.params.userId),
    listResellerKeys(db(), req.params.userId),
  ]);
  if (!reseller) throw notFound('Reseller not found');
  return { reseller: resellerView(reseller, profile?.balance ?? 0), keys: keys.map(keyView) };
});
