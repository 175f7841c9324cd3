import { isSignedRoute, type RouteDef } from '@khelaghor/contract';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { SaleLimits } from './settings';

export type RouteRow = RouteDef & { name: string };

export interface Api {
  httpApi: HttpApi;
  stage: HttpStage;
  /** One JSON line per request (the monitoring's 403 count reads its status). */
  accessLogs: LogGroup;
}

/**
 * Requests per second (steady, burst) of the routes open to abuse, in this account and region:
 * each calls an upstream or sends an SMS the shop pays for, and none is what a flash sale's
 * buyers call many times. The stage's default and the order route's own throttle are settings
 * sized for a sale (`SaleLimits` in settings.ts).
 */
export const ROUTE_THROTTLE = {
  'POST /api/players/lookup': { rate: 20, burst: 40 },
  'POST /api/wallet/topups': { rate: 20, burst: 40 },
  'POST /api/wallet/manual-topups': { rate: 10, burst: 20 },
  // A few receiving phones, each a few SMS a minute; each key also has its own limit (kit/device-access.ts).
  'POST /api/payments/sms': { rate: 5, burst: 20 },
  // Each call sends an SMS the shop pays for; each buyer, number and address also has its own
  // hourly limit (use-cases/users/phone-verification.ts).
  'POST /api/me/phone': { rate: 5, burst: 10 },
} as const;

/** The flash sale's route: its throttle is `-c orderRateLimit`. */
export const ORDER_ROUTE = 'POST /api/orders';

/** The API's throttles from the settings (`-c apiRateLimit`, `apiBurstLimit`, `orderRateLimit`). */
type ApiLimits = Pick<SaleLimits, 'apiRateLimit' | 'apiBurstLimit' | 'orderRateLimit'>;

/**
 * API Gateway HTTP API behind CloudFront; routes keep their /api prefix end to end. The stage
 * throttles per route so a storm on one route cannot take the whole account's concurrency (the
 * per-IP limits are the WAF's, at the edge).
 */
export function createHttpApi(scope: Construct, retention: RetentionDays, limits: ApiLimits): Api {
  const httpApi = new HttpApi(scope, 'HttpApi', {
    description: 'Khelaghor API (reached through CloudFront at /api/*)',
    // Same origin through CloudFront: no CORS configuration on purpose.
    createDefaultStage: false,
  });
  const accessLogs = new LogGroup(scope, 'HttpApiAccessLogs', {
    retention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const stage = new HttpStage(scope, 'HttpApiStage', {
    httpApi,
    stageName: '$default',
    autoDeploy: true,
    throttle: { rateLimit: limits.apiRateLimit, burstLimit: limits.apiBurstLimit },
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(
        JSON.stringify({
          requestId: '$context.requestId',
          ip: '$context.identity.sourceIp',
          viewer: '$request.header.cloudfront-viewer-address',
          time: '$context.requestTime',
          route: '$context.routeKey',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          integrationError: '$context.integrationErrorMessage',
          authorizerError: '$context.authorizer.error',
        }),
      ),
    },
  });
  const routes = {
    ...ROUTE_THROTTLE,
    [ORDER_ROUTE]: { rate: limits.orderRateLimit, burst: limits.orderRateLimit },
  };
  (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
    Object.entries(routes).map(([routeKey, t]) => [
      routeKey,
      { ThrottlingRateLimit: t.rate, ThrottlingBurstLimit: t.burst },
    ]),
  );
  return { httpApi, stage, accessLogs };
}

/**
 * The JWT authorizer: API Gateway rejects a missing, expired or foreign token with 401 before any
 * Lambda runs. Issuer = the pool, audience = the pool's clients (it matches `aud` of id tokens and
 * `client_id` of access tokens). Admin checks (the group claim, MFA) stay in the handler kit.
 */
export function createAuthorizer(userPool: IUserPool, clients: IUserPoolClient[]): HttpUserPoolAuthorizer {
  return new HttpUserPoolAuthorizer('CognitoJwt', userPool, {
    userPoolClients: clients,
    identitySource: ['$request.header.Authorization'],
  });
}

/**
 * The row's route, made in `scope` (its area's nested stack, beside its function): the route, its
 * integration and the Lambda permission are that stack's resources; the API and the authorizer
 * stay in the parent (HttpRoute binds the authorizer in the API's scope).
 */
export function addRoute(
  scope: Construct,
  api: HttpApi,
  row: RouteRow,
  fn: IFunction,
  authorizer: HttpUserPoolAuthorizer,
  id: string,
): HttpRoute {
  const route = new HttpRoute(scope, `${id}Route`, {
    httpApi: api,
    routeKey: HttpRouteKey.with(row.path, HttpMethod[row.method]),
    integration: new HttpLambdaIntegration(`${id}Integration`, fn),
    ...(row.access === 'public' || isSignedRoute(row) ? {} : { authorizer }),
  });
  if (row.access === 'public') {
    acknowledge(
      route,
      'APIG4',
      'A public route of the route table (catalogue, health, webhook, lookup): no sign-in by design; the WAF and the stage throttle limit it',
    );
  }
  if (row.access === 'reseller') {
    // The key's HMAC signature is the authorization: checked by the handler kit (kit/reseller-handler.ts).
    acknowledge(
      route,
      'APIG4',
      'A reseller API route: requests are signed with a reseller key (HMAC-SHA256, nonce, 5-minute window), checked by the handler kit: docs/reseller-api.md',
    );
  }
  if (row.access === 'device') {
    // The device key's HMAC signature is the authorization: checked by the handler kit (kit/device-handler.ts).
    acknowledge(
      route,
      'APIG4',
      "The SMS intake: requests are signed with a receiving phone's device key (HMAC-SHA256, nonce, 5-minute window), checked by the handler kit: docs/sms-forwarder.md",
    );
  }
  return route;
}
