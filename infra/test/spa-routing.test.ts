import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSite, deploySpa, type RuntimeConfig } from '../src/site';

/**
 * The SPA's edge on its own (no route table, no bundles): which paths CloudFront answers with the
 * SPA (200), with its 404 page (404) or leaves to S3. The functions' code is taken from the
 * synthesized template and run, as CloudFront would.
 */
const dist = mkdtempSync(join(tmpdir(), 'khelaghor-spa-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Khelaghor</title><div id="root"></div>');
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-1a2b.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = new App();
const stack = new Stack(app, 'Spa', { env: { account: '111111111111', region: 'ap-southeast-1' } });
const site = createSite(stack, {
  httpApi: new HttpApi(stack, 'Api'),
  originVerifySecret: 'secret',
  edgeCachedPaths: [],
});
deploySpa(stack, site, dist, {} as RuntimeConfig);
const template = Template.fromStack(stack);
type Resource = { Type: string; Properties: Record<string, unknown> };
const resources = template.toJSON().Resources as Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

type Handler = (event: unknown) => unknown;
type Distribution = {
  DistributionConfig: {
    DefaultCacheBehavior: {
      FunctionAssociations: Array<{ EventType: string; FunctionARN: { 'Fn::GetAtt': [string] } }>;
    };
    CustomErrorResponses?: unknown;
  };
};
const distribution = () =>
  ofType('AWS::CloudFront::Distribution')[0]![1].Properties as unknown as Distribution;
function cloudFrontFunction(eventType: string): Handler {
  const association = distribution().DistributionConfig.DefaultCacheBehavior.FunctionAssociations.find(
    (a) => a.EventType === eventType,
  );
  expect(association, `a ${eventType} function on the default behaviour`).toBeDefined();
  const id = association!.FunctionARN['Fn::GetAtt'][0];
  return runInNewContext(`${resources[id]!.Properties.FunctionCode as string}\nhandler`) as Handler;
}

const viewerRequest = (uri: string): string =>
  (cloudFrontFunction('viewer-request')({ request: { uri, headers: {} } }) as { uri: string }).uri;

describe("the SPA's edge", () => {
  it("serves index.html for the SPA's pages and the not-found copy for every other extensionless path", () => {
    for (const page of ['/', '/my-orders', '/my-orders/', '/product/0b7c', '/admin', '/admin/orders', '/faq'])
      expect(viewerRequest(page), page).toBe('/index.html');
    for (const unknown of ['/no-such-page', '/orders', '/product/a/b', '/administrator', '/my-orders/x'])
      expect(viewerRequest(unknown), unknown).toBe('/404.html');
    // Files go to S3 as they are: a missing one is S3's own 404.
    expect(viewerRequest('/robots.txt')).toBe('/robots.txt');
    expect(viewerRequest('/no-such-file.js')).toBe('/no-such-file.js');
  });

  it('answers the not-found copy with 404, and leaves every other answer as it is', () => {
    const viewerResponse = cloudFrontFunction('viewer-response');
    const answer = (statusCode: number, headers: Record<string, { value: string }>) =>
      viewerResponse({ request: { uri: '/x', headers: {} }, response: { statusCode, headers } }) as {
        statusCode: number;
        headers: Record<string, unknown>;
      };
    const notFound = answer(200, { 'x-amz-meta-spa-status': { value: '404' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-amz-meta-spa-status']).toBeUndefined();
    expect(answer(200, {}).statusCode).toBe(200);
    expect(answer(304, { 'x-amz-meta-spa-status': { value: '404' } }).statusCode).toBe(304);
  });

  it("uploads the not-found copy of index.html with the metadata, and maps no error response (the API's 404s stay JSON)", () => {
    const notFound = ofType('Custom::CDKBucketDeployment').find(([id]) => id.startsWith('SpaNotFound'));
    expect(notFound).toBeDefined();
    expect(notFound![1].Properties.UserMetadata).toEqual({ 'spa-status': '404' });
    expect(notFound![1].Properties.SystemMetadata).toMatchObject({ 'cache-control': 'no-cache' });
    expect(distribution().DistributionConfig.CustomErrorResponses).toBeUndefined();
  });
});
