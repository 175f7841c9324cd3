import type * as z from './zod';

/**
 * Who may call a route. `reseller`: no JWT; the request is signed with a reseller API key
 * (HMAC-SHA256, docs/reseller-api.md), checked by the kit (functions/src/kit/reseller-handler.ts).
 * `device`: no JWT; signed the same way with a receiving phone's SMS device key
 * (docs/sms-forwarder.md, functions/src/kit/device-handler.ts).
 */
type Access = 'public' | 'user' | 'admin' | 'reseller' | 'device';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the route table. `handler` is the module under functions/src/handlers/ (without
 * extension) that exports `handler`; CDK makes one Lambda of it and the local server imports it.
 */
export interface RouteDef {
  method: Method;
  /** API Gateway style: /api/products/{id} */
  path: `/api/${string}`;
  handler: string;
  access: Access;
  summary: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response?: z.ZodMiniType;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * A job of contract/src/jobs.ts this route starts at once (an asynchronous invoke of its Lambda).
   * Every other AWS permission is read from the handler's code (infra/src/code-grants.ts).
   */
  kicksJob?: string;
  /**
   * Public GET answers the same for everyone: CloudFront may serve them this many seconds old
   * (the kit sends `s-maxage`). A stock count a few seconds old is fine; the order re-checks it.
   */
  edgeCacheSeconds?: number;
  /**
   * The only partition keys (exact, or a prefix ending in `*`) a public route's code may touch.
   * On AWS its role carries them as a `dynamodb:LeadingKeys` condition; locally every call it makes
   * is checked against them (local/src/partition-guard.ts).
   */
  partitions?: readonly string[];
  /**
   * The route's code derives reseller key secrets (creates keys, signs callbacks): it is given
   * RESELLER_KEY_SECRET. Every `reseller` route has it anyway (it checks signatures).
   */
  resellerKeySecret?: true;
}

export type RouteTable = Record<string, RouteDef>;

type In<T> = T extends z.ZodMiniType ? z.input<T> : undefined;

export type RouteBodyInput<R extends RouteDef> = In<R['body']>;
export type RouteResponse<R extends RouteDef> = R['response'] extends z.ZodMiniType
  ? z.input<R['response']>
  : unknown;

/** Fill `{name}` placeholders of a route path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * A route whose Lambda is given the server secret reseller keys are derived from (SMS device keys
 * are derived from it too, under their own `sd_` ids).
 */
export function needsResellerKeySecret(route: Pick<RouteDef, 'access' | 'resellerKeySecret'>): boolean {
  return isSignedRoute(route) || route.resellerKeySecret === true;
}

/** A route signed with a key (HMAC) instead of a JWT: it has no authorizer; the kit checks it. */
export function isSignedRoute(route: Pick<RouteDef, 'access'>): boolean {
  return route.access === 'reseller' || route.access === 'device';
}

/** A route that answers cursor pages (its query has a `cursor` field): it needs the cursor key. */
export function isPagedRoute(route: Pick<RouteDef, 'query'>): boolean {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'cursor' in shape;
}
