import { adminGetNotifySettings as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { readNotifySettings } from '../../db/notify/notify-settings';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => ({
  settings: await readNotifySettings(db()),
}));
