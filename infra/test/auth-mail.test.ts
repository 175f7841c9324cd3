import { routeList } from '@khelaghor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { PINNED_IDS } from '../src/data-stack';
import { statements, synth } from './synth';

/** The CustomMessage trigger of the user pool (the account mails' words): in the data stack, beside the pool. */
let s: ReturnType<typeof synth>;
beforeAll(() => {
  // The data stack is all these read: one route and no job to bundle besides the trigger.
  s = synth(undefined, { routes: routeList.filter((r) => r.handler === 'system/health'), jobs: {} });
}, 180_000);

describe('the account mails', () => {
  it('attaches the CustomMessage trigger to the pool, from the data stack', () => {
    const pool = s.data.resources[PINNED_IDS.userPool]!.Properties as {
      LambdaConfig?: { CustomMessage?: { 'Fn::GetAtt': [string, string] } };
    };
    const fnId = pool.LambdaConfig?.CustomMessage?.['Fn::GetAtt'][0];
    expect(fnId).toBeDefined();
    const fn = s.data.resources[fnId!]!;
    expect(fn.Type).toBe('AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 5 });
    // Cognito may invoke it.
    s.data.template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
  });

  it('gives the trigger a role that writes its logs and nothing else', () => {
    const fnId = Object.entries(s.data.resources).find(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        String(r.Properties.Description).startsWith('Cognito CustomMessage'),
    )![0];
    const roleId = (s.data.resources[fnId]!.Properties.Role as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    const policies = Object.entries(s.data.resources).filter(
      ([, r]) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId),
    );
    const actions = statements(Object.fromEntries(policies)).flatMap((st) => [st.Action].flat());
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(String(action)).toMatch(/^logs:/);
    expect(JSON.stringify(s.data.resources[roleId]!.Properties)).not.toContain('ManagedPolicyArns');
  });
});
