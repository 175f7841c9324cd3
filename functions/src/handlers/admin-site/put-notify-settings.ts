import { adminPutNotifySettings as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { writeNotifySettings } from '../../db/notify/notify-settings';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';

export const handler = defineAdminHandler(route, async (req) => ({
  settings: await writeNotifySettings(db(), req.body, clock()),
  message: 'Notification settings saved',
}));
