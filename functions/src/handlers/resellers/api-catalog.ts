import { resellerApiCatalog as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { getReseller } from '../../db/resellers/reseller-item';
import { unauthorized } from '../../domain/refusals';
import { defineResellerHandler } from '../../kit/reseller-handler';
import { resellerCatalog } from '../../use-cases/resellers/reseller-account';

export const handler = defineResellerHandler(route, async (req) => {
  const reseller = await getReseller(db(), req.reseller.userId);
  if (!reseller?.is_active) throw unauthorized('Invalid signature');
  return resellerCatalog(db(), reseller);
});
