import * as z from 'zod';
import type { RouteTable } from '../route-def';
import { MeResponse } from '../schemas/account';

export const systemRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    handler: 'system/health',
    access: 'public',
    summary: 'Liveness and table reachability',
    response: z.object({ ok: z.boolean(), time: z.string() }),
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'system/openapi',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document, generated from the route table',
  },
  getMe: {
    method: 'GET',
    path: '/api/me',
    handler: 'account/get-me',
    access: 'user',
    summary: 'The signed-in user: profile, wallet balance and admin flag (profile created on first call)',
    response: MeResponse,
  },
} satisfies RouteTable;
