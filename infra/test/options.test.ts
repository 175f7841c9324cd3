import { App } from 'aws-cdk-lib';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRow } from '../src/api';
import { grantsOfBundle } from '../src/code-grants';
import { PINNED_IDS } from '../src/data-stack';
import { RATE_LIMITS } from '../src/edge-stack';
import { readSettings } from '../src/settings';
import { settingsFor, synth } from './synth';

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
    name: 'touchProduct',
    method: 'GET',
    path: '/api/products/{id}/touch',
    handler: 'catalog/update-product',
    access: 'user',
    summary: 'A GET that writes: its code says so',
  },
];

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
  const lib = (names: string) => `import { ${names} } from "@aws-sdk/lib-dynamodb";\n`;

  it('maps each SDK command and each kind of transaction item to its IAM action', () => {
    expect(grantsOfBundle(`${lib('GetCommand')}send(new GetCommand({}))`).table).toEqual(['dynamodb:GetItem']);
    const order = grantsOfBundle(
      `${lib('TransactWriteCommand, QueryCommand')}new TransactWriteCommand({ TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }] }); new QueryCommand({ IndexName: x })`,
    );
    expect(order.table).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(order.queriesIndex).toBe(true);
    expect(
      grantsOfBundle('import { AdminGetUserCommand } from "@aws-sdk/client-cognito-identity-provider";\nnew AdminGetUserCommand({})')
        .userPool,
    ).toEqual(['cognito-idp:AdminGetUser']);
    // Which secret a GetSecretValueCommand reads: the name its reader passes as a string literal.
    const sm = 'import { GetSecretValueCommand } from "@aws-sdk/client-secrets-manager";\nnew GetSecretValueCommand({});';
    expect(grantsOfBundle(`${sm} secretsManagerGet(arn, "GATEWAY_SECRET")`)).toMatchObject({
      gatewaySecret: ['secretsmanager:GetSecretValue'],
      secrets: [],
    });
    expect(grantsOfBundle(`${sm} withDevelopmentValue("CURSOR_SECRET"); readRotatingSecret("ORIGIN_VERIFY_SECRET")`)).toMatchObject({
      gatewaySecret: [],
      secrets: ['CURSOR_SECRET', 'ORIGIN_VERIFY_SECRET'],
    });
    // The config schema's keys (unquoted) and a name without the command are no read.
    expect(grantsOfBundle(`${sm} var Env = { CURSOR_SECRET: string2() };`).secrets).toEqual([]);
    expect(grantsOfBundle('readRotatingSecret("CURSOR_SECRET")').secrets).toEqual([]);
    // An import that tree-shaking kept but nothing calls is not a grant.
    expect(grantsOfBundle(`${lib('PutCommand, GetCommand')}new GetCommand({})`).table).toEqual(['dynamodb:GetItem']);
  });

  it('reads a lazily imported SDK too', () => {
    const code =
      'const { AdminGetUserCommand, CognitoIdentityProviderClient: C } = await import("@aws-sdk/client-cognito-identity-provider");\nnew C({}); new AdminGetUserCommand({})';
    expect(grantsOfBundle(code).userPool).toEqual(['cognito-idp:AdminGetUser']);
    // Inside a function body: the destructuring's braces, not the function's.
    const inBody =
      'async function f(arn) {\n  const { GetSecretValueCommand, SecretsManagerClient } = await import("@aws-sdk/client-secrets-manager");\n  new GetSecretValueCommand({});\n}\nf("CURSOR_SECRET");';
    expect(grantsOfBundle(inBody).secrets).toEqual(['CURSOR_SECRET']);
  });

  it('follows the names esbuild gives a second import of the same command', () => {
    const code = `${lib('GetCommand, QueryCommand')}${lib('GetCommand as GetCommand2, PutCommand')}new QueryCommand({}); new GetCommand2({})`;
    expect(grantsOfBundle(code).table).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('grants the fixture GET that writes PutItem because its code calls it', () => {
    const fn = s
      .ofType('AWS::Lambda::Function')
      .find(([, r]) => String(r.Properties.Description).startsWith('GET /api/products/{id}/touch'))!;
    const role = fn[1].Properties.Role['Fn::GetAtt'][0] as string;
    const policy = s.ofType('AWS::IAM::Policy').find(([, r]) => r.Properties.Roles.some((x) => x.Ref === role))!;
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
    expect(Object.keys(deployments).sort()).toEqual(['SpaAssets', 'SpaEntry', 'SpaFiles']);
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

  it('reserves concurrency for the sweeper (1) on prod', () => {
    const sweeper = s
      .ofType('AWS::Lambda::Function')
      .find(([, r]) => String(r.Properties.Description).startsWith('Scheduled every'))!;
    expect((sweeper[1].Properties as Record<string, unknown>).ReservedConcurrentExecutions).toBe(1);
  });

  it('puts the WAF web ACL in us-east-1 in front of CloudFront: managed rules and per-IP limits', () => {
    expect(s.shop.edge!.region).toBe('us-east-1');
    const acl = s.edge!.ofType('AWS::WAFv2::WebACL')[0]![1].Properties as {
      Scope: string;
      Rules: Array<{ Name: string; Statement: { RateBasedStatement?: { Limit: number } } }>;
    };
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.Rules.map((r) => r.Name)).toEqual([
      'RateLookup',
      'RateOrders',
      'RateWallet',
      'RateAll',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(acl.Rules[0]!.Statement.RateBasedStatement!.Limit).toBe(RATE_LIMITS.lookup);
    const dist = s.ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Record<string, unknown>;
    expect(JSON.stringify(dist.WebACLId)).toBeTruthy();
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
    const app = new App();
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    new Bucket(new Stack(app, 'Careless'), 'Open');
    expect(() => app.synth()).toThrow(/validation-report/);
  });
});

describe('settings from context', () => {
  it('refuses a prod stage without an alarm email and an SES sender', () => {
    expect(() => readSettings(new App({ context: { stage: 'prod' } }))).toThrow(/alarmEmail.*emailFrom/s);
    expect(() => readSettings(new App({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } }))).toThrow(
      /emailFrom/,
    );
    const prod = settingsFor('prod');
    expect(prod).toMatchObject({ waf: true, reservedConcurrency: true });
    expect(settingsFor('dev')).toMatchObject({ waf: false, reservedConcurrency: false });
    expect(() => readSettings(new App({ context: { stage: 'staging' } }))).toThrow(/dev or prod/);
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
