import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { testGateway } from '../../domain/gateway/gateway-config';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminTestGateway, async () => testGateway(db()));
