import { adminCreateSmsDevice as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { resellerKeyRoots } from '../../runtime/secrets';
import { createDevice, devicesWithChains } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminHandler(route, async (req) => {
  const { device, secret } = await createDevice(
    db(),
    req.body,
    req.caller.userId,
    // New keys are derived from the current root.
    (await resellerKeyRoots()).current,
    clock().toISOString(),
  );
  req.log.info('sms device key created', { deviceId: device.device_id, by: req.caller.userId });
  const [view] = await devicesWithChains(db(), [device]);
  return { device: view!, secret };
});
