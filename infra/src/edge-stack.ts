import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Per-IP request limits over WAF's 5-minute window. */
export const RATE_LIMITS = {
  /** Everything: a shopper loads a few dozen requests a minute at most. */
  all: 3000,
  /** POST /api/players/lookup: a shop-wide cost (an upstream lookup) per call. */
  lookup: 100,
  /** Placing, paying and cancelling orders. */
  orders: 150,
  /** Top-ups and manual TrxID requests. */
  wallet: 60,
} as const;

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

function managedRule(name: string, priority: number, excluded: string[] = []): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(excluded.length > 0 && {
          ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        }),
      },
    },
    visibilityConfig: visibility(name),
  };
}

function rateRule(name: string, priority: number, limit: number, pathPrefix?: string): CfnWebACL.RuleProperty {
  const scopeDownStatement = pathPrefix
    ? {
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'STARTS_WITH',
          searchString: pathPrefix,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      }
    : undefined;
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        ...(scopeDownStatement && { scopeDownStatement }),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The web ACL in front of CloudFront. CloudFront reads web ACLs only from us-east-1, so this is a
 * stack of its own there; the app stack reads its ARN through a cross-region reference. (HTTP
 * APIs cannot carry a web ACL at all: the edge is the only place.)
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Khelaghor: managed rules and per-IP rate limits',
      visibilityConfig: visibility('khelaghor'),
      rules: [
        rateRule('RateLookup', 0, RATE_LIMITS.lookup, '/api/players/'),
        rateRule('RateOrders', 1, RATE_LIMITS.orders, '/api/orders'),
        rateRule('RateWallet', 2, RATE_LIMITS.wallet, '/api/wallet'),
        rateRule('RateAll', 3, RATE_LIMITS.all),
        // The voucher import sends thousands of codes in one body: larger than the rule set's
        // 8 KB body limit, and only admins can reach that route.
        managedRule('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 5),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
