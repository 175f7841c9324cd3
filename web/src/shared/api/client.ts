import { buildPath, type RouteBodyInput, type RouteResponse } from '@khelaghor/contract/route-def';
import type { RouteName, Routes } from '@khelaghor/contract/routes/index';
// Method and path of every route, generated from the route table at build time (vite.config.ts).
import { routePaths } from 'virtual:route-paths';
import { apiBase, whenConfigured } from '../config/runtime-config';

/** An API error in the shape every route answers with: { error: { code, message, fields? } }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds from the Retry-After header (429, 409 in progress, 502/503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
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
  const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  if (error?.message) return new ApiError(res.status, error.code ?? 'error', error.message, error.fields, retryAfter);
  const fallback =
    res.status === 401
      ? 'Please login to continue'
      : res.status >= 500
        ? 'The server had a problem. Please try again.'
        : `Request failed (${res.status})`;
  return new ApiError(res.status, 'error', fallback, undefined, retryAfter);
}

/** Call one row of the route table. Typed by the route's zod schemas. */
export async function call<N extends RouteName>(
  name: N,
  opts: CallOptions<N> = {},
): Promise<RouteResponse<Routes[N]>> {
  const route = routePaths[name];
  await whenConfigured();
  const url = buildUrl(buildPath(route.path, opts.params), opts.query);

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
    throw new ApiError(0, 'network', 'Network error. Please check your connection and try again.');
  }
  const { res } = attempt;
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as RouteResponse<Routes[N]>;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return (await res.text()) as RouteResponse<Routes[N]>;
  return (await res.json()) as RouteResponse<Routes[N]>;
}

/** The message to show for any error (toast 'Error' with the server's message). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
