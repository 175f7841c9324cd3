import { routes, type RouteName } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import type { Caller } from '../functions/src/kit/auth';
import { loadHandler } from '../functions/src/handlers/load';

export interface InvokeOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Who calls: claims are built as the JWT authorizer would pass them. */
  as?: Pick<Caller, 'userId' | 'email'> & { groups?: string[] };
  sourceIp?: string;
}

export interface InvokeResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** Run one route's real handler module on an HTTP API v2 event (integration tests). */
export async function invoke<T = any>(name: RouteName, opts: InvokeOptions = {}): Promise<InvokeResult<T>> {
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
  const result = await handler(event, { awsRequestId: 'test' } as Context);
  return { status: result.statusCode ?? 200, body: result.body ?? '', headers: result.headers ?? {} };
}

export const customer = (n = 1) => ({ userId: `user-${n}`, email: `user${n}@example.com` });
export const admin = { userId: 'admin-1', email: 'admin@example.com', groups: ['admin'] };
