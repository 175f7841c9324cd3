import type { RouteDef } from '@khelaghor/contract';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

export type RouteRow = RouteDef & { name: string };

export interface Api {
  httpApi: HttpApi;
  stage: HttpStage;
}

/** API Gateway HTTP API behind CloudFront; routes keep their /api prefix end to end. */
export function createHttpApi(scope: Construct): Api {
  const httpApi = new HttpApi(scope, 'HttpApi', {
    description: 'Khelaghor API (reached through CloudFront at /api/*)',
    // Same origin through CloudFront: no CORS configuration on purpose.
    createDefaultStage: false,
  });
  const accessLogs = new LogGroup(scope, 'HttpApiAccessLogs', {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const stage = new HttpStage(scope, 'HttpApiStage', {
    httpApi,
    stageName: '$default',
    autoDeploy: true,
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(
        JSON.stringify({
          requestId: '$context.requestId',
          ip: '$context.identity.sourceIp',
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
  return { httpApi, stage };
}

/**
 * The JWT authorizer: API Gateway rejects a missing, expired or foreign token with 401 before any
 * Lambda runs. Issuer = the pool, audience = the SPA client (it matches `aud` of id tokens and
 * `client_id` of access tokens). Admin checks (the group claim) stay in the handler kit.
 */
export function createAuthorizer(userPool: IUserPool, client: IUserPoolClient): HttpUserPoolAuthorizer {
  return new HttpUserPoolAuthorizer('CognitoJwt', userPool, {
    userPoolClients: [client],
    identitySource: ['$request.header.Authorization'],
  });
}

export function addRoute(
  api: HttpApi,
  row: RouteRow,
  fn: IFunction,
  authorizer: HttpUserPoolAuthorizer,
  id: string,
): void {
  api.addRoutes({
    path: row.path,
    methods: [HttpMethod[row.method]],
    integration: new HttpLambdaIntegration(`${id}Integration`, fn),
    ...(row.access === 'public' ? {} : { authorizer }),
  });
}
