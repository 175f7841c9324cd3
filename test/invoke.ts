import { routes, type RouteName, type RouteResponse, type Routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { generateKeyPairSync, randomBytes, randomInt, randomUUID, sign } from 'node:crypto';
import type { Caller } from '../functions/src/kit/auth';
import { loadHandler } from '../functions/src/handlers/load';
import { createEdge, type Edge } from '../local/src/edge';
import { authorizeRoute, createAuthorizer, UNAUTHORIZED_BODY } from '../local/src/jwt-authorizer';
import { asRoute, installPartitionGuard } from '../local/src/partition-guard';

installPartitionGuard();

/*
 * Every call goes the way a request goes on AWS: through the edge (local/src/edge.ts: CloudFront's
 * header allow-list, its x-origin-verify and viewer-address headers; no cache, so a test reads its
 * own writes) and the JWT authorizer (local/src/jwt-authorizer.ts, the local server's check), so a
 * header CloudFront drops or a claim a token lacks never reaches a handler here either.
 */

// The origin-verify value of this run (the integration project sets one in vitest.config.ts),
// unless the file set its own (the local stack's, for one).
process.env.ORIGIN_VERIFY_SECRET ??= randomBytes(24).toString('base64url');

// This run's user pool stand-in: an RSA key the tokens of `as` are signed with.
const ISSUER = 'http://127.0.0.1:9229/local_tests';
const CLIENT_ID = 'integration-tests';
const KEY_ID = randomUUID();
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const authorizer = createAuthorizer({
  issuer: ISSUER,
  clientId: CLIENT_ID,
  jwks: {
    keys: [{ ...publicKey.export({ format: 'jwk' }), kty: 'RSA', kid: KEY_ID, alg: 'RS256', use: 'sig' }],
  },
});

const tokens = new Map<string, { token: string; issued: number }>();

/** An id token of this run's pool for a test caller, as Cognito issues one (an hour long, reused for 10 minutes). */
function idToken(as: NonNullable<InvokeOptions['as']>): string {
  const key = JSON.stringify([as.userId, as.email, as.groups ?? []]);
  const now = Math.floor(Date.now() / 1000);
  const known = tokens.get(key);
  if (known && Math.abs(now - known.issued) < 600) return known.token;
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })}.${part({
    sub: as.userId,
    email: as.email,
    ...(as.groups?.length && { 'cognito:groups': as.groups }),
    iss: ISSUER,
    aud: CLIENT_ID,
    token_use: 'id',
    auth_time: now,
    iat: now,
    exp: now + 3600,
  })}`;
  const token = `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
  tokens.set(key, { token, issued: now });
  return token;
}

let edge: { secret: string | undefined; edge: Edge } | undefined;
/** The edge for the origin-verify value the handlers are given now (a file may change it). */
function currentEdge(): Edge {
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  if (!edge || edge.secret !== secret)
    edge = { secret, edge: createEdge({ originVerifySecret: secret, cache: false }) };
  return edge.edge;
}

export interface InvokeOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The headers the client sends (the edge forwards only its allow-list). */
  headers?: Record<string, string>;
  /** Who calls: a token of this run's pool is sent and verified like the JWT authorizer does. */
  as?: Pick<Caller, 'userId' | 'email'> & { groups?: string[] };
  /** The client's IP: CloudFront names it in CloudFront-Viewer-Address. */
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
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, n: string) =>
    encodeURIComponent(opts.params?.[n] ?? ''),
  );
  const headers = currentEdge().originHeaders({
    method: route.method,
    path: rawPath,
    query: new URLSearchParams(opts.query ?? {}).toString(),
    headers: { ...opts.headers, ...(opts.as && { Authorization: `Bearer ${idToken(opts.as)}` }) },
    viewerAddress: `${opts.sourceIp ?? '127.0.0.1'}:${randomInt(1024, 65536)}`,
  });
  const authorized = await authorizeRoute(authorizer, route, headers.authorization);
  if (authorized === 'unauthorized') return { status: 401, body: UNAUTHORIZED_BODY, headers: {} };
  const handler = await loadHandler(route.handler);
  const event = buildHttpEvent({
    method: route.method,
    routePath: route.path,
    rawPath,
    pathParameters: opts.params,
    query: opts.query,
    headers,
    body: opts.body,
    // What API Gateway sees behind CloudFront: an edge server's address, never the buyer's.
    sourceIp: '130.176.0.10',
    claims: authorized.claims,
  });
  const result = await asRoute(route, () => handler(event, { awsRequestId: 'test' } as Context));
  return { status: result.statusCode ?? 200, body: result.body ?? '', headers: result.headers ?? {} };
}

export const customer = (n = 1) => ({ userId: `user-${n}`, email: `user${n}@example.com` });
export const admin = { userId: 'admin-1', email: 'admin@example.com', groups: ['admin'] };
