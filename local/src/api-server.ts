import type { RuntimeConfig } from '@khelaghor/contract/runtime-config';
import { routeList, type RouteDef } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { securityHeaders } from '@khelaghor/contract/security-headers';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { loadHandler, type LoadedHandler } from '../../functions/src/handlers/load';
import { resetDb } from '../../functions/src/db/client';
import { asRoute, installPartitionGuard } from './partition-guard';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { resetConfig } from '../../functions/src/runtime/config';
import { authorizeRoute, createAuthorizer, UNAUTHORIZED_BODY } from './jwt-authorizer';
import { createEdge, type OriginAnswer } from './edge';
import { EDGE_COMPRESS_MIN_BYTES } from '@khelaghor/contract/edge';
import { acceptedEncoding, compress, serveStatic } from './static-files';

/** Lambda's synchronous payload limit; bigger bodies get 413 before any handler runs. */
const BODY_LIMIT_BYTES = 6 * 1024 * 1024;

export interface ApiServerOptions {
  port: number;
  host?: string;
  /** Handler environment (TABLE_NAME, DYNAMODB_ENDPOINT, ...), set before the first handler import. */
  env: Record<string, string>;
  cognito: { url: string; userPoolId: string; clientId: string };
  /** The built SPA (web/dist); ignored in dev mode. */
  webDist: string;
  /** Vite dev server in middleware mode (hot reload) instead of web/dist. */
  dev?: { webRoot: string };
  /** One line per API request (method, path, status, ms). */
  log?: (line: string) => void;
  /**
   * Keep the public reads at the edge as CloudFront does (default true). Off where a caller must
   * see every change at once (the bench's uncached server).
   */
  edgeCache?: boolean;
}

export interface ApiServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

interface CompiledRoute {
  route: RouteDef & { name: string };
  pattern: RegExp;
  names: string[];
}

function compileRoutes(list = routeList): CompiledRoute[] {
  return list.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m?.[1]) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]);
        return '([^/]+)';
      })
      .join('');
    return { route, pattern: new RegExp(`^${source}/?$`), names };
  });
}

/**
 * The local stand-in for CloudFront + API Gateway HTTP API: /api/* requests pass the emulated edge
 * (local/src/edge.ts) and become payload 2.0 events for the very same handler modules (after JWT
 * verification like the authorizer),
 * /config.json is the runtime config, everything else is the SPA.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  Object.assign(process.env, opts.env);
  resetConfig();
  resetDb();
  installPartitionGuard();
  const compiled = compileRoutes();
  const handlers = new Map<string, Promise<LoadedHandler>>();
  const issuer = `${opts.cognito.url}/${opts.cognito.userPoolId}`;
  const authorizer = createAuthorizer({ issuer, clientId: opts.cognito.clientId });
  const runtimeConfig = JSON.stringify({
    apiBase: '/api',
    region: opts.cognito.userPoolId.split('_')[0] || 'local',
    userPoolId: opts.cognito.userPoolId,
    userPoolClientId: opts.cognito.clientId,
    userPoolEndpoint: opts.cognito.url,
    authFlow: 'USER_PASSWORD_AUTH',
  } satisfies RuntimeConfig);
  let vite: ViteDevServer | undefined;

  const edge = createEdge({ originVerifySecret: opts.env.ORIGIN_VERIFY_SECRET, cache: opts.edgeCache });

  /** API Gateway and the handler: what CloudFront's origin answers for the headers it forwards. */
  const origin = async (
    req: IncomingMessage,
    method: string,
    url: URL,
    headers: Record<string, string>,
  ): Promise<OriginAnswer> => {
    const answer = (status: number, body: string, extra: Record<string, string> = {}): OriginAnswer => ({
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra },
      body: Buffer.from(body),
    });
    let match: { entry: CompiledRoute; params: Record<string, string> } | undefined;
    for (const entry of compiled) {
      if (entry.route.method !== method) continue;
      const m = entry.pattern.exec(url.pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      entry.names.forEach((name, i) => (params[name] = safeDecode(m[i + 1] ?? '')));
      match = { entry, params };
      break;
    }
    if (!match) {
      const pathExists = compiled.some((c) => c.pattern.test(url.pathname));
      return answer(
        pathExists ? 405 : 404,
        JSON.stringify({ error: { code: 'not_found', message: 'Not found', reason: 'not_found' } }),
      );
    }
    const { route } = match.entry;

    let body: string | undefined;
    try {
      body = await readBody(req, BODY_LIMIT_BYTES);
    } catch {
      return answer(
        413,
        JSON.stringify({
          error: { code: 'bad_request', message: 'Request body is too large', reason: 'body_too_large' },
        }),
        { connection: 'close' },
      );
    }

    // Like the JWT authorizer: protected routes never reach the handler without a valid token.
    const authorized = await authorizeRoute(authorizer, route, headers.authorization);
    if (authorized === 'unauthorized') return answer(401, UNAUTHORIZED_BODY);

    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;

    const event = buildHttpEvent({
      method,
      routePath: route.path,
      rawPath: url.pathname,
      pathParameters: match.entry.names.length ? match.params : undefined,
      query,
      headers,
      body: body === '' ? undefined : body,
      claims: authorized.claims,
      // API Gateway sees CloudFront's address; here the edge runs on this machine.
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    });
    event.rawQueryString = url.search.replace(/^\?/, '');

    try {
      let loaded = handlers.get(route.handler);
      if (!loaded) {
        loaded = loadHandler(route.handler);
        handlers.set(route.handler, loaded);
        loaded.catch(() => handlers.delete(route.handler));
      }
      const handler = await loaded;
      const result = await asRoute(route, () => handler(event, lambdaContext(route.name)));
      const out: Record<string, string | string[]> = { 'content-type': 'application/json; charset=utf-8' };
      for (const [k, v] of Object.entries(result.headers ?? {})) out[k.toLowerCase()] = String(v);
      if (result.cookies?.length) out['set-cookie'] = result.cookies;
      return {
        status: result.statusCode ?? 200,
        headers: out,
        body:
          result.body === undefined
            ? Buffer.alloc(0)
            : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
      };
    } catch (error) {
      const missing =
        (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' &&
        String(error).includes(`${route.handler}.ts`);
      if (missing) {
        // A route row whose handler module is not written yet (work in progress): say so briefly.
        console.error(`[api] ${route.name}: functions/src/handlers/${route.handler}.ts does not exist yet`);
        return answer(
          501,
          JSON.stringify({
            error: { code: 'internal', message: 'Not implemented yet', reason: 'not_implemented' },
          }),
        );
      }
      console.error(`[api] ${route.name} failed:`, error);
      return answer(
        500,
        JSON.stringify({
          error: { code: 'internal', message: 'Something went wrong. Please try again.', reason: 'internal' },
        }),
      );
    }
  };

  /** Every /api request: the edge (allow-list, origin secret, viewer address, cache), then the origin. */
  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const viewerIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const result = await edge.handle(
      {
        method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        headers: req.headers,
        viewerAddress: `${viewerIp}:${req.socket.remotePort ?? 0}`,
      },
      (headers) => origin(req, method, url, headers),
    );
    // CloudFront compresses the API's answers of 1,000 bytes or more (infra/src/site.ts), so the
    // browser here downloads what it would on AWS.
    const encoding = result.body.length >= EDGE_COMPRESS_MIN_BYTES ? acceptedEncoding(req) : undefined;
    res.writeHead(result.status, {
      ...result.headers,
      ...(encoding && { 'content-encoding': encoding, vary: 'accept-encoding' }),
    });
    res.end(encoding ? compress(result.body, encoding, 'answers') : result.body);
    opts.log?.(`${method} ${url.pathname} ${result.status} ${Date.now() - started}ms`);
  };

  // The headers CloudFront sends on AWS, so the browser tests run under the production policy
  // (not with Vite's dev server: its hot reload injects inline scripts).
  const headers = opts.dev
    ? {}
    : securityHeaders({ cognitoOrigin: new URL(opts.cognito.url).origin, https: false });
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleApi(req, res, url).catch((error) => {
        console.error('[api] request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            error: {
              code: 'internal',
              message: 'Something went wrong. Please try again.',
              reason: 'internal',
            },
          }),
        );
      });
      return;
    }
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(runtimeConfig);
      return;
    }
    if (vite) {
      vite.middlewares(req, res, () => res.writeHead(404).end('Not found'));
      return;
    }
    serveStatic(opts.webDist, req, res, url.pathname);
  });

  if (opts.dev) {
    const { createServer: createVite } = await import('vite');
    vite = await createVite({
      root: resolve(opts.dev.webRoot),
      appType: 'spa',
      server: { middlewareMode: true, ws: { server } },
      logLevel: 'warn',
    });
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    // No host: listen on every interface, IPv4 and IPv6 (localhost may resolve to ::1).
    if (opts.host) server.listen(opts.port, opts.host, () => resolveListen());
    else server.listen(opts.port, () => resolveListen());
  });
  return {
    url: `http://localhost:${opts.port}`,
    server,
    stop: async () => {
      await vite?.close();
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new Error('body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => !failed && resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function lambdaContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `khelaghor-${name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:khelaghor-${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/khelaghor-${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
