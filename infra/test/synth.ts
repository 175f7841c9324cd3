import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll } from 'vitest';
import type { AppStackProps } from '../src/app-stack';
import { repoRoot } from '../src/paths';
import { readSettings, type Settings } from '../src/settings';
import { buildShop } from '../src/shop';

/** One resource of the synthesized template; `Properties` as CloudFormation names them. */
type Resource<P = Record<string, unknown>> = { Type: string; Properties: P; DependsOn?: string[] };
export type Resources = Record<string, Resource>;

type Ref = { Ref: string };
type GetAtt = { 'Fn::GetAtt': [string, string] };
type PolicyDocument = {
  Statement: Array<{ Effect?: string; Action: unknown; Resource?: unknown; Condition?: unknown }>;
};

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
  'AWS::ApiGatewayV2::Stage': {
    DefaultRouteSettings: Record<string, number>;
    RouteSettings: Record<string, Record<string, number>>;
  };
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
type PropertiesOf<T extends string> = T extends keyof PropertiesByType
  ? PropertiesByType[T]
  : Record<string, unknown>;

/** What synth() wrote, removed once the test file is done with it. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const cdkContext = (
  JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }
).context;

/** What prod requires (`-c`): an alarm email, an SES sender, a custom domain and its certificate. */
export const PROD_REQUIRED = {
  alarmEmail: 'ops@example.com',
  emailFrom: 'no-reply@shop.example.com',
  domainName: 'shop.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
} as const;

/** A stage's settings as `-c` would give them (prod with what it requires). */
export function settingsFor(stage: 'dev' | 'prod', context: Record<string, string> = {}): Settings {
  const extra = stage === 'prod' ? PROD_REQUIRED : {};
  return readSettings(new App({ context: { stage, ...extra, ...context } }), {});
}

/** Look-ups over one synthesized template. */
function templateOf(assembly: CloudAssembly, stackName: string) {
  const template = Template.fromJSON(assembly.getStackByName(stackName).template);
  return lookups(template, template.toJSON().Resources as Resources);
}

function lookups(template: Template, resources: Resources) {
  const ofType = <T extends string>(type: T) =>
    Object.entries(resources).filter(([, r]) => r.Type === type) as Array<
      [string, Resource<PropertiesOf<T>>]
    >;
  return { template, resources, ofType };
}

/** One CloudFormation template of a stack and of each of its nested stacks, as deployed. */
export interface StackTemplate {
  /** The stack's construct path (`Khelaghor-dev-App/RoutesOrders`). */
  path: string;
  /** The nested stack's logical id in its parent's template; undefined for a top-level stack. */
  logicalId?: string;
  template: { Resources: Resources; Parameters?: Record<string, unknown>; Outputs?: Record<string, unknown> };
}

/** A stack's template and its nested stacks' (CDK writes each nested template to the assembly). */
function stackTemplates(
  assemblyDir: string,
  stack: Stack,
  template: StackTemplate['template'],
): StackTemplate[] {
  const out: StackTemplate[] = [{ path: stack.node.path, template }];
  for (const child of stack.node.findAll()) {
    if (!NestedStack.isNestedStack(child) || child.nestedStackParent !== stack) continue;
    const file = join(assemblyDir, child.templateFile);
    const nested = JSON.parse(readFileSync(file, 'utf8')) as StackTemplate['template'];
    const [own, ...deeper] = stackTemplates(assemblyDir, child, nested);
    out.push({ ...own!, logicalId: stack.getLogicalId(child.nestedStackResource!) }, ...deeper);
  }
  return out;
}

/**
 * The resources of a stack and of its nested stacks in one map, as if they were one template:
 * a nested stack's logical ids get its own as a prefix (`RoutesOrders.FnPlaceOrder…`), and a
 * parameter becomes the value the parent passes (`{ Ref: 'HttpApiCognitoJwt…' }`), so a route's
 * authorizer or a function's log group is found in the parent as it would be in a flat template.
 */
function flatten(stacks: StackTemplate[]): Resources {
  const [parent, ...nested] = stacks;
  const flat: Resources = { ...parent!.template.Resources };
  for (const { logicalId, template } of nested) {
    const resource = parent!.template.Resources[logicalId!]!;
    const passed = (resource.Properties.Parameters ?? {}) as Record<string, unknown>;
    const local = (id: string) => `${logicalId}.${id}`;
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      const obj = value as Record<string, unknown>;
      if (typeof obj.Ref === 'string') {
        if (obj.Ref in passed) return passed[obj.Ref];
        return obj.Ref in template.Resources ? { Ref: local(obj.Ref) } : obj;
      }
      const getAtt = obj['Fn::GetAtt'];
      if (Array.isArray(getAtt) && getAtt[0] in template.Resources)
        return { 'Fn::GetAtt': [local(getAtt[0]), getAtt[1]] };
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, rewrite(v)]));
    };
    for (const [id, resource] of Object.entries(template.Resources)) {
      const copy = rewrite(resource) as Resource;
      if (copy.DependsOn) copy.DependsOn = asList(copy.DependsOn).map((d) => local(String(d)));
      flat[local(id)] = copy;
    }
  }
  return flat;
}

/**
 * Synthesize the whole shop once (per test file) as `npm run synth` does, cdk-nag included (a
 * finding without its acknowledgment makes synth throw), with the feature flags of cdk.json and
 * the one esbuild build of every function (lambda-bundles.ts) into a folder of this synth's own
 * (test files synthesize side by side).
 */
export function synth(
  settings: Settings = settingsFor('dev'),
  overrides: Partial<Omit<AppStackProps, 'data' | 'bundles'>> = {},
) {
  // The bundles and the assembly (which holds a copy of each as an asset): ~200 MB, removed after the file.
  const work = mkdtempSync(join(tmpdir(), 'khelaghor-synth-'));
  made.push(work);
  const app = new App({
    outdir: join(work, 'cdk.out'),
    // No asset of the shop is bundled by CDK any more; should one ever be, not in the tests.
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] },
    // The CloudFormation rule check (a WebAssembly linter, ~15 s on a busy 2-core box) runs in
    // `npm run synth`; the tests check our own rules and cdk-nag's.
    builtinCloudFormationValidation: false,
  });
  // Kept while the test file runs: stack.test.ts compares the assets with the build.
  const shop = buildShop(app, settings, overrides, join(work, 'bundles'));
  const assembly = app.synth();
  const template = Template.fromJSON(assembly.getStackByName(shop.app.stackName).template);
  const appStacks = stackTemplates(
    assembly.directory,
    shop.app,
    template.toJSON() as StackTemplate['template'],
  );
  return {
    app,
    shop,
    stack: shop.app,
    // The App stack's template and, in resources/ofType, its nested stacks' resources too.
    ...lookups(template, flatten(appStacks)),
    appStacks,
    data: templateOf(assembly, shop.data.stackName),
    edge: shop.edge ? templateOf(assembly, shop.edge.stackName) : undefined,
    edgeAlarms: templateOf(assembly, shop.edgeAlarms.stackName),
    assemblyDir: assembly.directory,
  };
}

/** Every IAM statement of the template (inline policies and role policies). */
export function statements(
  resources: Resources,
): Array<{ owner: string; Effect?: string; Action: unknown; Resource: unknown; Condition?: unknown }> {
  const out: Array<{
    owner: string;
    Effect?: string;
    Action: unknown;
    Resource: unknown;
    Condition?: unknown;
  }> = [];
  for (const [id, r] of Object.entries(resources)) {
    const docs: PolicyDocument[] = [];
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy')
      docs.push(r.Properties.PolicyDocument as PolicyDocument);
    if (r.Type === 'AWS::IAM::Role')
      for (const p of (r.Properties.Policies ?? []) as Array<{ PolicyDocument: PolicyDocument }>)
        docs.push(p.PolicyDocument);
    for (const doc of docs)
      for (const s of doc.Statement)
        out.push({
          owner: id,
          Effect: s.Effect,
          Action: s.Action,
          Resource: s.Resource,
          Condition: s.Condition,
        });
  }
  return out;
}

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
