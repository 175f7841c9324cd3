import * as z from '../zod';
import type { RouteDef, RouteTable } from '../route-def';

export const health = {
  method: 'GET',
  path: '/api/health',
  handler: 'system/health',
  access: 'public',
  summary: 'Liveness and table reachability',
  response: z.object({ ok: z.boolean(), time: z.string() }),
  partitions: ['SITE'],
} satisfies RouteDef;

const openapi = {
  method: 'GET',
  path: '/api/openapi.json',
  handler: 'system/openapi',
  access: 'public',
  summary: 'This API as an OpenAPI 3.1 document, generated from the route table',
  partitions: [],
} satisfies RouteDef;

/** Health and the OpenAPI document. */
export const systemRoutes = {
  health,
  openapi,
} satisfies RouteTable;
