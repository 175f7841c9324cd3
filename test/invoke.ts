import { routes, type RouteName, type RouteResponse, type Routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import type { Caller } from '../functions/src/kit/auth';
import { loadHandler } from '../functions/src/handlers/load';
import { asRoute, installPartitionGuard } from '../local/src/partition-guard';

installPartitionGuard();

export interface InvokeOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Who calls: claims are built as the JWT authorizer would pass them. */
  as?: Pick<Caller, 'userId' | 'email'> & { groups?: string[] };
  sourceIp?: string;
}

/** The body a route answers on success, as its contract response schema says. */
export type ResponseOf<N extends RouteName> = RouteResponse<Routes[N]>;

/** One element of a paged route's `items` (e.g. `ItemOf<'adminListUsers'>`). */
export type ItemOf<N extends RouteName> = ResponseOf<N> extends { items: ReadonlyArray<infer I> } ? I : never;

/**
 * The body `invoke` hands back when the caller names no type. Tests read the success body and the
 * error body (`ErrorBody` of @khelaghor/contract) of the same call without narrowing, across some
 * 270 calls; a typed reader names `ResponseOf<'route'>` / `ItemOf<'route'>` instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- integration tests read success and error bodies of one call freely (body.items, body.error.fields.x); narrowing each of ~270 calls would rewrite every test file
export type LooseBody = any;

export interface InvokeResult<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** Run one route's real handler module on an HTTP API v2 event (integration tests). */
export async function invoke<T = LooseBody>(
  name: RouteName,
  opts: InvokeOptions = {},
): Promise<InvokeResult<T>> {
  const result = await invokeRaw(name, opts);
  return { ...result, body: result.body ? JSON.parse(result.body) : undefined };
}

/** The same, with the body as the handler returned it (not every route answers JSON). */
export async function invokeRaw(name: RouteName, opts: InvokeOptions = {}): Promise<InvokeResult<string>> {
  const route = routes[name];
  const handler = await loadHandler(route.handler);
  const event = buildHttpEvent({
    method: route.method,
    routePath: route.path,
    pathParameters: opts.params,
    query: opts.query,
    headers: opts.headers,
    body: opts.body,
    sourceIp: opts.sourceIp,
    claims: opts.as && {
      sub: opts.as.userId,
      email: opts.as.email,
      ...(opts.as.groups?.length && { 'cognito:groups': opts.as.groups }),
    },
  });
  const result = await asRoute(route, () => handler(event, { awsRequestId: 'test' } as Context));
  return { status: result.statusCode ?? 200, body: result.body ?? '', headers: result.headers ?? {} };
}

export const customer = (n = 1) => ({ userId: `user-${n}`, email: `user${n}@example.com` });
export const admin = { userId: 'admin-1', email: 'admin@example.com', groups: ['admin'] };
