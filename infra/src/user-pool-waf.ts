import { Stack } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct, type IConstruct } from 'constructs';
import { acknowledge } from './nag';
import { anyOf, blockedRequestsAlarm, exactly, logWebAcl, managedRule, rateRule, visibility } from './waf';

/**
 * Per-IP limits over WAF's 5-minute window on the user pool's own API. Sign-in, sign-up and
 * password reset go from the browser straight to cognito-idp (never through CloudFront), so the
 * CloudFront web ACL never sees them.
 */
export const USER_POOL_RATE_LIMITS = {
  /** SRP is two calls, MFA a third, and every token refresh is an InitiateAuth too. */
  signIn: 300,
  /** A sign-up, its code and a resend or two. */
  signUp: 50,
  /** A reset request and its confirmation. */
  forgotPassword: 30,
} as const;

/** Which Cognito actions each limit counts (the `X-Amz-Target` header of the call). */
export const USER_POOL_ACTIONS: Record<keyof typeof USER_POOL_RATE_LIMITS, string[]> = {
  signIn: ['InitiateAuth', 'RespondToAuthChallenge'],
  signUp: ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode'],
  forgotPassword: ['ForgotPassword', 'ConfirmForgotPassword'],
};

const target = (action: string) =>
  exactly({ singleHeader: { Name: 'x-amz-target' } }, `AWSCognitoIdentityProviderService.${action}`);

export interface UserPoolWafProps {
  userPool: IUserPool;
  /** The rate rules block (`-c wafBlock=true`); otherwise they count, with logs. */
  block: boolean;
  alarmTopic: ITopic;
}

/**
 * A REGIONAL web ACL on the user pool: per-IP rate rules for sign-in, sign-up and forgot-password
 * (counting until -c wafBlock=true, like the CloudFront ones), and AWS's IP reputation list
 * (blocking: known bot and scanner addresses). Blocked requests page the owner.
 */
export class UserPoolWaf extends Construct {
  readonly webAcl: CfnWebACL;
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: UserPoolWafProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.webAclName = `${stack.stackName}-UserPool`;
    const limits = Object.entries(USER_POOL_RATE_LIMITS) as Array<
      [keyof typeof USER_POOL_RATE_LIMITS, number]
    >;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: `Khelaghor user pool: IP reputation and per-IP sign-in, sign-up and reset limits, ${props.block ? 'blocking' : 'counting'}`,
      visibilityConfig: visibility(this.webAclName),
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        ...limits.map(([name, limit], i) =>
          rateRule(
            `Rate${name[0]!.toUpperCase()}${name.slice(1)}`,
            i + 1,
            limit,
            anyOf(...USER_POOL_ACTIONS[name].map(target)),
            props.block,
          ),
        ),
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
    logWebAcl(this, this.webAcl, this.webAclName);
    blockedRequestsAlarm(stack, 'UserPoolWafBlocked', {
      metricName: this.webAclName,
      region: stack.region,
      threshold: 50,
      description:
        'The user pool web ACL blocked 50 or more sign-in, sign-up or reset calls in 5 minutes: an attack, or real buyers refused (docs/operations.md)',
    }).addAlarmAction(new SnsAction(props.alarmTopic));
  }
}

/**
 * cdk-nag's COG8 asks for threat protection (the Plus plan: compromised-credential checks,
 * adaptive authentication). Not bought: Plus bills every active user (about $0.02 each, no free
 * tier) against Lite's 10,000 free, docs/cost.md; what stands in for it depends on the stage.
 */
export function acknowledgeThreatProtection(
  userPool: IConstruct,
  waf: { on: boolean; block: boolean },
): void {
  const notBought =
    'Threat protection (Plus) is not bought, ~$0.02 per active user with no free tier (docs/cost.md).';
  const rateRules = waf.block
    ? 'per-IP sign-in, sign-up and reset rate rules block'
    : 'per-IP sign-in, sign-up and reset rate rules count (they block with -c wafBlock=true)';
  acknowledge(
    userPool,
    'COG8',
    waf.on
      ? `${notBought} Instead the user pool has its own web ACL (user-pool-waf.ts): the IP reputation list blocks, ${rateRules}, blocked calls page`
      : `${notBought} This stage has no web ACLs (-c waf=false, the default on dev): nothing limits sign-in abuse per IP; -c waf=true adds the user pool web ACL (user-pool-waf.ts)`,
  );
}
