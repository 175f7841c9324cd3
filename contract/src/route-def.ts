import type { z } from 'zod';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * What this route's Lambda may do on AWS; CDK grants exactly this. Unset: GET routes only read
   * the table, other methods read and write it; only admin-users routes and `GET /api/me` touch
   * Cognito (see infra/src/permissions.ts). Set it when a route breaks that rule.
   */
  permissions?: RoutePermissions;
}

export interface RoutePermissions {
  table?: 'read' | 'read-write';
  /** 'read': AdminGetUser; 'admin': also list users and change group membership. */
  cognito?: 'none' | 'read' | 'admin';
  /** A job of contract/src/jobs.ts this route starts at once (asynchronous invoke of its Lambda). */
  kicksJob?: string;
}

export type RouteTable = Record<string, RouteDef>;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
export type RouteBodyInput<R extends RouteDef> = In<R['body']>;
export type RouteResponse<R extends RouteDef> = R['response'] extends z.ZodType
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

/** A route that answers cursor pages (its query has a `cursor` field): it needs the cursor key. */
export function isPagedRoute(route: Pick<RouteDef, 'query'>): boolean {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'cursor' in shape;
}
