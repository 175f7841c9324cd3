import { App } from 'aws-cdk-lib';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRow } from '../src/api';
import { routeGrants } from '../src/permissions';
import { readSettings } from '../src/settings';
import { synth } from './synth';

/**
 * The stack with every option set (built SPA, custom domain, gateway URL, alarm email) and a small
 * route table of fixture handlers, so these checks do not depend on the real table's progress.
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
    summary: 'A GET that writes, declared with the permissions hint',
    permissions: { table: 'read-write' },
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
  s = synth({
    routes: fixtureRoutes,
    jobs: { sweeper: { handler: 'jobs/sweep', everyMinutes: 1, summary: 'Sweep' } },
    handlersDir: join(import.meta.dirname, 'fixtures', 'handlers'),
    webDistDir: dist,
    customDomain: {
      domainName: 'shop.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    },
    gatewayBaseUrl: 'https://pay.example.com',
    alarmEmail: 'ops@example.com',
    emailFrom: 'no-reply@shop.example.com',
  });
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('grants derived from rows', () => {
  it('reads for GET, writes otherwise; /api/me writes and reads Cognito; admin-users manage Cognito; hints win', () => {
    const byName = Object.fromEntries(fixtureRoutes.map((r) => [r.name, routeGrants(r)]));
    expect(byName.catalog).toEqual({ table: 'read', cognito: 'none' });
    expect(byName.me).toEqual({ table: 'read-write', cognito: 'read' });
    expect(byName.adminListUsers).toEqual({ table: 'read', cognito: 'admin' });
    expect(byName.touchProduct).toEqual({ table: 'read-write', cognito: 'none' });
    expect(routeGrants({ method: 'POST', path: '/api/orders', handler: 'orders/place-order' })).toEqual({
      table: 'read-write',
      cognito: 'none',
    });
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
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
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

  it('schedules the job and grants the GET-that-writes route read-write', () => {
    const fn = s
      .ofType('AWS::Lambda::Function')
      .find(([, r]) => String(r.Properties.Description).startsWith('GET /api/products/{id}/touch'))!;
    const role = fn[1].Properties.Role['Fn::GetAtt'][0] as string;
    const policy = s
      .ofType('AWS::IAM::Policy')
      .find(([, r]) => r.Properties.Roles.some((x) => x.Ref === role))!;
    expect(JSON.stringify(policy[1].Properties.PolicyDocument)).toContain('dynamodb:PutItem');
    expect(s.ofType('AWS::Scheduler::Schedule')).toHaveLength(1);
  });
});

describe('settings from context', () => {
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
