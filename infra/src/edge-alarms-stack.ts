import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { blockedRequestsAlarm } from './waf';

/** CloudFront 5xx share (percent) that pages, once the distribution serves enough requests. */
const CLOUDFRONT_5XX = { percent: 5, minRequests: 50 } as const;

export interface EdgeAlarmsStackProps extends StackProps {
  /** The App stack's distribution (a cross-region reference). */
  distributionId: string;
  /** The CloudFront web ACL's name (EdgeStack), when there is one. */
  webAclName?: string;
  alarmEmail?: string;
}

/**
 * The alarms on what lives in us-east-1's metrics: CloudFront publishes its metrics there, and
 * CloudFront-scope WAF too, and an alarm can only watch metrics of its own region. It has its own
 * topic (an alarm can only notify a topic of its own region), subscribed to the same address:
 * the operator confirms two subscriptions. Deployed after the App stack (it needs the
 * distribution's id); the Edge stack (web ACL) comes before it.
 */
export class EdgeAlarmsStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.alarmTopic = new Topic(this, 'EdgeAlarmTopic', {
      displayName: 'Khelaghor edge alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const page = new SnsAction(this.alarmTopic);

    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: Duration.minutes(5),
      });
    // The share of 5xx answers (origin errors, Lambda or S3 failures, a broken origin lock at the
    // API's 403s aside) over 5 minutes; a quiet night's one failed request of three is not a page.
    const rate = new MathExpression({
      expression: `IF(requests >= ${CLOUDFRONT_5XX.minRequests}, errors, 0)`,
      usingMetrics: {
        requests: cloudFront('Requests', 'Sum'),
        errors: cloudFront('5xxErrorRate', 'Average'),
      },
      period: Duration.minutes(5),
      label: 'CloudFront 5xx (%)',
    });
    new Alarm(this, 'CloudFront5xx', {
      alarmDescription: `CloudFront answered ${CLOUDFRONT_5XX.percent} % or more 5xx for 10 minutes (the site or the API is failing for buyers): docs/operations.md`,
      metric: rate,
      threshold: CLOUDFRONT_5XX.percent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(page);

    if (props.webAclName) {
      blockedRequestsAlarm(this, 'EdgeWafBlocked', {
        metricName: props.webAclName,
        threshold: 100,
        description:
          'The CloudFront web ACL blocked 100 or more requests in 5 minutes: an attack, or real buyers refused (docs/operations.md)',
      }).addAlarmAction(page);
    }
  }
}
