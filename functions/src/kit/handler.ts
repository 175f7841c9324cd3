import { spoken, type Spoken } from '@khelaghor/contract/api-messages';
import middy, { type MiddlewareObj } from '@middy/core';
import type { RouteDef, RouteResponse } from '@khelaghor/contract';
import { ERROR_STATUS } from '@khelaghor/contract/errors';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from '@khelaghor/contract/zod';
import { callerFromEvent, type Caller } from './auth';
import { config } from '../runtime/config';
import { badRequest, forbidden, Refusal, unauthorized } from '../domain/refusals';
import { createLogger, type Logger } from '../runtime/logger';
import type { AnswerMetric } from '../runtime/metrics';
import { edgeCheck, viewerIp } from './edge';
import { isConflict } from '../db/conflict-retry';

export type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
export type Result = APIGatewayProxyStructuredResultV2;

type Parsed<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

interface Request<R extends RouteDef> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /** Present on user and admin routes (checked before the handler runs). */
  caller: R['access'] extends 'public' | 'reseller' | 'device' ? Caller | undefined : Caller;
  /** Present on reseller routes: the owner of the key that signed the request (checked before the handler runs). */
  reseller: R['access'] extends 'reseller' ? ResellerCaller : undefined;
  /** Present on device routes: the receiving phone whose key signed the request (checked before the handler runs). */
  device: R['access'] extends 'device' ? DeviceCaller : undefined;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  sourceIp: string;
  requestId: string;
  log: Logger;
  event: Event;
}

/** Answer with another status or extra headers than the route's default. */
export class Reply<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The admin check (kit/admin-handler.ts): passed in, so only admin bundles hold its reads and calls. */
export type AdminCheck = (caller: Caller | undefined) => Promise<void>;

/** Who signed a reseller API request: the key and the reseller account it belongs to. */
export interface ResellerCaller {
  userId: string;
  email: string;
  keyId: string;
}

/** The signature check of reseller routes (kit/reseller-handler.ts): passed in like the admin check. */
export type ResellerCheck = (
  route: RouteDef,
  event: Event,
  headers: Record<string, string | undefined>,
  sourceIp: string,
) => Promise<ResellerCaller>;

/** Which receiving phone signed an SMS intake request: its key and the receiving account it forwards for. */
export interface DeviceCaller {
  deviceId: string;
  provider: 'bkash' | 'nagad' | 'rocket';
  receivingNumber: string;
}

/** The signature check of device routes (kit/device-handler.ts): passed in like the reseller check. */
export type DeviceCheck = (
  route: RouteDef,
  event: Event,
  headers: Record<string, string | undefined>,
  sourceIp: string,
) => Promise<DeviceCaller>;

type Impl<R extends RouteDef> = (req: Request<R>) => Promise<RouteResponse<R> | Reply>;

interface State {
  request?: Request<RouteDef>;
  log: Logger;
}

/**
 * The one middleware stack of every handler: request id and logger, authorization by the route's
 * access level (admin: the token's group and the table's role record), JSON body parsing, zod
 * validation of params/query/body (400 with per-field messages), and error mapping to
 * { error: { code, message, fields? } } with no internals leaked.
 */
export function defineHandler<R extends RouteDef>(
  route: R,
  impl: Impl<R>,
  adminCheck?: AdminCheck,
  resellerCheck?: ResellerCheck,
  deviceCheck?: DeviceCheck,
) {
  config(); // fail the cold start, not the first request, on a bad environment
  // Fail the cold start too: an admin route must never run without its check.
  if (route.access === 'admin' && !adminCheck)
    throw new Error(`${route.path}: an admin route needs defineAdminHandler`);
  if (route.access === 'reseller' && !resellerCheck)
    throw new Error(`${route.path}: a reseller route needs defineResellerHandler`);
  if (route.access === 'device' && !deviceCheck)
    throw new Error(`${route.path}: a device route needs defineDeviceHandler`);
  const state = new WeakMap<Event, State>();
  const area = route.handler.split('/')[0]!;
  // Handled errors never count as Lambda errors: the alarms read these metrics instead.
  const countLater = (name: AnswerMetric) =>
    void import('../runtime/metrics').then((m) => m.countAnswer(name, area)).catch(() => undefined);
  const edgeCache: Record<string, string> = route.edgeCacheSeconds
    ? { 'cache-control': `public, max-age=0, s-maxage=${route.edgeCacheSeconds}` }
    : {};

  const prepare: MiddlewareObj<Event, Result> = {
    before: async (request) => {
      const event = request.event;
      const requestId = event.requestContext?.requestId ?? request.context?.awsRequestId ?? 'local';
      const log = createLogger({ requestId, route: `${route.method} ${route.path}` });
      state.set(event, { log });
      const headers = lowerCaseHeaders(event.headers);
      const edge = await edgeCheck(headers);
      if (!edge.passed) throw forbidden();
      // Signed routes have no JWT authorizer: a token's claims there are not the caller.
      const signed = route.access === 'reseller' || route.access === 'device';
      const caller = signed ? undefined : callerFromEvent(event);
      if ((route.access === 'user' || route.access === 'admin') && !caller) throw unauthorized();
      if (route.access === 'admin') await adminCheck!(caller);
      const sourceIp =
        viewerIp(headers, edge.behindEdge) ?? event.requestContext?.http?.sourceIp ?? 'unknown';
      const reseller =
        route.access === 'reseller' ? await resellerCheck!(route, event, headers, sourceIp) : undefined;
      const device =
        route.access === 'device' ? await deviceCheck!(route, event, headers, sourceIp) : undefined;
      state.set(event, {
        log,
        request: {
          params: validate(route.params, event.pathParameters ?? {}),
          query: validate(route.query, event.queryStringParameters ?? {}),
          body: validate(route.body, route.body ? parseJsonBody(event) : undefined),
          caller: caller as Caller,
          reseller: reseller as never,
          device: device as never,
          headers,
          sourceIp,
          requestId,
          log,
          event,
        },
      });
    },
  };

  const mapErrors: MiddlewareObj<Event, Result> = {
    onError: (request) => {
      // A write that still met another transaction after the client's retries: nothing was
      // written, so the caller may simply send it again.
      const error = isConflict(request.error)
        ? new Refusal('conflict', 'The shop is busy right now. Please try again in a moment.', undefined, 1)
        : request.error;
      const log = state.get(request.event)?.log ?? createLogger();
      if (error instanceof Refusal) {
        const status = ERROR_STATUS[error.code];
        if (status >= 500) log.error(error.message, { code: error.code });
        if (status >= 500 || status === 429) countLater(status === 429 ? 'TooManyRequests' : 'ServerErrors');
        request.response = json(
          status,
          {
            error: {
              code: error.code,
              message: error.message,
              reason: error.reason,
              ...(error.params && { params: error.params }),
              ...(error.fields && { fields: error.fields, ...fieldReasons(error.fields) }),
            },
          },
          error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) },
        );
        return;
      }
      log.error('unhandled error', { error: String(error), stack: (error as Error)?.stack });
      countLater('ServerErrors');
      request.response = json(500, {
        error: { code: 'internal', message: 'Something went wrong. Please try again.', reason: 'internal' },
      });
    },
  };

  const base = async (event: Event, _context: Context): Promise<Result> => {
    const s = state.get(event);
    if (!s?.request) throw new Error('request was not prepared');
    const result = await impl(s.request as Request<R>);
    if (result instanceof Reply) return json(result.status, result.body, { ...edgeCache, ...result.headers });
    if (route.response && process.env.NODE_ENV !== 'production') {
      const check = route.response.safeParse(result);
      if (!check.success) {
        s.log.error('response does not match the contract', { issues: check.error.issues.slice(0, 5) });
        throw new Error('response does not match the contract');
      }
    }
    return json(route.status ?? 200, result, edgeCache);
  };

  return middy<Event, Result>(base).use(prepare).use(mapErrors);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Result {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function lowerCaseHeaders(headers: Event['headers'] | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function parseJsonBody(event: Event): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}

function validate(schema: z.ZodMiniType | undefined, value: unknown): never {
  if (!schema) return undefined as never;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as never;
  throw badRequest(spoken(parsed.error.issues[0]?.message ?? 'Invalid request'), fieldMessages(parsed.error));
}

/**
 * The reasons of the field messages that are the catalogue's (a zod message of a request body,
 * 'Must be at most 120 characters'), so the SPA can show them in Bangla; the others stay English.
 */
function fieldReasons(fields: Record<string, string>): { field_reasons?: Record<string, Spoken> } {
  const out: Record<string, Spoken> = {};
  for (const [field, text] of Object.entries(fields)) {
    const s = spoken(text);
    if (s.reason !== 'other') out[field] = s;
  }
  return Object.keys(out).length > 0 ? { field_reasons: out } : {};
}

/** First message per field path, e.g. { player_uid: 'Please enter a valid game Player UID (8-12 digits)' }. */
function fieldMessages(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
