import { resellerCreateKey as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';
import { resellerKeyRoots } from '../../runtime/secrets';
import { keyView, requireActiveReseller } from '../../use-cases/resellers/reseller-account';
import { createKey } from '../../use-cases/resellers/reseller-keys';

export const handler = defineHandler(route, async (req) => {
  await requireActiveReseller(db(), req.caller.userId);
  const { key, secret } = await createKey(
    db(),
    req.caller.userId,
    req.body,
    // New keys are derived from the current root.
    (await resellerKeyRoots()).current,
    clock().toISOString(),
  );
  req.log.info('reseller key created', { keyId: key.key_id });
  return { key: keyView(key), secret };
});
