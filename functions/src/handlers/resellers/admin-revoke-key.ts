import { adminRevokeResellerKey as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { revokeResellerKey } from '../../db/resellers/reseller-keys';
import { notFound } from '../../domain/refusals';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { keyView } from '../../use-cases/resellers/reseller-account';

export const handler = defineAdminHandler(route, async (req) => {
  const key = await revokeResellerKey(db(), req.params.userId, req.params.keyId, clock().toISOString());
  if (!key) throw notFound('Key not found');
  req.log.info('reseller key revoked by an admin', { keyId: key.key_id, by: req.caller.userId });
  return { key: keyView(key) };
});
