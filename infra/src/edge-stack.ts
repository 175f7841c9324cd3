import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { allOf, anyOf, exactly, logWebAcl, managedRule, rateRule, visibility } from './waf';

/**
 * Per-IP limits on writes over WAF's 5-minute window. Reads are never counted: buyers behind one
 * carrier IP (CGNAT is common on Bangladeshi mobile networks) all poll their orders in a sale.
 */
export const RATE_LIMITS = {
  /** POST /api/players/lookup: a shop-wide cost (an upstream lookup) per call. */
  lookup: 100,
  /** Placing, paying and cancelling orders. */
  orders: 150,
  /** Top-ups and manual TrxID requests. */
  wallet: 60,
  /** Every write under /api. */
  writes: 1000,
} as const;

/** The methods that change something; GET, HEAD and OPTIONS are never rate-limited here. */
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

const isWrite = anyOf(...WRITE_METHODS.map((m) => exactly({ method: {} }, m)));
const under = (prefix: string) => exactly({ uriPath: {} }, prefix, 'STARTS_WITH');

export interface EdgeStackProps extends StackProps {
  /** The rate rules block (`-c wafBlock=true`); otherwise they count, with logs. */
  block: boolean;
}

/**
 * The web ACL in front of CloudFront. CloudFront reads web ACLs only from us-east-1, so this is a
 * stack of its own there; the app stack reads its ARN through a cross-region reference. (HTTP
 * APIs cannot carry a web ACL at all: the edge is the only place.)
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;
  /** The ACL's name and metric name (the WebACL dimension of its WAF metrics). */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAclName = this.stackName;
    const rate = (name: string, priority: number, limit: number, prefix: string) =>
      rateRule(name, priority, limit, allOf(isWrite, under(prefix)), props.block);
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      // CloudFormation allows no parentheses in a web ACL's description.
      description: `Khelaghor: managed rules and per-IP write limits, ${props.block ? 'blocking' : 'counting'}`,
      visibilityConfig: visibility(this.webAclName),
      rules: [
        rate('RateLookup', 0, RATE_LIMITS.lookup, '/api/players/'),
        rate('RateOrders', 1, RATE_LIMITS.orders, '/api/orders'),
        rate('RateWallet', 2, RATE_LIMITS.wallet, '/api/wallet'),
        rate('RateWrites', 3, RATE_LIMITS.writes, '/api/'),
        // The voucher import sends thousands of codes in one body: larger than the rule set's
        // 8 KB body limit, and only admins can reach that route.
        managedRule('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 5),
      ],
    });
    logWebAcl(this, acl, this.webAclName);
    this.webAclArn = acl.attrArn;
  }
}
