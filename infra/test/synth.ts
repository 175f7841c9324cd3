import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { AppStackProps } from '../src/app-stack';
import { repoRoot } from '../src/paths';
import { readSettings, type Settings } from '../src/settings';
import { buildShop } from '../src/shop';

/** One resource of the synthesized template; `Properties` as CloudFormation names them. */
export type Resource<P = Record<string, unknown>> = { Type: string; Properties: P; DependsOn?: string[] };
export type Resources = Record<string, Resource>;

type Ref = { Ref: string };
type GetAtt = { 'Fn::GetAtt': [string, string] };
export type PolicyDocument = { Statement: Array<{ Action: unknown; Resource?: unknown; Condition?: unknown }> };

/**
 * The template properties the tests read, per resource type (CloudFormation's names, as CDK
 * synthesizes them). Types not listed here come as `Record<string, unknown>`.
 */
type PropertiesByType = {
  'AWS::Lambda::Function': {
    Description?: string;
    Runtime: string;
    Architectures: string[];
    Role: GetAtt;
    /** CDK's own helper functions have none. */
    Environment?: { Variables: Record<string, unknown> };
    LoggingConfig?: { LogGroup: Ref };
  };
  'AWS::IAM::Policy': { PolicyDocument: PolicyDocument; Roles: Ref[] };
  'AWS::ApiGatewayV2::Route': { RouteKey: string; AuthorizationType: string; AuthorizerId?: Ref };
  'AWS::ApiGatewayV2::Authorizer': { JwtConfiguration: { Issuer: unknown; Audience: unknown[] } };
  'AWS::CloudFront::Distribution': {
    DistributionConfig: {
      Aliases?: string[];
      ViewerCertificate?: { AcmCertificateArn?: string };
      Origins: Array<{
        Id: string;
        DomainName: unknown;
        S3OriginConfig?: unknown;
        CustomOriginConfig?: unknown;
        OriginAccessControlId?: unknown;
      }>;
      DefaultCacheBehavior: { TargetOriginId: string; FunctionAssociations: Array<{ EventType: string }> };
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }>;
    };
  };
  'AWS::CloudFront::ResponseHeadersPolicy': {
    ResponseHeadersPolicyConfig: {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
    };
  };
  'AWS::Cognito::UserPoolClient': {
    GenerateSecret: boolean;
    AllowedOAuthFlows?: string[];
    ExplicitAuthFlows: string[];
  };
  'Custom::CDKBucketDeployment': {
    SystemMetadata?: Record<string, string>;
    DestinationBucketKeyPrefix?: string;
    Prune: boolean;
    SourceObjectKeys: string[];
    SourceMarkers?: unknown;
  };
};
export type PropertiesOf<T extends string> = T extends keyof PropertiesByType
  ? PropertiesByType[T]
  : Record<string, unknown>;

const cdkContext = (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
  .context;

/** A stage's settings as `-c` would give them (prod needs its alarm email and SES sender). */
export function settingsFor(stage: 'dev' | 'prod', context: Record<string, string> = {}): Settings {
  const extra = stage === 'prod' ? { alarmEmail: 'ops@example.com', emailFrom: 'no-reply@shop.example.com' } : {};
  return readSettings(new App({ context: { stage, ...extra, ...context } }), {});
}

/** Look-ups over one synthesized template. */
export function templateOf(assembly: CloudAssembly, stackName: string) {
  const template = Template.fromJSON(assembly.getStackByName(stackName).template);
  const resources = template.toJSON().Resources as Resources;
  const ofType = <T extends string>(type: T) =>
    Object.entries(resources).filter(([, r]) => r.Type === type) as Array<[string, Resource<PropertiesOf<T>>]>;
  return { template, resources, ofType };
}

/**
 * Synthesize the whole shop once (per test file) as `npm run synth` does, cdk-nag included (a
 * finding without its acknowledgment makes synth throw), with the feature flags of cdk.json and
 * bundling skipped, so the tests need neither esbuild runs of every handler nor web/dist.
 */
export function synth(settings: Settings = settingsFor('dev'), overrides: Partial<Omit<AppStackProps, 'data'>> = {}) {
  const app = new App({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] },
    // The CloudFormation rule check (a WebAssembly linter, ~15 s on a busy 2-core box) runs in
    // `npm run synth`; the tests check our own rules and cdk-nag's.
    builtinCloudFormationValidation: false,
  });
  const shop = buildShop(app, settings, overrides);
  const assembly = app.synth();
  const main = templateOf(assembly, shop.app.stackName);
  return {
    app,
    shop,
    stack: shop.app,
    ...main,
    data: templateOf(assembly, shop.data.stackName),
    edge: shop.edge ? templateOf(assembly, shop.edge.stackName) : undefined,
    assemblyDir: assembly.directory,
  };
}

/** Every IAM statement of the template (inline policies and role policies). */
export function statements(
  resources: Resources,
): Array<{ owner: string; Action: unknown; Resource: unknown; Condition?: unknown }> {
  const out: Array<{ owner: string; Action: unknown; Resource: unknown; Condition?: unknown }> = [];
  for (const [id, r] of Object.entries(resources)) {
    const docs: PolicyDocument[] = [];
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy')
      docs.push(r.Properties.PolicyDocument as PolicyDocument);
    if (r.Type === 'AWS::IAM::Role')
      for (const p of (r.Properties.Policies ?? []) as Array<{ PolicyDocument: PolicyDocument }>)
        docs.push(p.PolicyDocument);
    for (const doc of docs)
      for (const s of doc.Statement) out.push({ owner: id, Action: s.Action, Resource: s.Resource, Condition: s.Condition });
  }
  return out;
}

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
