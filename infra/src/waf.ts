import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, type CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** WAF's rate rules count over a 5-minute window per client IP. */
const WINDOW_SECONDS = 300;

export const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * A per-IP rate rule over WAF's 5-minute window, counting only the requests `scope` matches. It
 * counts (logged, graphed) until `block` is set: the limits are tuned from what they would have
 * blocked before any buyer is refused.
 */
export function rateRule(
  name: string,
  priority: number,
  limit: number,
  scope: CfnWebACL.StatementProperty,
  block: boolean,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: block ? { block: {} } : { count: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: WINDOW_SECONDS,
        scopeDownStatement: scope,
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** `a AND b`, or `a` alone (WAF refuses an AND of one statement). */
export function allOf(...statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0]! : { andStatement: { statements } };
}

/** `a OR b ...`, or `a` alone. */
export function anyOf(...statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

export function exactly(
  field: CfnWebACL.FieldToMatchProperty,
  value: string,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH' = 'EXACTLY',
): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint,
      searchString: value,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** An AWS managed rule group, in its own actions (block) but for the rules named in `counted`. */
export function managedRule(name: string, priority: number, counted: string[] = []): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(counted.length > 0 && {
          ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        }),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * WAF logs of a web ACL, to CloudWatch Logs (`aws-waf-logs-` is the name WAF requires), only the
 * requests a rule counted or blocked: what tuning the rate limits needs, at a fraction of the
 * cost of logging every request. The Authorization header (buyers' tokens) is redacted.
 */
export function logWebAcl(scope: Construct, acl: CfnWebACL, aclName: string): LogGroup {
  const logGroupName = `aws-waf-logs-${aclName}`;
  const logGroup = new LogGroup(scope, 'WafLogs', {
    logGroupName,
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const config = new CfnLoggingConfiguration(scope, 'WafLogging', {
    resourceArn: acl.attrArn,
    // WAF wants the log group's ARN without CloudFormation's trailing ":*".
    logDestinationConfigs: [
      Stack.of(scope).formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logGroupName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    loggingFilter: {
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((action) => ({
            ActionCondition: { Action: action },
          })),
        },
      ],
    },
  });
  config.node.addDependency(logGroup);
  return logGroup;
}

/**
 * Requests the web ACL blocked (every rule, `Rule=ALL`). WAF names the ACL by its metric name;
 * regional ACLs add their Region, CloudFront's (us-east-1) have none.
 */
export function blockedRequestsAlarm(
  scope: Construct,
  id: string,
  props: { metricName: string; region?: string; threshold: number; description: string },
): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: props.description,
    metric: new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: {
        WebACL: props.metricName,
        Rule: 'ALL',
        ...(props.region && { Region: props.region }),
      },
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
    threshold: props.threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
