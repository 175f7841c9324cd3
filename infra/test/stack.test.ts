import { isPagedRoute, jobs, needsResellerKeySecret, routeList, streamConsumers } from '@khelaghor/contract';
import { Match } from 'aws-cdk-lib/assertions';
import { type CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ROUTE, ROUTE_THROTTLE } from '../src/api';
import { customMessageEntry } from '../src/auth';
import { BUNDLE_FILE, BUNDLE_HANDLER } from '../src/lambda-bundles';
import { LAMBDA_RUNTIME } from '../src/lambda-bundling';
import { constructId, ROUTES_PER_STACK, routeGroups, stackAreaOf } from '../src/route-stacks';
import { defaultHandlersDir, handlerEntry, missingHandlers, repoRoot } from '../src/paths';
import { API_REQUEST_HEADERS } from '../src/site';
import { DEFAULT_SALE_LIMITS } from '../src/settings';
import { asList, settingsFor, statements, synth } from './synth';

/**
 * The dev stage built from THE route table, job list and table definition, as `npm run synth`
 * builds it (cdk-nag included; the one esbuild build of every function; the SPA treated as not
 * built, like a fresh clone).
 */
const handlersDir = defaultHandlersDir(repoRoot);
const missing = missingHandlers(handlersDir, [
  ...routeList.map((r) => r.handler),
  ...Object.values(jobs).map((j) => j.handler),
]);
const rows = routeList.filter((r) => !missing.includes(r.handler));
/** What a handler's code calls, read from the bundle the synth deploys (code-grants.ts). */
const byCode = { get: (handler: string) => s.shop.bundles.grantsOf(handlerEntry(handlersDir, handler)) };

let s: ReturnType<typeof synth>;
beforeAll(() => {
  s = synth(undefined, {
    webDistDir: join(repoRoot, 'infra', 'test', 'no-such-dist'),
    emailFrom: 'no-reply@shop.example.com',
  });
}, 600_000);

const fnByDescription = (prefix: string) =>
  s
    .ofType('AWS::Lambda::Function')
    .filter(([, r]) => String(r.Properties.Description ?? '').startsWith(prefix));
const fnOf = (row: { method: string; path: string }) => fnByDescription(`${row.method} ${row.path} (`)[0]![1];

/** Every action each role may take, by role logical id. */
function actionsByRole(effect: 'Allow' | 'Deny' = 'Allow'): Map<string, Set<string>> {
  const roles = new Map<string, Set<string>>();
  for (const [id, r] of s.ofType('AWS::IAM::Policy')) {
    for (const role of r.Properties.Roles) {
      const set = roles.get(role.Ref) ?? new Set<string>();
      for (const st of statements({ [id]: r }))
        if ((st.Effect ?? 'Allow') === effect) for (const a of asList(st.Action)) set.add(String(a));
      roles.set(role.Ref, set);
    }
  }
  return roles;
}
/** The resources of the Secrets Manager statements of a function's role. */
function secretResources(fn: { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }): unknown[] {
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  const out: unknown[] = [];
  for (const [id, r] of s.ofType('AWS::IAM::Policy')) {
    if (!r.Properties.Roles.some((ref) => ref.Ref === role)) continue;
    for (const st of statements({ [id]: r })) {
      if (asList(st.Action).some((a) => String(a).startsWith('secretsmanager:')))
        out.push(...asList(st.Resource));
    }
  }
  return out;
}
const awsActions = (set: Set<string>) => [...set].filter((a) => !a.startsWith('logs:')).sort();

describe('the app stack from the route table', () => {
  it('every route-table row and job has its handler module', () => {
    expect(missing).toEqual([]);
  });

  it('makes one Lambda per route, Node.js 24 on arm64, admin MFA required, reachable only through CloudFront', () => {
    for (const row of rows) {
      const fns = fnByDescription(`${row.method} ${row.path} (`);
      expect(fns, `${row.method} ${row.path}`).toHaveLength(1);
      const props = fns[0]![1].Properties;
      expect(props.Runtime).toBe('nodejs24.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.Environment!.Variables).toMatchObject({
        TABLE_NAME: expect.anything(),
        USER_POOL_ID: expect.anything(),
        NODE_ENV: 'production',
        ADMIN_MFA: 'required',
      });
      // The origin-verify secret by ARN (read at run time), never its value.
      expect(JSON.stringify(props.Environment!.Variables.ORIGIN_VERIFY_SECRET_ARN), row.path).toContain(
        'OriginVerifySecret',
      );
    }
  });

  it("keeps every stack, the App and each nested one, far from CloudFormation's limits", () => {
    const counts = Object.fromEntries(
      s.appStacks.map(({ path, template }) => [path, Object.keys(template.Resources).length]),
    );
    expect(Object.keys(counts).length, 'the App stack and its route stacks').toBeGreaterThan(1);
    for (const { path, template } of s.appStacks) {
      // 500 resources, 200 outputs and 200 parameters per stack: room for many more routes.
      expect(counts[path], path).toBeLessThan(450);
      expect(Object.keys(template.Outputs ?? {}).length, path).toBeLessThan(150);
      expect(Object.keys(template.Parameters ?? {}).length, path).toBeLessThan(150);
    }
  });

  it("puts every row of the contract, its function and its route, in its area's nested stack", () => {
    for (const row of routeList) {
      const key = `${row.method} ${row.path}`;
      const holders = s.appStacks.filter(({ template }) =>
        Object.values(template.Resources).some(
          (r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === key,
        ),
      );
      expect(
        holders.map((h) => h.path.split('/').pop()),
        key,
      ).toEqual([expect.stringMatching(new RegExp(`^Routes${constructId(stackAreaOf(row.handler))}\\d*$`))]);
      const fns = Object.values(holders[0]!.template.Resources).filter(
        (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith(`${key} (`),
      );
      expect(fns, key).toHaveLength(1);
    }
  });

  it('routes every row through the HTTP API; the JWT authorizer guards exactly the non-public rows', () => {
    const apiRoutes = s.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(apiRoutes).toHaveLength(rows.length);
    const [authorizerId, authorizer] = s.ofType('AWS::ApiGatewayV2::Authorizer')[0]!;
    expect(authorizer.Properties.JwtConfiguration.Audience).toHaveLength(2);
    for (const row of rows) {
      const route = apiRoutes.find((r) => r.RouteKey === `${row.method} ${row.path}`)!;
      expect(route, row.path).toBeDefined();
      // Reseller and device rows are signed with a key, checked by the handler kit.
      const open = row.access === 'public' || row.access === 'reseller' || row.access === 'device';
      expect(route.AuthorizationType, row.path).toBe(open ? 'NONE' : 'JWT');
      if (!open) expect(route.AuthorizerId, row.path).toEqual({ Ref: authorizerId });
    }
  });

  it('throttles the stage and the order route as the sale settings say, and the routes open to abuse lower', () => {
    const stage = s.ofType('AWS::ApiGatewayV2::Stage')[0]![1].Properties;
    // The dev stage's settings: DEFAULT_SALE_LIMITS (options.test.ts sets its own).
    const { limits } = settingsFor('dev');
    expect(limits).toEqual(DEFAULT_SALE_LIMITS);
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: limits.apiRateLimit,
      ThrottlingBurstLimit: limits.apiBurstLimit,
    });
    expect(stage.RouteSettings[ORDER_ROUTE]).toEqual({
      ThrottlingRateLimit: limits.orderRateLimit,
      ThrottlingBurstLimit: limits.orderRateLimit,
    });
    for (const [key, t] of Object.entries(ROUTE_THROTTLE)) {
      expect(
        rows.some((r) => `${r.method} ${r.path}` === key),
        key,
      ).toBe(true);
      expect(stage.RouteSettings[key], key).toEqual({
        ThrottlingRateLimit: t.rate,
        ThrottlingBurstLimit: t.burst,
      });
      expect(t.rate, key).toBeLessThan(limits.orderRateLimit);
    }
    expect(rows.some((r) => `${r.method} ${r.path}` === ORDER_ROUTE)).toBe(true);
  });

  it('gives every function exactly the AWS actions its bundled code calls, and nothing shop-wide', () => {
    const roles = actionsByRole();
    const handlers = [...rows.map((r) => [r.handler, fnOf(r)] as const)];
    for (const [name, job] of Object.entries(jobs)) {
      const fn = fnByDescription(`Scheduled every ${job.everyMinutes} min: ${job.summary}`)[0];
      expect(fn, name).toBeDefined();
      handlers.push([job.handler, fn![1]]);
    }
    for (const [handler, fn] of handlers) {
      const granted = awsActions(roles.get(fn.Properties.Role['Fn::GetAtt'][0])!);
      const code = byCode.get(handler)!;
      const secrets = code.secrets.length > 0 ? ['secretsmanager:GetSecretValue'] : [];
      const writes = code.secretWrites.length > 0 ? ['secretsmanager:PutSecretValue'] : [];
      const expected = [
        ...code.table,
        ...code.userPool,
        ...new Set([...code.gatewaySecret, ...secrets, ...writes]),
      ];
      if (rows.find((r) => r.handler === handler)?.kicksJob) expected.push('lambda:InvokeFunction');
      expect(granted, handler).toEqual(expected.sort());
    }
    // The notifier: its code's calls, reading the stream, its dead-letter queue, SES and the SMS
    // provider's credentials, no more.
    const notifierRole = fnByDescription('Table stream:')[0]![1].Properties.Role['Fn::GetAtt'][0];
    const code = byCode.get(streamConsumers.notifier.handler)!;
    expect(code.secrets).toEqual(['SMS_SECRET']);
    expect(awsActions(roles.get(notifierRole)!)).toEqual(
      [
        ...code.table,
        'secretsmanager:GetSecretValue',
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'ses:SendEmail',
        'ses:SendRawEmail',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
    // The callbacks consumer: its code's calls, reading the stream and its dead-letter queue.
    const callbacksFn = fnByDescription('Stream consumer (reseller callbacks):')[0]![1];
    const callbacksRole = callbacksFn.Properties.Role['Fn::GetAtt'][0];
    expect(awsActions(roles.get(callbacksRole)!)).toEqual(
      [
        ...byCode.get(streamConsumers.resellerCallbacks.handler)!.table,
        // The reseller key root, read at run time.
        'secretsmanager:GetSecretValue',
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
    // The SMS matcher: its code's calls (no secret: it decides from the table), the stream, its dead letters.
    const matcherFn = fnByDescription('Stream consumer (SMS payments):')[0]![1];
    const matcherRole = matcherFn.Properties.Role['Fn::GetAtt'][0];
    expect(awsActions(roles.get(matcherRole)!)).toEqual(
      [
        ...byCode.get(streamConsumers.smsMatcher.handler)!.table,
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
    for (const [id, actions] of roles) {
      if (id === notifierRole || id === callbacksRole || id === matcherRole) continue;
      expect(
        [...actions].filter((a) => a === 'dynamodb:Scan' || /dynamodb:.*Stream|ses:/.test(a)),
        id,
      ).toEqual([]);
    }
  });

  it("lets every admin route read the role record and the caller's MFA setting (the kit checks both)", () => {
    const roles = actionsByRole();
    for (const row of rows.filter((r) => r.access === 'admin')) {
      const granted = roles.get(fnOf(row).Properties.Role['Fn::GetAtt'][0])!;
      expect(granted.has('dynamodb:GetItem'), row.handler).toBe(true);
      expect(granted.has('cognito-idp:AdminGetUser'), row.handler).toBe(true);
    }
    const webhook = roles.get(
      fnOf(rows.find((r) => r.handler === 'payments/webhook')!).Properties.Role['Fn::GetAtt'][0],
    )!;
    for (const action of [
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'secretsmanager:GetSecretValue',
    ])
      expect(webhook.has(action), action).toBe(true);
  });

  it('keeps public and read-only functions away from writes, Cognito changes and the gateway key', () => {
    const roles = actionsByRole();
    const writes =
      /dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)|cognito-idp:Admin(Add|Remove)|PutSecretValue/;
    // GETs that write: the profile made on first sight; supplier health, which asks each supplier
    // for its balance and counts that call like every supplier call (the failure streak, the alert).
    const writingGets = new Set(['account/get-me', 'admin-fulfilment/supplier-health']);
    for (const row of rows) {
      const granted = [...roles.get(fnOf(row).Properties.Role['Fn::GetAtt'][0])!];
      // Signed reseller GETs write their nonce and the key's rate counter.
      if (row.method === 'GET' && !writingGets.has(row.handler) && row.access !== 'reseller')
        expect(
          granted.filter((a) => writes.test(a)),
          row.handler,
        ).toEqual([]);
      // Only API Setup's saves write a secret: the gateway key, a supplier's credentials.
      if (granted.includes('secretsmanager:PutSecretValue'))
        expect(['admin-commerce/save-gateway', 'admin-fulfilment/save-supplier']).toContain(row.handler);
      // Public routes read the origin-verify secret (the kit's edge check), never the gateway key.
      if (row.access === 'public' && row.handler !== 'payments/webhook')
        expect(JSON.stringify(secretResources(fnOf(row))), row.handler).not.toContain('GatewayApiKeySecret');
      if (row.access !== 'admin' && row.handler !== 'account/get-me')
        expect(
          granted.filter((a) => a.startsWith('cognito-idp:')),
          row.handler,
        ).toEqual([]);
    }
  });

  it('denies every role that writes the table changing or deleting an audit entry', () => {
    const denied = actionsByRole('Deny');
    for (const row of rows) {
      const role = fnOf(row).Properties.Role['Fn::GetAtt'][0];
      const changes = [...actionsByRole().get(role)!].filter((a) =>
        /UpdateItem|DeleteItem|BatchWriteItem/.test(a),
      );
      // A role held to its partitions (LeadingKeys) cannot reach an audit partition at all.
      if (changes.length === 0 || row.partitions) continue;
      expect([...(denied.get(role) ?? [])].sort(), row.handler).toEqual([
        'dynamodb:BatchWriteItem',
        'dynamodb:DeleteItem',
        'dynamodb:UpdateItem',
      ]);
    }
    const deny = statements(s.resources).find((st) => st.Effect === 'Deny');
    expect(deny?.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } });
  });

  it('limits the public reads to their partitions with dynamodb:LeadingKeys', () => {
    const limited = rows.filter((r) => r.partitions && r.partitions.length > 0);
    expect(limited.map((r) => r.handler).sort()).toEqual(
      [
        'catalog/get-catalog',
        'catalog/get-product',
        'catalog/get-site',
        'pages/get-page',
        'players/lookup-player',
        'players/sitemap',
        'system/health',
      ].sort(),
    );
    for (const row of limited) {
      const role = fnOf(row).Properties.Role['Fn::GetAtt'][0];
      const tableStatements = statements(s.resources).filter(
        (st) =>
          s.resources[st.owner]!.Type === 'AWS::IAM::Policy' &&
          (s.resources[st.owner]!.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === role) &&
          asList(st.Action).some((a) => String(a).startsWith('dynamodb:')),
      );
      expect(tableStatements, row.handler).toHaveLength(1);
      expect(tableStatements[0]!.Condition, row.handler).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': row.partitions },
      });
    }
  });

  it('names its resources, never "*", and queries only the listed indexes', () => {
    for (const st of statements(s.resources)) {
      for (const action of asList(st.Action)) expect(String(action), st.owner).not.toMatch(/(^\*$|:\*$)/);
      expect(asList(st.Resource), st.owner).not.toContain('*');
      expect(JSON.stringify(st.Resource), st.owner).not.toContain('/index/*');
    }
  });

  it('gives the cursor key (its ARN) to exactly the routes that page a list, the reseller key root to the reseller routes and callback senders', () => {
    for (const row of rows) {
      const vars = fnOf(row).Properties.Environment!.Variables;
      if (isPagedRoute(row))
        expect(JSON.stringify(vars.CURSOR_SECRET_ARN), row.path).toContain('CursorSecret');
      else expect(vars.CURSOR_SECRET_ARN, row.path).toBeUndefined();
      if (needsResellerKeySecret(row))
        expect(JSON.stringify(vars.RESELLER_KEY_SECRET_ARN), row.path).toContain('ResellerKeySecret');
      else expect(vars.RESELLER_KEY_SECRET_ARN, row.path).toBeUndefined();
    }
    const senders = [
      fnByDescription('Stream consumer (reseller callbacks):')[0]![1],
      fnByDescription(
        `Scheduled every ${jobs.retryCallbacks.everyMinutes} min: ${jobs.retryCallbacks.summary}`,
      )[0]![1],
    ];
    for (const fn of senders)
      expect(JSON.stringify(fn.Properties.Environment!.Variables.RESELLER_KEY_SECRET_ARN)).toContain(
        'ResellerKeySecret',
      );
  });

  it('gives the SMS credentials (their ARN) to the phone-code route and the notifier, no other', () => {
    const readers = rows
      .filter((r) => fnOf(r).Properties.Environment!.Variables.SMS_SECRET_ARN)
      .map((r) => r.handler);
    expect(readers).toEqual(['account/start-phone-verification']);
    const notifier = fnByDescription('Table stream:')[0]![1];
    expect(JSON.stringify(notifier.Properties.Environment!.Variables.SMS_SECRET_ARN)).toContain(
      'SmsProvider',
    );
  });

  it("gives the suppliers' secrets to the functions that call suppliers; only API Setup's save writes them", () => {
    const holders = rows
      .filter((r) => fnOf(r).Properties.Environment!.Variables.UNIPIN_SECRET_ARN)
      .map((r) => r.handler);
    expect(holders).toEqual(
      expect.arrayContaining([
        'admin-fulfilment/save-supplier',
        'admin-fulfilment/supplier-health',
        'players/lookup-player',
      ]),
    );
    expect(holders).not.toContain('catalog/get-product');
    expect(holders).not.toContain('admin-fulfilment/list-suppliers');
    const writers = rows.filter((r) => byCode.get(r.handler)!.secretWrites.length > 0).map((r) => r.handler);
    expect(writers).toEqual(['admin-fulfilment/save-supplier']);
    // The save writes the suppliers' secrets, never reads them, and never touches the gateway key.
    const save = byCode.get('admin-fulfilment/save-supplier');
    expect(save.gatewaySecret).toEqual([]);
    expect(save.secrets).not.toContain('UNIPIN_SECRET');
  });

  it("puts no secret value in any function's environment: only ARNs, each readable by that function alone", () => {
    const values =
      /^(ORIGIN_VERIFY_SECRET|CURSOR_SECRET|RESELLER_KEY_SECRET|SMS_SECRET|UNIPIN_SECRET|MOOGOLD_SECRET|GATEWAY_API_KEY)$/;
    const fns = s.ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment);
    expect(fns.length).toBeGreaterThan(rows.length);
    for (const [id, fn] of fns) {
      const vars = fn.Properties.Environment!.Variables;
      expect(JSON.stringify(vars), id).not.toMatch(/resolve:secretsmanager|SecretString/);
      expect(
        Object.keys(vars).filter((k) => values.test(k)),
        id,
      ).toEqual([]);
      const granted = JSON.stringify(secretResources(fn));
      for (const [name, arn] of Object.entries(vars)) {
        if (name.endsWith('_SECRET_ARN')) expect(granted, `${id} ${name}`).toContain(JSON.stringify(arn));
      }
      // And no grant without its ARN in the environment: the function reads what it is given.
      const given = Object.entries(vars)
        .filter(([n]) => n.endsWith('_SECRET_ARN'))
        .map(([, arn]) => JSON.stringify(arn));
      for (const resource of secretResources(fn)) expect(given, id).toContain(JSON.stringify(resource));
    }
  });

  it('serves the SPA through OAC, the API with the origin secret, the public reads cached and everything compressed', () => {
    const dist = s.ofType('AWS::CloudFront::Distribution')[0]![1].Properties
      .DistributionConfig as unknown as {
      Origins: Array<{
        Id: string;
        CustomOriginConfig?: unknown;
        OriginCustomHeaders?: Array<{ HeaderName: string }>;
      }>;
      CacheBehaviors: Array<{
        PathPattern: string;
        TargetOriginId: string;
        Compress: boolean;
        AllowedMethods: string[];
      }>;
      DefaultCacheBehavior: { Compress: boolean };
    };
    const api = dist.Origins.find((o) => o.CustomOriginConfig)!;
    expect(api.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: expect.anything() },
    ]);
    const patterns = dist.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns).toEqual([
      '/assets/*',
      '/api/catalog',
      '/api/products/*',
      '/api/site',
      '/api/sitemap.xml',
      '/api/pages/*',
      '/api/*',
    ]);
    for (const b of dist.CacheBehaviors) expect(b.Compress, b.PathPattern).toBe(true);
    expect(dist.CacheBehaviors.find((b) => b.PathPattern === '/api/catalog')!.AllowedMethods).toEqual([
      'GET',
      'HEAD',
    ]);
    s.template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: API_REQUEST_HEADERS },
      }),
    });
    s.template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingBrotli: true,
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        }),
      }),
    });
    expect(s.stack.node.findAll().some((c) => c.node.id === 'ApiUrl')).toBe(false);
  });

  it('alarms on handled payment errors, the sweeper, latency, throttles and conflicts, with a dashboard', () => {
    const alarms = s.ofType('AWS::CloudWatch::Alarm').map(([id]) => id.replace(/[0-9A-F]{8}$/, ''));
    for (const name of [
      'HandledErrorsPayments',
      'HandledErrorsOrders',
      'SweeperErrors',
      'SweeperBacklog',
      'SupplierOutcomeUnknown',
      'ApiLatencyP99',
      'Api5xx',
      'TooManyRequests1',
      'DynamoDbThrottles',
      'TransactionConflicts',
      'LambdaThrottles',
    ]) {
      expect(alarms, name).toContain(name);
    }
    s.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    s.template.hasResourceProperties('AWS::SNS::Topic', Match.anyValue());
  });

  it("pages when a receiving phone is silent while a TrxID request waits (the sweeper's check)", () => {
    const [, alarm] = s.ofType('AWS::CloudWatch::Alarm').find(([id]) => id.startsWith('SilentSmsPhone'))!;
    expect(alarm.Properties).toMatchObject({ MetricName: 'SilentSmsPhones', Threshold: 1 });
    expect(String(alarm.Properties.AlarmDescription)).toContain('15 minutes');
    const sweeper = fnByDescription(
      `Scheduled every ${jobs.sweeper.everyMinutes} min: ${jobs.sweeper.summary}`,
    )[0]![1];
    expect(sweeper.Properties.Environment!.Variables.SMS_SILENT_MINUTES).toBe('15');
  });

  it('runs the jobs every minute; no reserved concurrency on dev', () => {
    expect(s.ofType('AWS::Scheduler::Schedule')).toHaveLength(Object.keys(jobs).length);
    for (const [, fn] of s.ofType('AWS::Lambda::Function'))
      expect((fn.Properties as Record<string, unknown>).ReservedConcurrentExecutions).toBeUndefined();
  });

  it('keeps payment and order logs 400 days, others 30', () => {
    const retention = (handler: string) => {
      const row = rows.find((r) => r.handler === handler)!;
      const group = fnOf(row).Properties.LoggingConfig!.LogGroup.Ref;
      return s.resources[group]!.Properties.RetentionInDays;
    };
    expect(retention('payments/webhook')).toBe(400);
    expect(retention('orders/place-order')).toBe(400);
    expect(retention('catalog/get-catalog')).toBe(30);
  });

  it('synthesizes without web/dist: deploys config.json only and warns', () => {
    expect(s.ofType('Custom::CDKBucketDeployment')).toHaveLength(1);
    const warnings = s.stack.node.metadata
      .filter((m) => m.type === 'aws:cdk:warning')
      .map((m) => String(m.data));
    expect(warnings.some((w) => w.includes('only config.json is deployed'))).toBe(true);
  });
});

describe('the notifier', () => {
  it('reads the table stream, filtered to the kinds it acts on, with partial-batch retries and a dead-letter queue that pages', () => {
    const notifiers = fnByDescription('Table stream:');
    expect(notifiers).toHaveLength(1);
    const [id, fn] = notifiers[0]!;
    expect(fn.Properties.Environment?.Variables.MAIL_FROM).toBe('Khelaghor <no-reply@shop.example.com>');
    // One mapping per stream consumer (the notifier, the SMS matcher, the reseller callbacks), each its own.
    const mappings = s.ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(3);
    const mine = mappings.filter(
      ([, r]) => JSON.stringify(r.Properties.FunctionName) === JSON.stringify({ Ref: id }),
    );
    expect(mine).toHaveLength(1);
    const m = mine[0]![1].Properties as Record<string, unknown>;
    expect(m.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(m.StartingPosition).toBe('TRIM_HORIZON');
    const filters = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(filters.map((f) => f.dynamodb.Keys.pk.S[0].prefix)).toEqual([
      ...streamConsumers.notifier.keyPrefixes,
    ]);
    expect(JSON.stringify(m.DestinationConfig)).toContain('NotifierDeadLetters');
    const alarm = s
      .ofType('AWS::CloudWatch::Alarm')
      .find(([alarmId]) => alarmId.startsWith('NotifierDeadLettersAlarm'));
    expect(alarm).toBeDefined();
    const ses = statements(Object.fromEntries(s.ofType('AWS::IAM::Policy'))).filter((st) =>
      asList(st.Action).includes('ses:SendEmail'),
    );
    expect(ses).toHaveLength(1);
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@shop.example.com' } });
  });

  it('feeds the SMS matcher only new SMS and new payments (INSERT records of SMS# and PAYMENT#)', () => {
    const [id] = fnByDescription('Stream consumer (SMS payments):')[0]!;
    const mapping = s
      .ofType('AWS::Lambda::EventSourceMapping')
      .find(([, r]) => JSON.stringify(r.Properties.FunctionName) === JSON.stringify({ Ref: id }))!;
    const m = mapping[1].Properties as { FilterCriteria: { Filters: Array<{ Pattern: string }> } };
    expect(m.FilterCriteria.Filters.map((f) => JSON.parse(f.Pattern))).toEqual(
      streamConsumers.smsMatcher.keyPrefixes.map((prefix) => ({
        eventName: ['INSERT'],
        dynamodb: { Keys: { pk: { S: [{ prefix }] } } },
      })),
    );
  });
});

describe('the route stacks', () => {
  const row = (area: string, i: number) =>
    ({
      name: `${area}${i}`,
      method: 'GET',
      path: `/api/${area}/${i}`,
      handler: `${area}/h${i}`,
      access: 'public',
      summary: '',
    }) as const;

  it('groups rows by area in table order, a new stack every ROUTES_PER_STACK rows, never moving a deployed row', () => {
    const table = [
      row('orders', 0),
      ...Array.from({ length: ROUTES_PER_STACK + 5 }, (_, i) => row('admin-catalog', i)),
    ];
    const ids = (groups: Map<string, Array<{ name: string }>>) =>
      Object.fromEntries([...groups].map(([id, rows]) => [id, rows.map((r) => r.name)]));
    const before = ids(routeGroups(table));
    expect(Object.keys(before)).toEqual(['RoutesOrders', 'RoutesAdminCatalog', 'RoutesAdminCatalog2']);
    expect(before.RoutesAdminCatalog).toHaveLength(ROUTES_PER_STACK);
    const after = ids(routeGroups([...table, row('orders', 1), row('admin-catalog', 99)]));
    expect(after.RoutesAdminCatalog).toEqual(before.RoutesAdminCatalog);
    expect(after.RoutesAdminCatalog2).toEqual([...before.RoutesAdminCatalog2!, 'admin-catalog99']);
    expect(after.RoutesOrders).toEqual(['orders0', 'orders1']);
  });

  it('keeps the rows of an area renamed after deploying in the stack they were deployed in', () => {
    const groups = routeGroups([row('resellers', 0), row('admin-catalog', 0), row('admin-site', 0)]);
    expect(Object.fromEntries([...groups].map(([id, rows]) => [id, rows.map((r) => r.name)]))).toEqual({
      RoutesReseller: ['resellers0'],
      RoutesAdminCatalog: ['admin-catalog0', 'admin-site0'],
    });
  });
});

describe("the functions' code", () => {
  /** Each function of the shop by construct id, and the handler module its code is built from. */
  const expected = new Map<string, string>([
    ['AuthCustomMessage', customMessageEntry(repoRoot)],
    ['Notifier', handlerEntry(handlersDir, streamConsumers.notifier.handler)],
    ['ResellerCallbacks', handlerEntry(handlersDir, streamConsumers.resellerCallbacks.handler)],
    ['SmsMatcher', handlerEntry(handlersDir, streamConsumers.smsMatcher.handler)],
    ...rows.map((row): [string, string] => [constructId(row.name), handlerEntry(handlersDir, row.handler)]),
    ...Object.entries(jobs).map(([name, job]): [string, string] => [
      `Job${constructId(name)}`,
      handlerEntry(handlersDir, job.handler),
    ]),
  ]);

  it("is each function's own bundle of the one build: the asset is that bundle's folder, the handler its file", () => {
    const functions = [...s.shop.data.node.findAll(), ...s.stack.node.findAll()].filter(
      (c): c is LambdaFunction => c instanceof LambdaFunction && expected.has(c.node.id),
    );
    expect(functions.map((fn) => fn.node.id).sort()).toEqual([...expected.keys()].sort());
    const assets = new Set<string>();
    for (const fn of functions) {
      const entry = expected.get(fn.node.id)!;
      const cfn = fn.node.defaultChild as CfnFunction;
      expect([fn.node.id, cfn.handler, cfn.runtime]).toEqual([
        fn.node.id,
        BUNDLE_HANDLER,
        LAMBDA_RUNTIME.name,
      ]);
      // What CloudFormation deploys: the asset's copy in the cloud assembly.
      const staged = join(s.assemblyDir, (fn.node.findChild('Code') as Asset).assetPath);
      expect(readdirSync(staged).sort()).toEqual([BUNDLE_FILE, `${BUNDLE_FILE}.map`]);
      const built = s.shop.bundles.bundleOf(entry);
      expect(readFileSync(join(staged, BUNDLE_FILE)).equals(readFileSync(built.file)), fn.node.id).toBe(true);
      expect(Object.keys(built.inputs)).toContain(relative(repoRoot, entry));
      assets.add(staged);
    }
    // Routes that share a handler module share its asset; no two modules share one.
    expect(assets.size).toBe(new Set(expected.values()).size);
  });
});
