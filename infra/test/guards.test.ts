import { jobs } from '@khelaghor/contract';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EdgeStack } from '../src/edge-stack';
import { createJobHeartbeats, HEARTBEAT } from '../src/job-heartbeats';
import { defaultHandlersDir, handlerEntry, repoRoot } from '../src/paths';
import { constructId } from '../src/route-stacks';
import { UserPoolWaf } from '../src/user-pool-waf';

/**
 * The switches and per-job pieces of what guards the shop, on small stacks of their own (the
 * whole shop's synth is in stack.test.ts and options.test.ts).
 */
type Rule = {
  Name: string;
  Action?: Record<string, unknown>;
  OverrideAction?: unknown;
  Statement: Record<string, unknown>;
};
const rulesOf = (template: Template) =>
  Object.values(template.findResources('AWS::WAFv2::WebACL')).map(
    (r) => (r.Properties as { Rules: Rule[] }).Rules,
  )[0]!;
const rateActions = (rules: Rule[]) =>
  rules.filter((r) => r.Statement.RateBasedStatement).map((r) => Object.keys(r.Action!));

// CloudFormation's rule check (slow) runs in `npm run synth`, as in synth.ts.
const app = () => new App({ builtinCloudFormationValidation: false });

function edgeAcl(block: boolean): Rule[] {
  const stack = new EdgeStack(app(), 'Edge', { block, env: { region: 'us-east-1' } });
  return rulesOf(Template.fromStack(stack));
}

function userPoolAcl(block: boolean): Rule[] {
  const stack = new Stack(app(), 'Pool', { env: { region: 'ap-southeast-1' } });
  const userPool = new UserPool(stack, 'Pool');
  new UserPoolWaf(stack, 'Waf', { userPool, block, alarmTopic: new Topic(stack, 'Topic') });
  return rulesOf(Template.fromStack(stack));
}

describe('the WAF rate rules', () => {
  let acls: Record<'edgeCount' | 'edgeBlock' | 'poolCount' | 'poolBlock', Rule[]>;
  beforeAll(() => {
    acls = {
      edgeCount: edgeAcl(false),
      edgeBlock: edgeAcl(true),
      poolCount: userPoolAcl(false),
      poolBlock: userPoolAcl(true),
    };
  }, 60_000);

  it('count by default and block with -c wafBlock=true, on both web ACLs; the managed rules keep blocking', () => {
    expect(rateActions(acls.edgeCount)).toEqual([['Count'], ['Count'], ['Count'], ['Count']]);
    expect(rateActions(acls.edgeBlock)).toEqual([['Block'], ['Block'], ['Block'], ['Block']]);
    expect(rateActions(acls.poolCount)).toEqual([['Count'], ['Count'], ['Count']]);
    expect(rateActions(acls.poolBlock)).toEqual([['Block'], ['Block'], ['Block']]);
    for (const rules of [acls.edgeCount, acls.poolCount]) {
      const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
      expect(managed.length).toBeGreaterThan(0);
      for (const rule of managed) expect(rule.OverrideAction, rule.Name).toEqual({ None: {} });
    }
  });
});

describe('job heartbeats', () => {
  const stack = new Stack(app(), 'Jobs');
  createJobHeartbeats(stack, { jobs: Object.entries(jobs), alarmTopic: new Topic(stack, 'Topic') });
  const alarms = Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm');

  it('has one alarm per scheduled job that fires when its heartbeat is missing', () => {
    expect(Object.keys(alarms)).toHaveLength(Object.keys(jobs).length);
    for (const [name, job] of Object.entries(jobs)) {
      const found = Object.values(alarms).filter((a) =>
        JSON.stringify(a.Properties.Dimensions).includes(`{"Name":"Job","Value":"${name}"}`),
      );
      expect(found, name).toHaveLength(1);
      const alarm = found[0]!.Properties as Record<string, unknown>;
      expect(alarm).toMatchObject({
        Namespace: HEARTBEAT.namespace,
        MetricName: HEARTBEAT.metricName,
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        TreatMissingData: 'breaching',
      });
      // A period never shorter than the job's own interval.
      expect(alarm.Period as number, name).toBeGreaterThanOrEqual(job.everyMinutes * 60);
      expect((alarm.AlarmActions as unknown[]).length, name).toBe(1);
    }
  });

  it('has a runbook section per job in docs/operations.md', () => {
    const runbook = readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8');
    for (const name of Object.keys(jobs))
      expect(runbook, name).toContain(`\`…-App-Heartbeat${constructId(name)}\``);
  });

  it('is emitted by every job handler, under the name the alarm waits for', () => {
    for (const [name, job] of Object.entries(jobs)) {
      const source = readFileSync(handlerEntry(defaultHandlersDir(repoRoot), job.handler), 'utf8');
      expect(source, job.handler).toContain(`recordHeartbeat('${name}')`);
    }
  });
});
