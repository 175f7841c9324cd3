import { adminRevokeSmsDevice as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { revokeSmsDevice } from '../../db/payments/sms-devices';
import { notFound } from '../../domain/refusals';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { devicesWithChains } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminHandler(route, async (req) => {
  const device = await revokeSmsDevice(db(), req.params.id, clock().toISOString());
  if (!device) throw notFound('SMS phone not found');
  req.log.info('sms device key revoked', { deviceId: device.device_id, by: req.caller.userId });
  const [view] = await devicesWithChains(db(), [device]);
  return { device: view! };
});
