import { adminGetNotifySettings as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { readNotifySettings } from '../../db/notify/notify-settings';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({ settings: await readNotifySettings(db()) }));
