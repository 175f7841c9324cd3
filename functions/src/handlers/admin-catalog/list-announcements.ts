import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listAnnouncements } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListAnnouncements, async () => listAnnouncements(db()));
