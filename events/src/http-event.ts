import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

export interface HttpEventInput {
  method: string;
  /** The route's path template, e.g. /api/products/{id}. */
  routePath: string;
  /** The concrete path; built from routePath and pathParameters when omitted. */
  rawPath?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Verified JWT claims, as the HTTP API JWT authorizer hands them over. */
  claims?: Record<string, string | number | boolean | string[]>;
  sourceIp?: string;
}

/** An API Gateway HTTP API (payload 2.0) event, the shape every handler receives. */
export function buildHttpEvent(input: HttpEventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const rawPath =
    input.rawPath ??
    input.routePath.replace(/\{(\w+)\}/g, (_, n: string) =>
      encodeURIComponent(input.pathParameters?.[n] ?? ''),
    );
  const query = input.query ?? {};
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  if (input.body !== undefined) headers['content-type'] ??= 'application/json';
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${input.method} ${input.routePath}`,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    ...(Object.keys(query).length > 0 && { queryStringParameters: query }),
    ...(input.pathParameters && { pathParameters: input.pathParameters }),
    body:
      input.body === undefined
        ? undefined
        : typeof input.body === 'string'
          ? input.body
          : JSON.stringify(input.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: `${input.method} ${input.routePath}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      http: {
        method: input.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? 'local',
      },
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: (input.claims ?? {}) as Record<string, string>, scopes: [] },
      },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
