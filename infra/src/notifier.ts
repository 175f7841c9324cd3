import { streamConsumers, type StreamConsumer } from '@khelaghor/contract';
import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

type Consumer = StreamConsumer;

/** A stream consumer whose oldest unread record is older than this pages the owner. */
const ITERATOR_AGE_ALARM_MINUTES = 15;

/**
 * The notifier reads the table's stream (only the item kinds it acts on: the event filter, from
 * the same key prefixes the local poller uses) and mails through SES. A batch whose send fails is
 * retried from the failed record (partial batch responses) for up to 6 hours; what still fails
 * lands in a dead-letter queue, and a message there pages the owner. The order it reports on was
 * committed long before: mail never blocks or undoes it.
 */
export function connectNotifier(
  scope: Construct,
  props: { fn: IFunction; table: ITableV2; alarmTopic: ITopic },
): void {
  connectStreamConsumer(scope, 'Notifier', {
    ...props,
    consumer: streamConsumers.notifier,
    alarmDescription:
      'A notification could not be sent for 6 hours (receipt, alert or notice): see the notifier logs and its dead-letter queue',
  });
}

/**
 * A function fed by the table's stream (contract/src/jobs.ts streamConsumers): only its key
 * prefixes (the event filter), partial batch responses, 6 hours of retries, then a dead-letter
 * queue whose first message pages the owner. Each consumer has a mapping of its own.
 */
export function connectStreamConsumer(
  scope: Construct,
  id: string,
  props: { fn: IFunction; table: ITableV2; alarmTopic: ITopic; consumer: Consumer; alarmDescription: string },
): void {
  const { consumer } = props;
  const deadLetters = new Queue(scope, `${id}DeadLetters`, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  acknowledge(deadLetters, 'SQS3', `This queue is itself the dead-letter queue of ${id}`);
  props.fn.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: consumer.batchSize,
      reportBatchItemFailures: true,
      retryAttempts: 20,
      maxRecordAge: Duration.hours(6),
      onFailure: new SqsDlq(deadLetters),
      filters: consumer.keyPrefixes.map((prefix) =>
        FilterCriteria.filter({
          ...(consumer.eventNames && { eventName: FilterRule.or(...consumer.eventNames) }),
          dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(prefix) } } },
        }),
      ),
    }),
  );
  new Alarm(scope, `${id}DeadLettersAlarm`, {
    alarmDescription: props.alarmDescription,
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(new SnsAction(props.alarmTopic));
  // A consumer stuck on a batch (failing or timing out every retry) leaves every later change of
  // the table unread: its iterator age climbs long before the 6-hour dead-letter alarm.
  new Alarm(scope, `${id}IteratorAge`, {
    alarmDescription: `${id}: the oldest unread stream record is over ${ITERATOR_AGE_ALARM_MINUTES} minutes old (stuck or failing consumer): docs/operations.md`,
    metric: props.fn.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(5) }),
    threshold: ITERATOR_AGE_ALARM_MINUTES * 60_000,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 2,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(new SnsAction(props.alarmTopic));
}

/**
 * Sending as the shop's sender and nothing else: its address and its domain's identity, with the
 * shop's configuration set (SES checks the set as a resource of the send too).
 */
export function sesSendStatement(
  scope: Construct,
  emailFrom: string,
  configurationSetName?: string,
): PolicyStatement {
  const { region, account } = Stack.of(scope);
  const domain = emailFrom.split('@').pop()!;
  return new PolicyStatement({
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resources: [
      `arn:aws:ses:${region}:${account}:identity/${domain}`,
      `arn:aws:ses:${region}:${account}:identity/${emailFrom}`,
      ...(configurationSetName
        ? [`arn:aws:ses:${region}:${account}:configuration-set/${configurationSetName}`]
        : []),
    ],
    conditions: { StringEquals: { 'ses:FromAddress': emailFrom } },
  });
}
