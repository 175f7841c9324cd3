import { spoken } from '@khelaghor/contract/api-messages';
import { adminPutReseller as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { getProfile } from '../../db/users/profiles';
import { putReseller } from '../../db/resellers/reseller-item';
import { listResellerKeys } from '../../db/resellers/reseller-keys';
import { badRequest, notFound } from '../../domain/refusals';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { keyView, resellerView, unknownPriceListIds } from '../../use-cases/resellers/reseller-account';

export const handler = defineAdminHandler(route, async (req) => {
  const userId = req.params.userId;
  const profile = await getProfile(db(), userId);
  if (!profile) throw notFound('User not found');
  const unknown = await unknownPriceListIds(db(), req.body);
  if (Object.keys(unknown).length > 0) throw badRequest(spoken(Object.values(unknown)[0]!), unknown);
  const reseller = await putReseller(
    db(),
    { user_id: userId, email: profile.email, ...req.body },
    clock().toISOString(),
  );
  req.log.info('reseller saved', { userId, by: req.caller.userId, isActive: reseller.is_active });
  const keys = await listResellerKeys(db(), userId);
  return { reseller: resellerView(reseller, profile.balance), keys: keys.map(keyView) };
});
