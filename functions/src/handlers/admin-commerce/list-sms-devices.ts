import { adminListSmsDevices as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { listSmsDevices } from '../../db/payments/sms-devices';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { devicesWithChains } from '../../use-cases/payments/sms-devices';

export const handler = defineAdminReadHandler(route, async () => ({
  items: await devicesWithChains(db(), await listSmsDevices(db())),
}));
