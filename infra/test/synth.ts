import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KhelaghorStack, type KhelaghorStackProps } from '../src/stack';
import { repoRoot } from '../src/paths';

export type Resources = Record<string, { Type: string; Properties: Record<string, any>; DependsOn?: string[] }>;

/**
 * Synthesize the stack once (per test file) with the feature flags of cdk.json and bundling
 * skipped, so the tests need neither esbuild runs nor web/dist.
 */
export function synth(props: KhelaghorStackProps = {}) {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    // The CloudFormation rule check (a WebAssembly linter, ~15 s on a busy 2-core box) runs in
    // `npm run synth`; the tests check our own rules.
    builtinCloudFormationValidation: false,
  });
  const stack = new KhelaghorStack(app, 'Test', { env: { region: 'ap-southeast-1' }, ...props });
  // One synthesis: Template.fromStack would synthesize the app a second time.
  const assembly = app.synth();
  const template = Template.fromJSON(assembly.getStackByName(stack.stackName).template);
  const resources = template.toJSON().Resources as Resources;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  return { app, stack, template, resources, ofType, assemblyDir: assembly.directory };
}

/** Every IAM statement of the template (inline policies and role policies). */
export function statements(resources: Resources): Array<{ owner: string; Action: unknown; Resource: unknown }> {
  const out: Array<{ owner: string; Action: unknown; Resource: unknown }> = [];
  for (const [id, r] of Object.entries(resources)) {
    const docs: any[] = [];
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') docs.push(r.Properties.PolicyDocument);
    if (r.Type === 'AWS::IAM::Role') for (const p of r.Properties.Policies ?? []) docs.push(p.PolicyDocument);
    for (const doc of docs) for (const s of doc.Statement) out.push({ owner: id, Action: s.Action, Resource: s.Resource });
  }
  return out;
}

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
