import { buildPath, type RouteBodyInput, type RouteResponse } from '@khelaghor/contract/route-def';
import type { RouteName, Routes } from '@khelaghor/contract/routes/index';
// Method and path of the customers' routes, generated from the route table at build time
// (vite.config.ts); the admin's come on the first admin call (routeOf).
import { routePaths } from 'virtual:route-paths';
import { apiBase, whenConfigured } from '../config/runtime-config';
import { takeEarlyAnswer } from './early-answers';

export type ApiParams = Record<string, string | number>;

/** Why the API refused (contract/src/api-messages.ts): the key the SPA translates, with its values. */
export interface ApiReasons {
  reason?: string;
  params?: ApiParams;
  fieldReasons?: Record<string, { reason: string; params?: ApiParams }>;
}

/**
 * An API error in the shape every route answers with: { error: { code, message, reason, params?,
 * fields?, field_reasons? } }. `message` is English; show `errorMessage(error)` (the chosen language).
 */
export class ApiError extends Error {
  readonly reason?: string;
  readonly params?: ApiParams;
  readonly fieldReasons?: ApiReasons['fieldReasons'];

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds from the Retry-After header (429, 409 in progress, 502/503). */
    readonly retryAfter?: number,
    reasons: ApiReasons = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.reason = reasons.reason;
    this.params = reasons.params;
    this.fieldReasons = reasons.fieldReasons;
  }
}

/**
 * The API's messages in Bangla load with the first error (a chunk of their own, kept out of the
 * home page's JavaScript); until then, or if it cannot load (offline), errors read in English.
 */
let translate: ((error: unknown) => string) | undefined;
async function loadMessages(): Promise<void> {
  if (translate) return;
  try {
    translate = (await import('./messages')).apiErrorMessage;
  } catch {
    // Offline or a stale deploy: the English message is still right.
  }
}

export interface CallOptions<N extends RouteName> {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: RouteBodyInput<Routes[N]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type TokenSource = (forceRefresh?: boolean) => Promise<string | undefined>;
let tokenSource: TokenSource = async () => undefined;

/** The auth module installs where bearer tokens come from (keeps this file free of amplify). */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

function buildUrl(path: string, query?: CallOptions<RouteName>['query']): string {
  // Route paths start with /api; the runtime config may put the API elsewhere (apiBase).
  const url = apiBase() + path.replace(/^\/api/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = (
    body as {
      error?: {
        code?: string;
        message?: string;
        fields?: Record<string, string>;
        reason?: string;
        params?: ApiParams;
        field_reasons?: ApiReasons['fieldReasons'];
      };
    }
  )?.error;
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  await loadMessages();
  if (error?.message) {
    return new ApiError(res.status, error.code ?? 'error', error.message, error.fields, retryAfter, {
      reason: error.reason,
      params: error.params,
      fieldReasons: error.field_reasons,
    });
  }
  const [fallback, reasons]: [string, ApiReasons] =
    res.status === 401
      ? ['Please login to continue', { reason: 'login_required' }]
      : res.status >= 500
        ? ['The server had a problem. Please try again.', { reason: 'server_problem' }]
        : [`Request failed (${res.status})`, { reason: 'request_failed', params: { status: res.status } }];
  return new ApiError(res.status, 'error', fallback, undefined, retryAfter, reasons);
}

const paths = { ...routePaths };
// The signed-in customer's routes, then the admin's: each loaded once, on the first call needing it.
const moreRoutes = [
  async () => (await import('virtual:route-paths/user')).userRoutePaths,
  async () => (await import('virtual:route-paths/admin')).adminRoutePaths,
];

/** A route's method and path; only the public ones are in the entry (web/vite.config.ts). */
async function routeOf(name: RouteName) {
  for (const load of moreRoutes) {
    if (paths[name]) break;
    Object.assign(paths, await load());
  }
  const route = paths[name];
  if (!route) throw new Error(`no route ${name} in the SPA's route paths`);
  return route;
}

/** Call one row of the route table. Typed by the route's zod schemas. */
export async function call<N extends RouteName>(
  name: N,
  opts: CallOptions<N> = {},
): Promise<RouteResponse<Routes[N]>> {
  const route = await routeOf(name);
  await whenConfigured();
  const url = buildUrl(buildPath(route.path, opts.params), opts.query);
  if (route.method === 'GET') {
    // Fetched by preload-route.js before the app ran; a failed one is asked again below.
    const early = await takeEarlyAnswer(url);
    if (early !== undefined) return early as RouteResponse<Routes[N]>;
  }

  const send = async (forceRefresh: boolean) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = await tokenSource(forceRefresh);
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(url, {
      method: route.method,
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
    return { res, hadToken: Boolean(token) };
  };

  let attempt;
  try {
    attempt = await send(false);
    // An expired token the clock did not catch: refresh once and retry.
    if (attempt.res.status === 401 && attempt.hadToken) attempt = await send(true);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    await loadMessages();
    throw new ApiError(
      0,
      'network',
      'Network error. Please check your connection and try again.',
      undefined,
      undefined,
      {
        reason: 'network_error',
      },
    );
  }
  const { res } = attempt;
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as RouteResponse<Routes[N]>;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return (await res.text()) as RouteResponse<Routes[N]>;
  return (await res.json()) as RouteResponse<Routes[N]>;
}

/**
 * The message to show for any error (toast 'Error' with the server's message), in the chosen
 * language: the Bangla of its reason once the messages are loaded (shared/api/messages.ts).
 */
export function errorMessage(error: unknown): string {
  if (translate) return translate(error);
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
