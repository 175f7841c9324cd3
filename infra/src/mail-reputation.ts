import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ConfigurationSet, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/**
 * Where SES's account-level reputation stands before AWS acts: SES reviews an account at a 5 %
 * bounce rate or 0.1 % complaint rate and may pause its sending at 10 % / 0.5 %. The alarms fire
 * a little earlier, while there is time to find the cause (sign-up spam, a bad list).
 */
export const REPUTATION_ALARMS = {
  bounceRate: 0.04,
  complaintRate: 0.0008,
} as const;

/**
 * The configuration set every message of the shop goes out with: Cognito's code mails (the pool's
 * SES email configuration names it) and the notifier's (MAIL_CONFIGURATION_SET). An address that
 * bounces or complains goes on the account-level suppression list, so SES stops mailing it (a
 * spammer's fake sign-ups cannot keep bouncing), and the set publishes its own reputation metrics.
 */
export function createMailConfigurationSet(scope: Construct): ConfigurationSet {
  return new ConfigurationSet(scope, 'MailConfigurationSet', {
    suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    reputationMetrics: true,
    sendingEnabled: true,
  });
}

/** SES's account-level bounce and complaint rates (ratios, 0.05 = 5 %), paging the owner. */
export function createMailReputationAlarms(scope: Construct, alarmTopic: ITopic): Alarm[] {
  const rate = (metricName: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
  // No mail sent, no data: nothing to worry about.
  const common = {
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  };
  const alarms = [
    new Alarm(scope, 'SesBounceRate', {
      alarmDescription: `SES bounce rate at ${REPUTATION_ALARMS.bounceRate * 100} % or more (review at 5 %, sending paused at 10 %): docs/operations.md`,
      metric: rate('Reputation.BounceRate'),
      threshold: REPUTATION_ALARMS.bounceRate,
      ...common,
    }),
    new Alarm(scope, 'SesComplaintRate', {
      alarmDescription: `SES complaint rate at ${REPUTATION_ALARMS.complaintRate * 100} % or more (review at 0.1 %, sending paused at 0.5 %): docs/operations.md`,
      metric: rate('Reputation.ComplaintRate'),
      threshold: REPUTATION_ALARMS.complaintRate,
      ...common,
    }),
  ];
  for (const alarm of alarms) alarm.addAlarmAction(new SnsAction(alarmTopic));
  return alarms;
}
