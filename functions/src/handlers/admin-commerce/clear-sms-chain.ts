import { adminClearSmsChain as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { getSmsDevice } from '../../db/payments/sms-devices';
import { clearBalanceChain } from '../../db/payments/sms-items';
import { notFound } from '../../domain/refusals';
import { defineAdminHandler } from '../../kit/admin-handler';
import { devicesWithChains } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminHandler(route, async (req) => {
  const device = await getSmsDevice(db(), req.params.id);
  if (!device) throw notFound('SMS phone not found');
  await clearBalanceChain(db(), device.provider, device.receiving_number);
  req.log.info('sms balance chain cleared', {
    provider: device.provider,
    receivingNumber: device.receiving_number,
    by: req.caller.userId,
  });
  const [view] = await devicesWithChains(db(), [device]);
  return { device: view! };
});
