import { App } from 'aws-cdk-lib';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ROUTE, ROUTE_THROTTLE, type RouteRow } from '../src/api';
import { reservedConcurrencyOf } from '../src/app-stack';
import { grantsOfBuiltBundle, grantsOfBundle, ownCode } from '../src/code-grants';
import { LambdaBundles } from '../src/lambda-bundles';
import { PINNED_IDS } from '../src/data-stack';
import { repoRoot } from '../src/paths';
import { RATE_LIMITS } from '../src/edge-stack';
import { REPUTATION_ALARMS } from '../src/mail-reputation';
import { DEFAULT_MONTHLY_BUDGET_USD, DEFAULT_SALE_LIMITS, readSettings } from '../src/settings';
import { USER_POOL_ACTIONS, USER_POOL_RATE_LIMITS } from '../src/user-pool-waf';
import { PROD_REQUIRED, settingsFor, synth } from './synth';

/**
 * The prod stage with every option set (built SPA, custom domain, gateway URL, alarm email, SES
 * sender, WAF, reserved concurrency) and a small route table of fixture handlers.
 */
const fixtureRoutes: RouteRow[] = [
  {
    name: 'health',
    method: 'GET',
    path: '/api/health',
    handler: 'system/health',
    access: 'public',
    summary: 'Health',
  },
  { name: 'me', method: 'GET', path: '/api/me', handler: 'account/get-me', access: 'user', summary: 'Me' },
  {
    name: 'adminListUsers',
    method: 'GET',
    path: '/api/admin/users',
    handler: 'admin-users/list-users',
    access: 'admin',
    summary: 'Users',
  },
  {
    name: 'catalog',
    method: 'GET',
    path: '/api/catalog',
    handler: 'catalog/get-catalog',
    access: 'public',
    summary: 'Catalogue',
  },
  {
    name: 'placeOrder',
    method: 'POST',
    path: '/api/orders',
    handler: 'orders/place-order',
    access: 'user',
    summary: 'Place an order',
  },
  {
    name: 'touchProduct',
    method: 'GET',
    path: '/api/products/{id}/touch',
    handler: 'catalog/update-product',
    access: 'user',
    summary: 'A GET that writes: its code says so',
  },
];

/** Sale limits other than the defaults, so the template can only have them from the settings. */
const SALE = {
  apiRateLimit: '4000',
  apiBurstLimit: '2500',
  orderRateLimit: '1500',
  placeOrderConcurrency: '250',
};

let dist: string;
let s: ReturnType<typeof synth>;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'khelaghor-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  const settings = settingsFor('prod', {
    domainName: 'shop.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    gatewayBaseUrl: 'https://pay.example.com',
    ...SALE,
  });
  s = synth(settings, {
    routes: fixtureRoutes,
    jobs: { sweeper: { handler: 'jobs/sweep', everyMinutes: 1, summary: 'Sweep' } },
    handlersDir: join(import.meta.dirname, 'fixtures', 'handlers'),
    webDistDir: dist,
  });
}, 180_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('grants read from the code', () => {
  const sdk = (...names: string[]) => new Set(names);

  it('maps each SDK command and each kind of transaction item to its IAM action', () => {
    expect(grantsOfBundle('send(new GetCommand({}))', sdk('GetCommand')).table).toEqual(['dynamodb:GetItem']);
    const order = grantsOfBundle(
      'new TransactWriteCommand({ TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }] }); new QueryCommand({ IndexName: x })',
      sdk('TransactWriteCommand', 'QueryCommand'),
    );
    expect(order.table).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(order.queriesIndex).toBe(true);
    expect(grantsOfBundle('new AdminGetUserCommand({})', sdk('AdminGetUserCommand')).userPool).toEqual([
      'cognito-idp:AdminGetUser',
    ]);
    // Which secret a GetSecretValueCommand reads: the name its reader passes as a string literal.
    const sm = 'new GetSecretValueCommand({});';
    const secrets = sdk('GetSecretValueCommand');
    expect(grantsOfBundle(`${sm} secretsManagerGet(arn, "GATEWAY_SECRET")`, secrets)).toMatchObject({
      gatewaySecret: ['secretsmanager:GetSecretValue'],
      secrets: [],
    });
    expect(
      grantsOfBundle(
        `${sm} withDevelopmentValue("CURSOR_SECRET"); readRotatingSecret("ORIGIN_VERIFY_SECRET")`,
        secrets,
      ),
    ).toMatchObject({ gatewaySecret: [], secrets: ['CURSOR_SECRET', 'ORIGIN_VERIFY_SECRET'] });
    // A supplier's secret (issue 31): read where a supplier is called, written by API Setup's save
    // only, which gets no write on the gateway key.
    expect(grantsOfBundle(`${sm} smGet(arn, "UNIPIN_SECRET")`, secrets)).toMatchObject({
      secrets: ['UNIPIN_SECRET'],
      secretWrites: [],
      gatewaySecret: [],
    });
    const put = 'new PutSecretValueCommand({});';
    const puts = sdk('PutSecretValueCommand');
    expect(
      grantsOfBundle(`${put} smPut(arn, u ? "UNIPIN_SECRET:write" : "MOOGOLD_SECRET:write", s)`, puts),
    ).toMatchObject({
      secrets: [],
      secretWrites: ['UNIPIN_SECRET', 'MOOGOLD_SECRET'],
      gatewaySecret: [],
    });
    expect(grantsOfBundle(`${put} secretsManagerPut(arn, apiKey)`, puts)).toMatchObject({
      secretWrites: [],
      gatewaySecret: ['secretsmanager:PutSecretValue'],
    });
    // The config schema's keys (unquoted) and a name without the command are no read.
    expect(grantsOfBundle(`${sm} var Env = { CURSOR_SECRET: string2() };`, secrets).secrets).toEqual([]);
    expect(grantsOfBundle('readRotatingSecret("CURSOR_SECRET")', secrets).secrets).toEqual([]);
    // A command class that tree-shaking kept but nothing constructs is not a grant, nor is a
    // class of that name the bundle's SDK does not hold.
    expect(grantsOfBundle('new GetCommand({})', sdk('PutCommand', 'GetCommand')).table).toEqual([
      'dynamodb:GetItem',
    ]);
    expect(grantsOfBundle('new PutCommand({})', sdk('GetCommand')).table).toEqual([]);
  });

  it('finds each SDK command of the functions under its own name (an alias would hide it)', () => {
    const src = join(repoRoot, 'functions', 'src');
    const aliased = readdirSync(src, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => {
        const text = readFileSync(join(src, f), 'utf8');
        return (
          /import\s*\{[^}]*\b\w+Command\s+as\s+\w+[^}]*\}\s*from\s*'@aws-sdk\//.test(text) ||
          /\{[^{}]*\b\w+Command\s*:\s*\w+[^{}]*\}\s*=\s*await import\(\s*'@aws-sdk\//.test(text)
        );
      });
    expect(aliased).toEqual([]);
  });

  it('reads the minified bundle as written: its own code only, by the names of its source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'khelaghor-grants-'));
    try {
      const entry = join(import.meta.dirname, 'fixtures', 'handlers', 'orders', 'transact.ts');
      const bundle = LambdaBundles.build({ repoRoot, entries: [entry], outDir: dir }).bundleOf(entry);
      const code = readFileSync(bundle.file, 'utf8');
      // Minified: the class has another name; the SDK's own key maps name every kind of item.
      expect(code).not.toContain('new TransactWriteCommand(');
      expect(code).toMatch(/\bDelete:\{/);
      const own = ownCode(code, JSON.parse(readFileSync(`${bundle.file}.map`, 'utf8')));
      expect(own).toContain('new TransactWriteCommand(');
      expect(own).not.toMatch(/\bDelete:\{/);
      expect(grantsOfBuiltBundle(bundle).table).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:PutItem']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('grants the fixture GET that writes PutItem because its code calls it', () => {
    const fn = s
      .ofType('AWS::Lambda::Function')
      .find(([, r]) => String(r.Properties.Description).startsWith('GET /api/products/{id}/touch'))!;
    const role = fn[1].Properties.Role['Fn::GetAtt'][0] as string;
    const policy = s
      .ofType('AWS::IAM::Policy')
      .find(([, r]) => r.Properties.Roles.some((x) => x.Ref === role))!;
    expect(JSON.stringify(policy[1].Properties.PolicyDocument)).toContain('dynamodb:PutItem');
  });
});

describe('stack options', () => {
  it('uses the custom domain for CloudFront and PUBLIC_URL, and passes the gateway URL', () => {
    const dist = s.ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    expect(dist.Aliases).toEqual(['shop.example.com']);
    expect(dist.ViewerCertificate!.AcmCertificateArn).toContain('arn:aws:acm:us-east-1:');
    for (const [, fn] of s.ofType('AWS::Lambda::Function')) {
      const vars = fn.Properties.Environment?.Variables;
      if (!vars?.TABLE_NAME) continue; // CDK's own helper functions
      expect(vars.PUBLIC_URL).toBe('https://shop.example.com');
      expect(vars.GATEWAY_BASE_URL).toBe('https://pay.example.com');
    }
    s.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    s.data.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Khelaghor <no-reply@shop.example.com>',
        SourceArn: Match.anyValue(),
      },
    });
  });

  it('deploys hashed assets with a year of cache, then index.html and config.json with no-cache', () => {
    const deployments = Object.fromEntries(
      s.ofType('Custom::CDKBucketDeployment').map(([id, r]) => [id.replace(/CustomResource.*$/, ''), r]),
    );
    expect(Object.keys(deployments).sort()).toEqual(['SpaAssets', 'SpaEntry', 'SpaFiles', 'SpaNotFound']);
    expect(deployments.SpaAssets!.Properties.SystemMetadata!['cache-control']).toContain('immutable');
    expect(deployments.SpaAssets!.Properties.DestinationBucketKeyPrefix).toBe('assets/');
    expect(deployments.SpaEntry!.Properties.SystemMetadata!['cache-control']).toBe('no-cache');
    expect(deployments.SpaEntry!.DependsOn?.some((d) => d.startsWith('SpaAssets'))).toBe(true);
    for (const d of Object.values(deployments)) expect(d.Properties.Prune).toBe(false);
  });

  it('writes config.json with the runtime settings of the SPA', () => {
    const entry = s.ofType('Custom::CDKBucketDeployment').find(([id]) => id.startsWith('SpaEntry'))![1]
      .Properties;
    const files = (entry.SourceObjectKeys as string[]).flatMap((key) => {
      const dir = join(s.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
      return readdirSync(dir).map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
    });
    expect(files.map((f) => f.name).sort()).toEqual(['config.json', 'index.html']);
    const config = JSON.parse(files.find((f) => f.name === 'config.json')!.text) as Record<string, string>;
    expect(config).toMatchObject({ apiBase: '/api', region: 'ap-southeast-1', authFlow: 'USER_SRP_AUTH' });
    // Pool and client ids are filled in at deploy time from the markers.
    expect(config.userPoolId).toMatch(/^<<marker:/);
    expect(JSON.stringify(entry.SourceMarkers)).toContain('UserPool');
  });

  it('reserves concurrency for the sweeper (1) and place-order (-c placeOrderConcurrency) on prod', () => {
    const reserveOf = (prefix: string) => {
      const fns = s
        .ofType('AWS::Lambda::Function')
        .filter(([, r]) => String(r.Properties.Description).startsWith(prefix));
      expect(fns, prefix).toHaveLength(1);
      return (fns[0]![1].Properties as Record<string, unknown>).ReservedConcurrentExecutions;
    };
    expect(reserveOf('Scheduled every')).toBe(1);
    expect(reserveOf('POST /api/orders (')).toBe(Number(SALE.placeOrderConcurrency));
    // Routes without a reserve of their own share the account's unreserved pool.
    expect(reserveOf('GET /api/catalog (')).toBeUndefined();
  });

  it('throttles the API stage and the order route as -c apiRateLimit, apiBurstLimit and orderRateLimit say', () => {
    const stage = s.ofType('AWS::ApiGatewayV2::Stage')[0]![1];
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: Number(SALE.apiRateLimit),
      ThrottlingBurstLimit: Number(SALE.apiBurstLimit),
    });
    expect(stage.Properties.RouteSettings[ORDER_ROUTE]).toEqual({
      ThrottlingRateLimit: Number(SALE.orderRateLimit),
      ThrottlingBurstLimit: Number(SALE.orderRateLimit),
    });
    // The routes open to abuse keep their own low limits whatever the sale's.
    for (const [key, t] of Object.entries(ROUTE_THROTTLE))
      expect(stage.Properties.RouteSettings[key], key).toEqual({
        ThrottlingRateLimit: t.rate,
        ThrottlingBurstLimit: t.burst,
      });
  });

  it('puts the WAF web ACL in us-east-1 in front of CloudFront: managed rules and per-IP limits on writes, counting, logged', () => {
    expect(s.shop.edge!.region).toBe('us-east-1');
    const acl = s.edge!.ofType('AWS::WAFv2::WebACL')[0]![1].Properties as {
      Scope: string;
      Name: string;
      Rules: Array<{
        Name: string;
        Action?: Record<string, unknown>;
        Statement: { RateBasedStatement?: { Limit: number; ScopeDownStatement: unknown } };
      }>;
    };
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.Rules.map((r) => r.Name)).toEqual([
      'RateLookup',
      'RateOrders',
      'RateWallet',
      'RateWrites',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(acl.Rules[0]!.Statement.RateBasedStatement!.Limit).toBe(RATE_LIMITS.lookup);
    for (const rule of acl.Rules.filter((r) => r.Statement.RateBasedStatement)) {
      // Counting until -c wafBlock=true; only write methods are counted, never a GET (order polling).
      expect(rule.Action, rule.Name).toEqual({ Count: {} });
      const scope = JSON.stringify(rule.Statement.RateBasedStatement!.ScopeDownStatement);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        expect(scope, rule.Name).toContain(`"SearchString":"${method}"`);
      expect(scope, rule.Name).not.toContain('"SearchString":"GET"');
    }
    const [, logging] = s.edge!.ofType('AWS::WAFv2::LoggingConfiguration')[0]!;
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toMatch(
      new RegExp(`:log-group:aws-waf-logs-${acl.Name}"`),
    );
    expect(logging.Properties).toMatchObject({
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
      LoggingFilter: { DefaultBehavior: 'DROP' },
    });
    s.edge!.template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: `aws-waf-logs-${acl.Name}`,
    });
    const dist = s.ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(dist.WebACLId)).toBeTruthy();
  });
});

describe('sign-in and sign-up protection', () => {
  const alarmIds = () => s.ofType('AWS::CloudWatch::Alarm').map(([id]) => id.replace(/[0-9A-F]{8}$/, ''));

  it('puts a REGIONAL web ACL on the user pool: the IP reputation list and per-IP limits on the Cognito calls', () => {
    const acls = s.ofType('AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    const props = acl.Properties as {
      Scope: string;
      Name: string;
      Rules: Array<{
        Name: string;
        Action?: unknown;
        OverrideAction?: unknown;
        Statement: Record<string, unknown>;
      }>;
    };
    expect(props.Scope).toBe('REGIONAL');
    expect(props.Rules.map((r) => r.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'RateSignIn',
      'RateSignUp',
      'RateForgotPassword',
    ]);
    expect(props.Rules[0]!.OverrideAction).toEqual({ None: {} });
    const limits = [
      USER_POOL_RATE_LIMITS.signIn,
      USER_POOL_RATE_LIMITS.signUp,
      USER_POOL_RATE_LIMITS.forgotPassword,
    ];
    const actions = [USER_POOL_ACTIONS.signIn, USER_POOL_ACTIONS.signUp, USER_POOL_ACTIONS.forgotPassword];
    props.Rules.slice(1).forEach((rule, i) => {
      const rate = rule.Statement.RateBasedStatement as {
        Limit: number;
        AggregateKeyType: string;
        ScopeDownStatement: unknown;
      };
      expect(rate.Limit, rule.Name).toBe(limits[i]);
      expect(rate.AggregateKeyType).toBe('IP');
      expect(rule.Action, rule.Name).toEqual({ Count: {} });
      const scope = JSON.stringify(rate.ScopeDownStatement);
      expect(scope).toContain('"SingleHeader":{"Name":"x-amz-target"}');
      for (const action of actions[i]!)
        expect(scope).toContain(`"SearchString":"AWSCognitoIdentityProviderService.${action}"`);
    });
    // Sign-up, sign-in and reset calls are all covered.
    expect(actions.flat()).toEqual(
      expect.arrayContaining([
        'InitiateAuth',
        'RespondToAuthChallenge',
        'SignUp',
        'ConfirmSignUp',
        'ResendConfirmationCode',
        'ForgotPassword',
        'ConfirmForgotPassword',
      ]),
    );
    const [, association] = s.ofType('AWS::WAFv2::WebACLAssociation')[0]!;
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain('ShopUserPool');
    s.template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
    expect(alarmIds()).toContain('UserPoolWafBlocked');
  });

  it("acknowledges cdk-nag's COG8 with what this stage really has instead: the user pool web ACL, counting", () => {
    const acknowledged = s.shop.data.userPool.node.metadata
      .filter((m) => m.type === 'aws:cdk:acknowledged-rules')
      .map((m) => JSON.stringify(m.data));
    const cog8 = acknowledged.filter((a) => a.includes('AwsSolutions-COG8'));
    expect(cog8).toHaveLength(1);
    expect(cog8[0]).toContain('its own web ACL');
    expect(cog8[0]).toContain('rate rules count');
    expect(s.ofType('AWS::WAFv2::WebACLAssociation')).toHaveLength(1);
  });

  it('sends all mail with one SES configuration set that suppresses bounces and complaints, and alarms on both rates', () => {
    s.data.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    const [setId] = s.data.ofType('AWS::SES::ConfigurationSet')[0]!;
    s.data.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ ConfigurationSet: { Ref: setId } }),
    });
    const notifier = s
      .ofType('AWS::Lambda::Function')
      .find(([, r]) => String(r.Properties.Description).startsWith('Table stream:'))!;
    expect(JSON.stringify(notifier[1].Properties.Environment!.Variables.MAIL_CONFIGURATION_SET)).toContain(
      setId,
    );
    const ses = s
      .ofType('AWS::IAM::Policy')
      .flatMap(([, r]) => r.Properties.PolicyDocument.Statement)
      .find((st) => JSON.stringify(st.Action).includes('ses:SendEmail'))!;
    expect(JSON.stringify(ses.Resource)).toContain(':configuration-set/');
    const alarms = Object.fromEntries(
      s.ofType('AWS::CloudWatch::Alarm').map(([id, r]) => [id.replace(/[0-9A-F]{8}$/, ''), r.Properties]),
    );
    expect(alarms.SesBounceRate).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: REPUTATION_ALARMS.bounceRate,
    });
    expect(alarms.SesComplaintRate).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: REPUTATION_ALARMS.complaintRate,
    });
    for (const id of ['SesBounceRate', 'SesComplaintRate'])
      expect(alarms[id]!.AlarmActions, id).toHaveLength(1);
  });
});

describe('failures page someone', () => {
  const alarms = () =>
    Object.fromEntries(
      s.ofType('AWS::CloudWatch::Alarm').map(([id, r]) => [id.replace(/[0-9A-F]{8}$/, ''), r.Properties]),
    );

  it("alarms on the API 4xx and 403 shares, Cognito throttles and each stream consumer's iterator age, all to the topic", () => {
    const all = alarms();
    for (const id of [
      'Api4xxRate',
      'Api403Rate',
      'CognitoThrottles',
      'NotifierIteratorAge',
      'ResellerCallbacksIteratorAge',
      'HeartbeatSweeper',
    ]) {
      expect(all[id], id).toBeDefined();
      expect(all[id]!.AlarmActions, id).toHaveLength(1);
    }
    // The 403 count comes from the API access log.
    s.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "403" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'Api403', MetricNamespace: 'Khelaghor' })],
    });
    expect(all.NotifierIteratorAge).toMatchObject({ MetricName: 'IteratorAge', Namespace: 'AWS/Lambda' });
  });

  it('names every alarm after its stack and id, each with a runbook section in docs/operations.md', () => {
    const headings = readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('### '));
    const stacks = [
      [s.stack.stackName, s.ofType('AWS::CloudWatch::Alarm')],
      [s.shop.edgeAlarms.stackName, s.edgeAlarms.ofType('AWS::CloudWatch::Alarm')],
    ] as const;
    let count = 0;
    for (const [stackName, alarms] of stacks) {
      for (const [id, alarm] of alarms) {
        const name = String(alarm.Properties.AlarmName);
        expect(name, id).toBe(`${stackName}-${id.replace(/[0-9A-F]{8}$/, '')}`);
        // `Khelaghor-prod-App-LambdaErrors2` is documented as `…-App-LambdaErrors<n>`.
        const shown = name.replace(/^Khelaghor-prod-/, '…-');
        const documented = headings.some(
          (h) => h.includes(`\`${shown}\``) || h.includes(`\`${shown.replace(/\d+$/, '')}<n>\``),
        );
        expect(documented, `${name}: no "### \`${shown}\`" section in docs/operations.md`).toBe(true);
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it('sets a monthly budget that emails the alarm address', () => {
    s.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
      }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({ Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@example.com' }] }),
      ]),
    });
  });

  it('alarms on CloudFront 5xx and the CloudFront WAF in us-east-1, where their metrics are, with a topic there', () => {
    expect(s.shop.edgeAlarms.region).toBe('us-east-1');
    const edge = Object.fromEntries(
      s.edgeAlarms
        .ofType('AWS::CloudWatch::Alarm')
        .map(([id, r]) => [id.replace(/[0-9A-F]{8}$/, ''), r.Properties]),
    );
    expect(Object.keys(edge).sort()).toEqual(['CloudFront5xx', 'EdgeWafBlocked']);
    const metrics = JSON.stringify(edge.CloudFront5xx!.Metrics);
    expect(metrics).toContain('5xxErrorRate');
    expect(metrics).toContain('"Region"');
    expect(edge.EdgeWafBlocked).toMatchObject({ Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests' });
    expect(JSON.stringify(edge.EdgeWafBlocked!.Dimensions)).toContain(s.shop.edge!.webAclName);
    s.edgeAlarms.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    for (const a of Object.values(edge)) expect(a.AlarmActions).toHaveLength(1);
  });
});

describe('the data stack', () => {
  it('pins the logical ids of the table, the user pool and the secrets, with termination protection', () => {
    const ids = Object.keys(s.data.resources);
    for (const id of Object.values(PINNED_IDS)) expect(ids, id).toContain(id);
    expect(s.data.resources[PINNED_IDS.table]!.Type).toBe('AWS::DynamoDB::GlobalTable');
    expect(s.data.resources[PINNED_IDS.userPool]!.Type).toBe('AWS::Cognito::UserPool');
    expect(s.shop.data.terminationProtection).toBe(true);
    s.data.template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });

  it('keeps the gateway key in its own secret, empty until API Setup saves one', () => {
    s.data.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({ api_key: '' }),
    });
  });

  it('has a pool with optional TOTP, 6-character passwords, an SRP-only SPA client and a scripts client', () => {
    s.data.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'LITE',
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
    });
    const flows = s.data
      .ofType('AWS::Cognito::UserPoolClient')
      .map(([, c]) => [...c.Properties.ExplicitAuthFlows].sort());
    expect(flows).toEqual([
      ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
      ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH'],
    ]);
    s.data.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });
});

describe('cdk-nag', () => {
  it('fails the synth on an unacknowledged finding', async () => {
    const { App, Stack } = await import('aws-cdk-lib');
    const { Bucket } = await import('aws-cdk-lib/aws-s3');
    const { Validations } = await import('aws-cdk-lib');
    const { AwsSolutionsChecks } = await import('cdk-nag');
    // Without CloudFormation's rule check (a WebAssembly linter, 15-20 s on a busy box): cdk-nag alone.
    const app = new App({ builtinCloudFormationValidation: false });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    new Bucket(new Stack(app, 'Careless'), 'Open');
    expect(() => app.synth()).toThrow(/validation-report/);
  });
});

describe('settings from context', () => {
  it('refuses a prod stage without an alarm email and an SES sender', () => {
    expect(() => readSettings(new App({ context: { stage: 'prod' } }))).toThrow(/alarmEmail.*emailFrom/s);
    expect(() =>
      readSettings(new App({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } })),
    ).toThrow(/emailFrom/);
    const prod = settingsFor('prod');
    expect(prod).toMatchObject({ waf: true, reservedConcurrency: true });
    expect(settingsFor('dev')).toMatchObject({ waf: false, reservedConcurrency: false });
    expect(() => readSettings(new App({ context: { stage: 'staging' } }))).toThrow(/dev or prod/);
  });

  it('refuses a prod stage without a custom domain and its certificate', () => {
    const { domainName: _d, certificateArn: _c, ...rest } = PROD_REQUIRED;
    expect(() => readSettings(new App({ context: { stage: 'prod', ...rest } }))).toThrow(
      /prod needs a custom domain/,
    );
    expect(settingsFor('prod').customDomain).toEqual({
      domainName: PROD_REQUIRED.domainName,
      certificateArn: PROD_REQUIRED.certificateArn,
    });
    // A dev stage may still go without one.
    expect(settingsFor('dev').customDomain).toBeUndefined();
  });

  it('reads the WAF blocking flag (counting by default) and the monthly budget', () => {
    expect(settingsFor('prod')).toMatchObject({
      wafBlock: false,
      monthlyBudgetUsd: DEFAULT_MONTHLY_BUDGET_USD,
    });
    expect(settingsFor('prod', { wafBlock: 'true', monthlyBudget: '250' })).toMatchObject({
      wafBlock: true,
      monthlyBudgetUsd: 250,
    });
    expect(() => settingsFor('dev', { wafBlock: 'yes' })).toThrow(/wafBlock must be true or false/);
    expect(() => settingsFor('dev', { monthlyBudget: '-5' })).toThrow(/monthlyBudget/);
  });

  it('reads the sale limits (throttles, place-order reserve, account concurrency), defaults sized for a default account', () => {
    expect(settingsFor('prod').limits).toEqual(DEFAULT_SALE_LIMITS);
    // A default account: 10,000 requests/s and a burst of 5,000 for API Gateway, 1,000 Lambda executions.
    expect(DEFAULT_SALE_LIMITS.apiRateLimit).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_SALE_LIMITS.apiBurstLimit).toBeLessThanOrEqual(5_000);
    expect(DEFAULT_SALE_LIMITS.lambdaConcurrency).toBe(1_000);
    expect(
      settingsFor('dev', { placeOrderConcurrency: '600', lambdaConcurrency: '3000' }).limits,
    ).toMatchObject({
      placeOrderConcurrency: 600,
      lambdaConcurrency: 3000,
    });
    for (const key of [
      'apiRateLimit',
      'apiBurstLimit',
      'orderRateLimit',
      'placeOrderConcurrency',
      'lambdaConcurrency',
    ])
      for (const bad of ['0', '-5', '2.5', 'lots'])
        expect(() => settingsFor('dev', { [key]: bad }), `${key}=${bad}`).toThrow(new RegExp(key));
  });

  it("refuses reserves that leave fewer than Lambda's 100 unreserved executions of the account", () => {
    const handlers = ['orders/place-order', 'payments/webhook', 'payments/confirm', 'catalog/get-catalog'];
    // 851 + 20 + 20 + 9 jobs = 900 of 1,000: exactly 100 left.
    expect(
      reservedConcurrencyOf(handlers, 9, { placeOrderConcurrency: 851, lambdaConcurrency: 1000 }),
    ).toMatchObject({ 'orders/place-order': 851, 'payments/webhook': 20, 'payments/confirm': 20 });
    expect(() =>
      reservedConcurrencyOf(handlers, 9, { placeOrderConcurrency: 852, lambdaConcurrency: 1000 }),
    ).toThrow(/901 .*fewer than 100 of -c lambdaConcurrency=1000/);
    // A raised quota, told to synth, makes room.
    expect(
      reservedConcurrencyOf(handlers, 9, { placeOrderConcurrency: 2000, lambdaConcurrency: 3000 })[
        'orders/place-order'
      ],
    ).toBe(2000);
    // The defaults fit a default account with room to spare.
    expect(() => reservedConcurrencyOf(handlers, 9, DEFAULT_SALE_LIMITS)).not.toThrow();
  });

  it("reads the silent-phone alarm's minutes (15 by default, 5 to 1440)", () => {
    expect(settingsFor('dev').smsSilentMinutes).toBe(15);
    expect(settingsFor('dev', { smsSilentMinutes: '30' }).smsSilentMinutes).toBe(30);
    for (const bad of ['4', '1441', '7.5', 'soon'])
      expect(() => settingsFor('dev', { smsSilentMinutes: bad }), bad).toThrow(/smsSilentMinutes/);
  });

  it('defaults to Singapore and refuses half a custom domain or a certificate outside us-east-1', () => {
    expect(readSettings(new App()).region).toBe('ap-southeast-1');
    expect(() => readSettings(new App({ context: { domainName: 'shop.example.com' } }))).toThrow(/both/);
    expect(() =>
      readSettings(
        new App({
          context: { domainName: 'a.example', certificateArn: 'arn:aws:acm:ap-southeast-1:1:certificate/x' },
        }),
      ),
    ).toThrow(/us-east-1/);
    expect(
      readSettings(new App({ context: { gatewayBaseUrl: 'https://pay.example.com/' } })).gatewayBaseUrl,
    ).toBe('https://pay.example.com');
  });
});
