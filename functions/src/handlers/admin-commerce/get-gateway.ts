import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { gatewayConfigView } from '../../domain/gateway/gateway-config';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminGetGateway, async () => gatewayConfigView(db()));
