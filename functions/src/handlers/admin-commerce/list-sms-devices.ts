import { adminListSmsDevices as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { listSmsDevices } from '../../db/payments/sms-devices';
import { defineAdminHandler } from '../../kit/admin-handler';
import { devicesWithChains } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminHandler(route, async () => ({
  items: await devicesWithChains(db(), await listSmsDevices(db())),
}));
