import { resellerRevokeKey as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { revokeResellerKey } from '../../db/resellers/reseller-keys';
import { notFound } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';
import { keyView, requireActiveReseller } from '../../use-cases/resellers/reseller-account';

export const handler = defineHandler(route, async (req) => {
  await requireActiveReseller(db(), req.caller.userId);
  const key = await revokeResellerKey(db(), req.caller.userId, req.params.keyId, clock().toISOString());
  if (!key) throw notFound('Key not found');
  return { key: keyView(key) };
});
